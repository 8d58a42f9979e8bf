/*
 * Rays that share one origin (sparse screen queries from one camera), part of the one kernel
 * source (included at the end of raycast_kernel_body.h). Rays are binned by direction into the
 * cells of a cube map around the origin (counting sort, stable); each cell is a convex cone, so the
 * planes are culled per cell like the grid's tiles and visited near to far with early termination.
 * Results equal the brute force bit for bit.
 */
#define ARSK_CUBE_N 8
/* Up to this many candidate planes, binning rays by direction costs more than it saves. */
#define ARSK_SHARED_ORIGIN_FEW_PLANES 12
#define ARSK_CUBE_CELLS ARSK_CUBE_CELL_COUNT
_Static_assert(ARSK_CUBE_CELL_COUNT == 6 * ARSK_CUBE_N * ARSK_CUBE_N, "cube-map cell count");

/* Cube-map cell of a direction, or ARSK_CUBE_CELLS when it is zero or not finite (a miss). */
static inline uint32_t ARSK_FN(cube_cell)(float x, float y, float z) {
  float ax = fabsf(x), ay = fabsf(y), az = fabsf(z);
  if (!(ax + ay + az > 0) || !(ax + ay + az < INFINITY)) return ARSK_CUBE_CELLS;
  int axis = ax >= ay && ax >= az ? 0 : (ay >= az ? 1 : 2);
  float d[3] = {x, y, z};
  float major = d[axis], am = fabsf(major);
  float u = d[(axis + 1) % 3] / am, v = d[(axis + 2) % 3] / am;
  int iu = (int)((u + 1.0f) * (0.5f * ARSK_CUBE_N)), iv = (int)((v + 1.0f) * (0.5f * ARSK_CUBE_N));
  iu = iu < 0 ? 0 : (iu >= ARSK_CUBE_N ? ARSK_CUBE_N - 1 : iu);
  iv = iv < 0 ? 0 : (iv >= ARSK_CUBE_N ? ARSK_CUBE_N - 1 : iv);
  uint32_t face = (uint32_t)(2 * axis + (major < 0));
  return (face * ARSK_CUBE_N + (uint32_t)iv) * ARSK_CUBE_N + (uint32_t)iu;
}

/* The 4 corner directions of a cube-map cell, in order around it. */
static void ARSK_FN(cube_cell_corners)(uint32_t cell, float cd[4][3]) {
  uint32_t iu = cell % ARSK_CUBE_N, iv = (cell / ARSK_CUBE_N) % ARSK_CUBE_N;
  uint32_t face = cell / (ARSK_CUBE_N * ARSK_CUBE_N);
  int axis = (int)(face / 2);
  float sign = face % 2 ? -1.0f : 1.0f;
  float step = 2.0f / ARSK_CUBE_N;
  float u0 = -1.0f + step * (float)iu, v0 = -1.0f + step * (float)iv;
  float us[4] = {u0, u0 + step, u0 + step, u0}, vs[4] = {v0, v0, v0 + step, v0 + step};
  for (int i = 0; i < 4; i++) {
    cd[i][axis] = sign;
    cd[i][(axis + 1) % 3] = us[i];
    cd[i][(axis + 2) % 3] = vs[i];
  }
}

void ARSK_FN(intersect_rays_shared_origin)(const arsk_scene_soa *scene, const float *origin,
                                           const float *restrict dx, const float *restrict dy,
                                           const float *restrict dz, size_t count, void *scratch,
                                           size_t scratch_bytes, float *restrict out_t,
                                           int32_t *restrict out_index) {
  const size_t K = scene->plane_count;
  int finite_origin = origin[0] * 0 == 0 && origin[1] * 0 == 0 && origin[2] * 0 == 0;
  if (!finite_origin || scratch == NULL ||
      scratch_bytes < arsk_shared_origin_scratch_bytes(K, count)) {
    for (size_t i = 0; i < count; i++) { /* Fallback: the brute force, in chunks. */
      float o[3][64];
      size_t n = count - i < 64 ? count - i : 64;
      for (size_t l = 0; l < n; l++) { o[0][l] = origin[0]; o[1][l] = origin[1]; o[2][l] = origin[2]; }
      ARSK_FN(intersect_rays_soa)(scene, o[0], o[1], o[2], dx + i, dy + i, dz + i, n, out_t + i,
                                  out_index + i);
      i += n - 1;
    }
    return;
  }
  float *rec = (float *)scratch;
  uint32_t *list0 = (uint32_t *)(rec + K * ARSK_RECORD);
  uint32_t *list1 = list0 + K;
  uint32_t *starts = list1 + K;         /* ARSK_CUBE_CELLS + 2 bucket starts */
  uint32_t *order = starts + ARSK_CUBE_CELLS + 2; /* count ray indices, sorted by cell */
  size_t n0 = ARSK_FN(prepare_records)(scene, origin, rec, list0, 1);
  if (n0 <= ARSK_SHARED_ORIGIN_FEW_PLANES) { /* Few planes: no binning, rays in order. */
    V zero = vset1(0.0f);
    for (size_t p = 0; p < count; p += VL) {
      size_t lanes = count - p < VL ? count - p : VL;
      float bx[VL], by[VL], bz[VL];
      for (size_t l = 0; l < VL; l++) {
        bx[l] = l < lanes ? dx[p + l] : NAN; by[l] = l < lanes ? dy[p + l] : NAN;
        bz[l] = l < lanes ? dz[p + l] : NAN;
      }
      V vx = lanes == VL ? vload(dx + p) : vload(bx), vy = lanes == VL ? vload(dy + p) : vload(by);
      V vz = lanes == VL ? vload(dz + p) : vload(bz);
      V valid = ARSK_FN(finite_mask)(zero, zero, zero, vx, vy, vz);
      V bt = vset1(INFINITY), bi = vcasti(vset1i(-1));
      for (size_t j = 0; j < n0; j++) {
        uint32_t k = list0[j];
        const float *r = rec + (size_t)k * ARSK_RECORD;
        if (!vmovemask(vand(valid, vge(bt, vset1(r[R_LB]))))) break;
        ARSK_FN(plane_step)(scene, k, vset1(r[R_NUM]), vset1(r[R_WU]), vset1(r[R_WV]), vx, vy, vz,
                            r[R_NX], r[R_NY], r[R_NZ], r[R_UX], r[R_UY], r[R_UZ], r[R_VX],
                            r[R_VY], r[R_VZ], r[R_HU], r[R_HV], valid, &bt, &bi, 0);
      }
      if (lanes == VL) {
        vstore(out_t + p, bt);
        vstorei(out_index + p, bi);
      } else {
        float tt[VL];
        int32_t ii[VL];
        vstore(tt, bt);
        vstorei(ii, bi);
        for (size_t l = 0; l < lanes; l++) { out_t[p + l] = tt[l]; out_index[p + l] = ii[l]; }
      }
    }
    return;
  }

  memset(starts, 0, sizeof(uint32_t) * (ARSK_CUBE_CELLS + 2));
  for (size_t i = 0; i < count; i++) starts[ARSK_FN(cube_cell)(dx[i], dy[i], dz[i]) + 2]++;
  for (uint32_t c = 2; c < ARSK_CUBE_CELLS + 2; c++) starts[c] += starts[c - 1];
  for (size_t i = 0; i < count; i++) order[starts[ARSK_FN(cube_cell)(dx[i], dy[i], dz[i]) + 1]++] = (uint32_t)i;
  /* Now cell c holds order[starts[c] .. starts[c + 1]). */

  for (size_t j = starts[ARSK_CUBE_CELLS]; j < count; j++) { /* zero or non-finite directions */
    out_t[order[j]] = INFINITY;
    out_index[order[j]] = -1;
  }
  for (uint32_t cell = 0; cell < ARSK_CUBE_CELLS; cell++) {
    uint32_t b = starts[cell], e = starts[cell + 1];
    if (b == e) continue;
    float cd[4][3];
    ARSK_FN(cube_cell_corners)(cell, cd);
    size_t n1 = ARSK_FN(cull_cone)(cd, rec, list0, n0, list1);
    for (uint32_t p = b; p < e; p += VL) {
      uint32_t lanes = e - p < VL ? e - p : VL;
      float bx[VL], by[VL], bz[VL], bvalid[VL];
      for (uint32_t l = 0; l < VL; l++) {
        uint32_t i = order[l < lanes ? p + l : p];
        bx[l] = dx[i]; by[l] = dy[i]; bz[l] = dz[i];
        bvalid[l] = l < lanes ? 1.0f : 0.0f;
      }
      V vx = vload(bx), vy = vload(by), vz = vload(bz);
      V valid = vgt(vload(bvalid), vset1(0.0f));
      V bt = vset1(INFINITY), bi = vcasti(vset1i(-1));
      for (size_t j = 0; j < n1; j++) {
        uint32_t k = list1[j];
        const float *r = rec + (size_t)k * ARSK_RECORD;
        if (!vmovemask(vand(valid, vge(bt, vset1(r[R_LB]))))) break;
        ARSK_FN(plane_step)(scene, k, vset1(r[R_NUM]), vset1(r[R_WU]), vset1(r[R_WV]), vx, vy, vz,
                            r[R_NX], r[R_NY], r[R_NZ], r[R_UX], r[R_UY], r[R_UZ], r[R_VX],
                            r[R_VY], r[R_VZ], r[R_HU], r[R_HV], valid, &bt, &bi, 1);
      }
      float tt[VL];
      int32_t ii[VL];
      vstore(tt, bt);
      vstorei(ii, bi);
      for (uint32_t l = 0; l < lanes; l++) { out_t[order[p + l]] = tt[l]; out_index[order[p + l]] = ii[l]; }
    }
  }
}
