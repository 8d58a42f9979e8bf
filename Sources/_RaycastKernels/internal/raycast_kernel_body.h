/*
 * The one kernel source, included by raycast_kernels_avx2.c (8 lanes, AVX2) and
 * raycast_kernels_baseline.c (4 lanes, SSE2 / NEON through SIMDe). The includer defines the vector
 * macros (V, VI, VL, vset1, vload, ...) and ARSK_FN(name). Every arithmetic operation is a plain
 * IEEE add/sub/mul/div/sqrt in the order given in RaycastKernels.h; there are no FMAs and no
 * reciprocal estimates, so every ISA (and the scalar Swift reference) produces identical bits.
 */
#include <math.h>
#include <string.h>
#include "raycast_kernels_internal.h"

#define ARSK_TILE_ROWS 16
#define ARSK_TILE_COLS ARSK_TILE_COLS_FOR_SCRATCH
#ifndef ARSK_NV /* vectors per row step of the grid kernel (ARSK_NV * VL <= ARSK_TILE_COLS) */
#define ARSK_NV 4
#endif
#define ARSK_STRIP_COLS 256 /* the first culling level: ARSK_TILE_ROWS rows x this many columns */
#define ARSK_RECORD ARSK_RECORD_FLOATS
/* Tile list entries: the plane index, with ARSK_COVERS set when every ray of the tile hits that
   plane inside its rectangle (cull_tile_bounded). */
#define ARSK_COVERS 0x80000000u
#define ARSK_PLANE_OF(entry) ((entry) & ~ARSK_COVERS)

/* Precomputed per-plane record for a shared ray origin (grid kernel). */
enum {
  R_NX = 0, R_NY, R_NZ, R_NUM, R_UX, R_UY, R_UZ, R_WU, R_VX, R_VY, R_VZ, R_WV,
  R_HU, R_HV, R_RAD, R_LB, R_RCX, R_RCY, R_RCZ, R_RECT_HALF_MARGIN,
  /* 1 for a bounded rectangle without polygon edges (it may hide the planes behind it), else 0. */
  R_OCCLUDER
};
_Static_assert(R_OCCLUDER < ARSK_RECORD, "record fields fit ARSK_RECORD_FLOATS");

#ifndef vblend
static inline V vblend(V a, V b, V mask) { return vor(vand(mask, b), vandnot(mask, a)); }
#endif
static inline V vabs(V x) { return vandnot(vset1(-0.0f), x); }


/* One plane against one vector of rays whose origin-dependent terms (num, wu, wv) are given.
   Updates best_t / best_i (as float bits) where this plane is nearer. */
static inline void ARSK_FN(plane_step)(
    const arsk_scene_soa *scene, size_t k, V num, V wu, V wv, V dx, V dy, V dz,
    float nx, float ny, float nz, float ux, float uy, float uz, float vx, float vy, float vz,
    float hu, float hv, V valid, V *best_t, V *best_i, int skip_when_no_candidate) {
  V dn = vadd(vadd(vmul(dx, vset1(nx)), vmul(dy, vset1(ny))), vmul(dz, vset1(nz)));
  V eps = vset1(scene->parallel_epsilon);
  V facing = vlt(dn, vsub(vset1(0.0f), eps));
  if (!scene->cull_back_faces) facing = vor(facing, vgt(dn, eps));
  V t = vdiv(num, dn);
  V cand = vand(vand(valid, facing), vand(vgt(t, vset1(0.0f)), vle(t, *best_t)));
  /* Coherent packets skip the rest when no lane can hit; for incoherent ones the branch would
     mispredict, so they run branch-free (constant-folded per call site). */
  if (skip_when_no_candidate && !vmovemask(cand)) return;
  V du = vadd(vadd(vmul(dx, vset1(ux)), vmul(dy, vset1(uy))), vmul(dz, vset1(uz)));
  V dv = vadd(vadd(vmul(dx, vset1(vx)), vmul(dy, vset1(vy))), vmul(dz, vset1(vz)));
  V lu = vadd(wu, vmul(t, du));
  V lv = vadd(wv, vmul(t, dv));
  cand = vand(cand, vand(vle(vabs(lu), vset1(hu)), vle(vabs(lv), vset1(hv))));
  uint32_t edge_count = scene->edge_ranges[2 * k + 1];
  if (edge_count && vmovemask(cand)) {
    const float *e = scene->edges + 3 * (size_t)scene->edge_ranges[2 * k];
    for (uint32_t j = 0; j < edge_count; j++, e += 3) {
      V s = vadd(vmul(vset1(e[0]), lu), vmul(vset1(e[1]), lv));
      cand = vand(cand, vge(s, vset1(e[2])));
    }
  }
  if (skip_when_no_candidate && !vmovemask(cand)) return;
  /* Nearer, or as near with a lower index (planes may be visited out of index order). */
  V kv = vcasti(vset1i((int32_t)k));
  V lower_index = vcasti(vcmpgti(vcastf(*best_i), vcastf(kv)));
  V wins = vand(cand, vor(vlt(t, *best_t), vand(veq(t, *best_t), lower_index)));
  *best_t = vblend(*best_t, t, wins);
  *best_i = vblend(*best_i, kv, wins);
}

/* plane_step for a plane that every ray of the vector hits inside its rectangle, facing the
   right way, at t > 0 (cull_tile_bounded proved it with margins beyond rounding): those tests
   would all pass, so only the depth comparison and the tie rule remain. Same bits as plane_step. */
static inline void ARSK_FN(covering_plane_step)(size_t k, V num, V dx, V dy, V dz, float nx,
                                                float ny, float nz, V valid, V *best_t,
                                                V *best_i) {
  V dn = vadd(vadd(vmul(dx, vset1(nx)), vmul(dy, vset1(ny))), vmul(dz, vset1(nz)));
  V t = vdiv(num, dn);
  V cand = vand(valid, vle(t, *best_t));
  V kv = vcasti(vset1i((int32_t)k));
  V lower_index = vcasti(vcmpgti(vcastf(*best_i), vcastf(kv)));
  V wins = vand(cand, vor(vlt(t, *best_t), vand(veq(t, *best_t), lower_index)));
  *best_t = vblend(*best_t, t, wins);
  *best_i = vblend(*best_i, kv, wins);
}

/* Lanes whose six ray components are all finite. x*0 == 0 exactly when x is finite. */
static inline V ARSK_FN(finite_mask)(V a, V b, V c, V d, V e, V f) {
  V z = vset1(0.0f);
  V m = vand(veq(vmul(a, z), z), veq(vmul(b, z), z));
  m = vand(m, vand(veq(vmul(c, z), z), veq(vmul(d, z), z)));
  return vand(m, vand(veq(vmul(e, z), z), veq(vmul(f, z), z)));
}

static void ARSK_FN(rays_block)(const arsk_scene_soa *scene, V ox, V oy, V oz, V dx, V dy, V dz,
                                V *best_t, V *best_i) {
  const float *P = scene->planes;
  const size_t S = scene->plane_stride;
  V valid = ARSK_FN(finite_mask)(ox, oy, oz, dx, dy, dz);
  *best_t = vset1(INFINITY);
  *best_i = vcasti(vset1i(-1));
  if (!vmovemask(valid)) return;
  for (size_t k = 0; k < scene->plane_count; k++) {
    float nx = P[ARSK_FIELD_NX * S + k], ny = P[ARSK_FIELD_NY * S + k], nz = P[ARSK_FIELD_NZ * S + k];
    float cx = P[ARSK_FIELD_CX * S + k], cy = P[ARSK_FIELD_CY * S + k], cz = P[ARSK_FIELD_CZ * S + k];
    float ux = P[ARSK_FIELD_UX * S + k], uy = P[ARSK_FIELD_UY * S + k], uz = P[ARSK_FIELD_UZ * S + k];
    float vx = P[ARSK_FIELD_VX * S + k], vy = P[ARSK_FIELD_VY * S + k], vz = P[ARSK_FIELD_VZ * S + k];
    V vcx = vset1(cx), vcy = vset1(cy), vcz = vset1(cz);
    V num = vadd(vadd(vmul(vsub(vcx, ox), vset1(nx)), vmul(vsub(vcy, oy), vset1(ny))),
                 vmul(vsub(vcz, oz), vset1(nz)));
    V wx = vsub(ox, vcx), wy = vsub(oy, vcy), wz = vsub(oz, vcz);
    V wu = vadd(vadd(vmul(wx, vset1(ux)), vmul(wy, vset1(uy))), vmul(wz, vset1(uz)));
    V wv = vadd(vadd(vmul(wx, vset1(vx)), vmul(wy, vset1(vy))), vmul(wz, vset1(vz)));
    ARSK_FN(plane_step)(scene, k, num, wu, wv, dx, dy, dz, nx, ny, nz, ux, uy, uz, vx, vy, vz,
                        P[ARSK_FIELD_HU * S + k], P[ARSK_FIELD_HV * S + k], valid, best_t, best_i, 1);
  }
}

void ARSK_FN(intersect_rays_soa)(const arsk_scene_soa *scene,
                                 const float *restrict ox, const float *restrict oy,
                                 const float *restrict oz, const float *restrict dx,
                                 const float *restrict dy, const float *restrict dz, size_t count,
                                 float *restrict out_t, int32_t *restrict out_index) {
  size_t i = 0;
  V bt, bi;
  for (; i + VL <= count; i += VL) {
    ARSK_FN(rays_block)(scene, vload(ox + i), vload(oy + i), vload(oz + i), vload(dx + i),
                        vload(dy + i), vload(dz + i), &bt, &bi);
    vstore(out_t + i, bt);
    vstorei(out_index + i, bi);
  }
  if (i < count) { /* Scalar tail: pad a vector with NaN rays (misses), store the valid lanes. */
    float buf[6][VL];
    size_t n = count - i;
    for (size_t l = 0; l < VL; l++) {
      int in = l < n;
      buf[0][l] = in ? ox[i + l] : NAN; buf[1][l] = in ? oy[i + l] : NAN;
      buf[2][l] = in ? oz[i + l] : NAN; buf[3][l] = in ? dx[i + l] : NAN;
      buf[4][l] = in ? dy[i + l] : NAN; buf[5][l] = in ? dz[i + l] : NAN;
    }
    ARSK_FN(rays_block)(scene, vload(buf[0]), vload(buf[1]), vload(buf[2]), vload(buf[3]),
                        vload(buf[4]), vload(buf[5]), &bt, &bi);
    float tt[VL];
    int32_t ii[VL];
    vstore(tt, bt);
    vstorei(ii, bi);
    for (size_t l = 0; l < n; l++) { out_t[i + l] = tt[l]; out_index[i + l] = ii[l]; }
  }
}

/* ---- Pinhole grid ---- */

/* World direction of the grid pixel centre (col + 0.5, row + 0.5), scalar, same ops as the lanes. */
static inline void ARSK_FN(grid_dir)(const arsk_pinhole_grid *g, float col, float row, float *d) {
  float gu = col + 0.5f, gv = row + 0.5f;
  float iu = (g->a * gu + g->c * gv) + g->tx, iv = (g->b * gu + g->d * gv) + g->ty;
  float x = (iu - g->pu) * (1.0f / g->fx), y = (g->pv - iv) * (1.0f / g->fy);
  float s = 1.0f / sqrtf((x * x + y * y) + 1.0f);
  float cx = x * s, cy = y * s, cz = -s;
  const float *R = g->rotation;
  d[0] = (R[0] * cx + R[3] * cy) + R[6] * cz;
  d[1] = (R[1] * cx + R[4] * cy) + R[7] * cz;
  d[2] = (R[2] * cx + R[5] * cy) + R[8] * cz;
}

/* An unnormalized world direction of a pixel centre, for the culling cones only (the cone through
   the origin does not depend on the length; rounding is absorbed by the culling margins). */
static inline void ARSK_FN(corner_dir)(const arsk_pinhole_grid *g, float col, float row, float *d) {
  float gu = col + 0.5f, gv = row + 0.5f;
  float iu = (g->a * gu + g->c * gv) + g->tx, iv = (g->b * gu + g->d * gv) + g->ty;
  float x = (iu - g->pu) * (1.0f / g->fx), y = (g->pv - iv) * (1.0f / g->fy);
  const float *R = g->rotation;
  d[0] = (R[0] * x + R[3] * y) - R[6];
  d[1] = (R[1] * x + R[4] * y) - R[7];
  d[2] = (R[2] * x + R[5] * y) - R[8];
}

/* Sorts list[0..n) by (lower bound, index): Shell sort, in place, no allocation. */
static void ARSK_FN(sort_by_bound)(const float *rec, uint32_t *list, size_t n) {
  static const size_t gaps[] = {701, 301, 132, 57, 23, 10, 4, 1};
  for (size_t gi = 0; gi < sizeof gaps / sizeof gaps[0]; gi++) {
    size_t gap = gaps[gi];
    for (size_t i = gap; i < n; i++) {
      uint32_t v = list[i];
      float key = rec[(size_t)v * ARSK_RECORD + R_LB];
      size_t j = i;
      while (j >= gap) {
        uint32_t u = list[j - gap];
        float uk = rec[(size_t)u * ARSK_RECORD + R_LB];
        if (uk < key || (uk == key && u < v)) break;
        list[j] = u;
        j -= gap;
      }
      list[j] = v;
    }
  }
}

/* The sides of the convex cone from the shared origin spanned by the 4 corner directions cd (in
   order around the cone): writes mid, the sum of the corners (inside the cone), and m[0..n), the
   unit outward normals of its n non-degenerate sides; returns n. */
static int ARSK_FN(cone_sides)(float cd[4][3], float mid[3], float m[4][3]) {
  mid[0] = mid[1] = mid[2] = 0;
  for (int i = 0; i < 4; i++) for (int j = 0; j < 3; j++) mid[j] += cd[i][j];
  int planes = 0;
  for (int i = 0; i < 4; i++) {
    const float *a = cd[i], *b = cd[(i + 1) & 3];
    float n[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (!(len > 1e-12f)) continue; /* degenerate edge (one-pixel-wide tile): no constraint */
    float s = (n[0] * mid[0] + n[1] * mid[1] + n[2] * mid[2]) > 0 ? -1.0f / len : 1.0f / len;
    m[planes][0] = n[0] * s; m[planes][1] = n[1] * s; m[planes][2] = n[2] * s;
    planes++;
  }
  return planes;
}

/* Whether the plane record r lies wholly outside the cone whose n side normals are m (from
   cone_sides): for one side, its bounding sphere does (m.rc > radius), or its rectangle's nearest
   corner does (m.rc - hu|m.u| - hv|m.v| > 0, rc the centre relative to the origin). The half
   extents are grown by the rounding margin; they are INFINITY for unbounded planes, where the
   products are inf or NaN and never cull. */
static inline int ARSK_FN(outside_cone)(float m[4][3], int n, const float *r) {
  float hu = r[R_HU] + r[R_RECT_HALF_MARGIN], hv = r[R_HV] + r[R_RECT_HALF_MARGIN];
  for (int p = 0; p < n; p++) {
    float dist = m[p][0] * r[R_RCX] + m[p][1] * r[R_RCY] + m[p][2] * r[R_RCZ];
    float su = fabsf(m[p][0] * r[R_UX] + m[p][1] * r[R_UY] + m[p][2] * r[R_UZ]);
    float sv = fabsf(m[p][0] * r[R_VX] + m[p][1] * r[R_VY] + m[p][2] * r[R_VZ]);
    float corner = (dist - hu * su) - hv * sv;
    if (dist > r[R_RAD] || corner > 0) return 1;
  }
  return 0;
}

/* Keeps the planes of in[] (order preserved) whose bounding sphere and rectangle may touch the
   convex cone from the shared origin spanned by the 4 corner directions cd (in order around the
   cone). A plane is dropped when, for one side of the cone (unit outward normal m), the sphere lies
   outside (m.rc > radius) or so does the rectangle's nearest corner (m.rc - hu|m.u| - hv|m.v| > 0,
   rc the centre relative to the origin). Conservative: margins absorb rounding. */
static size_t ARSK_FN(cull_cone)(float cd[4][3], const float *rec, const uint32_t *in,
                                 size_t n_in, uint32_t *out) {
  float mid[3], m[4][3];
  int planes = ARSK_FN(cone_sides)(cd, mid, m);
  size_t n_out = 0;
  for (size_t i = 0; i < n_in; i++) {
    uint32_t k = in[i];
    const float *r = rec + (size_t)k * ARSK_RECORD;
    out[n_out] = k;
    n_out += (size_t)!ARSK_FN(outside_cone)(m, planes, r);
  }
  return n_out;
}

/* cull_cone for the grid's tiles, which also bounds depths over the tile. For each plane kept it
   writes out_lb[j], a lower bound on t over the tile's rays: besides the plane's own bound
   (R_LB), |num| / max |d.n| over unit directions d in the cone, where max |d.n| <= max_i |cd_i.n|
   / min over the cone's cross-section of |p| (>= min_i cd_i.a for the unit axis a). A rectangle
   that every ray of the tile hits inside (its 4 corner rays hit inside the rectangle shrunk by
   the rounding margin, all facing the same way: by convexity so does every ray between them)
   bounds every ray's nearest hit from above by its farthest corner hit; planes whose tile lower
   bound exceeds that are behind it for the whole tile and are dropped. Margins absorb rounding
   (relative 1e-3 on the normal products, 2e-3 on the occluder's depth), so the kept planes
   always contain each ray's winner and every plane that ties with it. */
static size_t ARSK_FN(cull_tile_bounded)(float cd[4][3], const float *rec, const uint32_t *in,
                                         size_t n_in, uint32_t *out, float *out_lb) {
  float mid[3], m[4][3];
  int planes = ARSK_FN(cone_sides)(cd, mid, m);
  /* The cone's cross-sections: |p| >= p.a >= min_i cd_i.a (a = unit axis) for p in the hull. */
  float mid_len = sqrtf(mid[0] * mid[0] + mid[1] * mid[1] + mid[2] * mid[2]);
  float min_along = INFINITY, max_len = 0, len[4];
  int bounded = 1; /* only for finite corners all in front of the axis */
  for (int i = 0; i < 4; i++) {
    float along = (cd[i][0] * mid[0] + cd[i][1] * mid[1] + cd[i][2] * mid[2]) / mid_len;
    len[i] = sqrtf(cd[i][0] * cd[i][0] + cd[i][1] * cd[i][1] + cd[i][2] * cd[i][2]);
    bounded &= along > 0 && along < INFINITY && len[i] < INFINITY;
    if (along < min_along) min_along = along;
    if (len[i] > max_len) max_len = len[i];
  }
  float occluded_beyond = INFINITY;
  size_t n_out = 0;
  for (size_t i = 0; i < n_in; i++) {
    uint32_t k = ARSK_PLANE_OF(in[i]);
    const float *r = rec + (size_t)k * ARSK_RECORD;
    if (ARSK_FN(outside_cone)(m, planes, r)) continue;
    float lb = r[R_LB];
    uint32_t covers = 0;
    if (bounded) {
      float num = r[R_NUM], dn[4], max_dn = 0, min_dn = INFINITY;
      int same_side = 1;
      for (int c = 0; c < 4; c++) {
        dn[c] = (cd[c][0] * r[R_NX] + cd[c][1] * r[R_NY]) + cd[c][2] * r[R_NZ];
        float a = fabsf(dn[c]);
        if (a > max_dn) max_dn = a;
        if (a < min_dn) min_dn = a;
        same_side &= (num < 0 && dn[c] < 0) || (num > 0 && dn[c] > 0);
      }
      float max_cos = (max_dn / min_along) * 1.001f + 1e-5f;
      float tile_lb = fabsf(num) / max_cos * 0.99999f;
      if (tile_lb > lb) lb = tile_lb;
      /* |d.n| >= min_i |cd_i.n| / max_i |cd_i| >= 0.01 keeps t's rounding below 1e-4 relative. */
      if (r[R_OCCLUDER] != 0 && same_side && min_dn >= 0.01f * max_len) {
        float shrunk_u = r[R_HU] - r[R_RECT_HALF_MARGIN], shrunk_v = r[R_HV] - r[R_RECT_HALF_MARGIN];
        float far = 0;
        int inside = 1;
        for (int c = 0; c < 4; c++) {
          float s = num / dn[c];
          float du = (cd[c][0] * r[R_UX] + cd[c][1] * r[R_UY]) + cd[c][2] * r[R_UZ];
          float dv = (cd[c][0] * r[R_VX] + cd[c][1] * r[R_VY]) + cd[c][2] * r[R_VZ];
          float lu = r[R_WU] + s * du, lv = r[R_WV] + s * dv;
          inside &= fabsf(lu) <= shrunk_u && fabsf(lv) <= shrunk_v;
          if (s * len[c] > far) far = s * len[c];
        }
        float beyond = far * 1.002f + 1e-5f;
        if (inside && beyond < occluded_beyond) occluded_beyond = beyond;
        if (inside) covers = ARSK_COVERS;
      }
    }
    out[n_out] = k | covers;
    out_lb[n_out] = lb;
    n_out++;
  }
  if (occluded_beyond < INFINITY) { /* Drop the planes hidden behind an occluder (order kept). */
    size_t n = 0;
    for (size_t j = 0; j < n_out; j++) {
      if (!(out_lb[j] <= occluded_beyond)) continue;
      out[n] = out[j];
      out_lb[n] = out_lb[j];
      n++;
    }
    n_out = n;
  }
  return n_out;
}

/* Sorts list[0..n) and lb[0..n) together by (lb, plane index): insertion sort (tiles keep few). */
static void ARSK_FN(sort_tile_list)(uint32_t *list, float *lb, size_t n) {
  for (size_t i = 1; i < n; i++) {
    uint32_t v = list[i];
    float key = lb[i];
    size_t j = i;
    while (j > 0 && (lb[j - 1] > key ||
                     (lb[j - 1] == key && ARSK_PLANE_OF(list[j - 1]) > ARSK_PLANE_OF(v)))) {
      list[j] = list[j - 1];
      lb[j] = lb[j - 1];
      j--;
    }
    list[j] = v;
    lb[j] = key;
  }
}

/* The planes of in[] that the pixel centres [c0, c1] x [r0, r1] (inclusive) may hit, with their
   depth bounds over the tile (cull_tile_bounded). */
static size_t ARSK_FN(cull_tile)(const arsk_pinhole_grid *g, const float *rec, const uint32_t *in,
                                 size_t n_in, uint32_t *out, float *out_lb, uint32_t c0,
                                 uint32_t c1, uint32_t r0, uint32_t r1) {
  float cd[4][3];
  ARSK_FN(corner_dir)(g, (float)c0, (float)r0, cd[0]);
  ARSK_FN(corner_dir)(g, (float)c1, (float)r0, cd[1]);
  ARSK_FN(corner_dir)(g, (float)c1, (float)r1, cd[2]);
  ARSK_FN(corner_dir)(g, (float)c0, (float)r1, cd[3]);
  return ARSK_FN(cull_tile_bounded)(cd, rec, in, n_in, out, out_lb);
}

/* Rays of rows [r0, r1) x cols [c0, c1) against the listed planes. */
static void ARSK_FN(grid_tile)(const arsk_scene_soa *scene, const arsk_pinhole_grid *g,
                               const float *rec, const uint32_t *list, const float *list_lb,
                               size_t n, uint32_t c0,
                               uint32_t c1, uint32_t r0, uint32_t r1, float *restrict out_t,
                               int32_t *restrict out_index) {
  float lane_f[VL];
  for (int l = 0; l < VL; l++) lane_f[l] = (float)l;
  const V lanes = vload(lane_f);
  const float *R = g->rotation;
  const V half = vset1(0.5f), one = vset1(1.0f);
  const V rfx = vset1(1.0f / g->fx), rfy = vset1(1.0f / g->fy);
  const V valid = vcasti(vset1i(-1));
  if (n == 0) { /* Nothing visible from this tile: all misses, no rays needed. */
    const V miss_t = vset1(INFINITY), miss_index = vcasti(vset1i(-1));
    for (uint32_t row = r0; row < r1; row++) {
      size_t o = (size_t)row * g->width;
      uint32_t col = c0;
      for (; col + VL <= c1; col += VL) {
        vstore(out_t + o + col, miss_t);
        vstorei(out_index + o + col, miss_index);
      }
      for (; col < c1; col++) {
        out_t[o + col] = INFINITY;
        out_index[o + col] = -1;
      }
    }
    return;
  }
  /* ARSK_NV vectors (2*VL pixels of a row) share each plane's broadcasts and overlap their
     dependency chains. Pixels past c1 are computed (they are real rays) but not stored. */
  for (uint32_t row = r0; row < r1; row++) {
    V gv = vadd(vset1((float)row), half);
    for (uint32_t col = c0; col < c1; col += ARSK_NV * VL) {
      V dx[ARSK_NV], dy[ARSK_NV], dz[ARSK_NV], bt[ARSK_NV], bi[ARSK_NV];
      for (int q = 0; q < ARSK_NV; q++) {
        V gu = vadd(vadd(vset1((float)(col + (uint32_t)(q * VL))), lanes), half);
        V iu = vadd(vadd(vmul(vset1(g->a), gu), vmul(vset1(g->c), gv)), vset1(g->tx));
        V iv = vadd(vadd(vmul(vset1(g->b), gu), vmul(vset1(g->d), gv)), vset1(g->ty));
        V x = vmul(vsub(iu, vset1(g->pu)), rfx);
        V y = vmul(vsub(vset1(g->pv), iv), rfy);
        V s = vdiv(one, vsqrt(vadd(vadd(vmul(x, x), vmul(y, y)), one)));
        V cx = vmul(x, s), cy = vmul(y, s), cz = vsub(vset1(0.0f), s);
        dx[q] = vadd(vadd(vmul(vset1(R[0]), cx), vmul(vset1(R[3]), cy)), vmul(vset1(R[6]), cz));
        dy[q] = vadd(vadd(vmul(vset1(R[1]), cx), vmul(vset1(R[4]), cy)), vmul(vset1(R[7]), cz));
        dz[q] = vadd(vadd(vmul(vset1(R[2]), cx), vmul(vset1(R[5]), cy)), vmul(vset1(R[8]), cz));
        bt[q] = vset1(INFINITY);
        bi[q] = vcasti(vset1i(-1));
      }
      for (size_t j = 0; j < n; j++) {
        uint32_t k = ARSK_PLANE_OF(list[j]);
        const float *r = rec + (size_t)k * ARSK_RECORD;
        /* The list is sorted by its lower bounds over the tile: once every lane has a hit
           nearer than this plane can be, no later plane can win (or tie) either. */
        V lb = vset1(list_lb[j]);
        V open = vge(bt[0], lb);
        for (int q = 1; q < ARSK_NV; q++) open = vor(open, vge(bt[q], lb));
        if (!vmovemask(open)) break;
        if (list[j] & ARSK_COVERS) {
          for (int q = 0; q < ARSK_NV; q++)
            ARSK_FN(covering_plane_step)(k, vset1(r[R_NUM]), dx[q], dy[q], dz[q], r[R_NX],
                                         r[R_NY], r[R_NZ], valid, &bt[q], &bi[q]);
          continue;
        }
        for (int q = 0; q < ARSK_NV; q++)
          ARSK_FN(plane_step)(scene, k, vset1(r[R_NUM]), vset1(r[R_WU]), vset1(r[R_WV]), dx[q],
                              dy[q], dz[q], r[R_NX], r[R_NY], r[R_NZ], r[R_UX], r[R_UY], r[R_UZ],
                              r[R_VX], r[R_VY], r[R_VZ], r[R_HU], r[R_HV], valid, &bt[q], &bi[q],
                              1);
      }
      for (int q = 0; q < ARSK_NV; q++) {
        uint32_t cq = col + (uint32_t)(q * VL);
        if (cq >= c1) break;
        size_t o = (size_t)row * g->width + cq;
        if (cq + VL <= c1) {
          vstore(out_t + o, bt[q]);
          vstorei(out_index + o, bi[q]);
        } else {
          float tt[VL];
          int32_t ii[VL];
          vstore(tt, bt[q]);
          vstorei(ii, bi[q]);
          for (uint32_t l = 0; l < c1 - cq; l++) { out_t[o + l] = tt[l]; out_index[o + l] = ii[l]; }
        }
      }
    }
  }
}

/* Per call: the origin-dependent terms of every plane (records), and in list0 the planes that can
   be hit at all from origin (sorted by their lower bound on t when sorts). Returns their number. */
static size_t ARSK_FN(prepare_records)(const arsk_scene_soa *scene, const float *origin, float *rec,
                                       uint32_t *list0, int sorts) {
  const size_t K = scene->plane_count;
  const float *P = scene->planes;
  const size_t S = scene->plane_stride;
  const float ox = origin[0], oy = origin[1], oz = origin[2];
  size_t n0 = 0;
  for (size_t k = 0; k < K; k++) {
    float *r = rec + k * ARSK_RECORD;
    float nx = P[ARSK_FIELD_NX * S + k], ny = P[ARSK_FIELD_NY * S + k], nz = P[ARSK_FIELD_NZ * S + k];
    float cx = P[ARSK_FIELD_CX * S + k], cy = P[ARSK_FIELD_CY * S + k], cz = P[ARSK_FIELD_CZ * S + k];
    float ux = P[ARSK_FIELD_UX * S + k], uy = P[ARSK_FIELD_UY * S + k], uz = P[ARSK_FIELD_UZ * S + k];
    float vx = P[ARSK_FIELD_VX * S + k], vy = P[ARSK_FIELD_VY * S + k], vz = P[ARSK_FIELD_VZ * S + k];
    float num = ((cx - ox) * nx + (cy - oy) * ny) + (cz - oz) * nz;
    float wx = ox - cx, wy = oy - cy, wz = oz - cz;
    r[R_NX] = nx; r[R_NY] = ny; r[R_NZ] = nz; r[R_NUM] = num;
    r[R_UX] = ux; r[R_UY] = uy; r[R_UZ] = uz; r[R_WU] = (wx * ux + wy * uy) + wz * uz;
    r[R_VX] = vx; r[R_VY] = vy; r[R_VZ] = vz; r[R_WV] = (wx * vx + wy * vy) + wz * vz;
    r[R_HU] = P[ARSK_FIELD_HU * S + k]; r[R_HV] = P[ARSK_FIELD_HV * S + k];
    r[R_RCX] = cx - ox; r[R_RCY] = cy - oy; r[R_RCZ] = cz - oz;
    float dist = sqrtf(r[R_RCX] * r[R_RCX] + r[R_RCY] * r[R_RCY] + r[R_RCZ] * r[R_RCZ]);
    float rad = P[ARSK_FIELD_RADIUS * S + k];
    r[R_RAD] = (rad + 1e-4f * (dist + rad)) + 1e-6f;
    /* No hit on this plane can be nearer than this (NaN-free; -inf for unbounded planes). */
    r[R_LB] = dist - r[R_RAD];
    if (!(r[R_LB] > -INFINITY)) r[R_LB] = -INFINITY;
    /* Rounding margin for the rectangle test of cull_cone: ten times the sphere's, since narrow
       cones have less accurate facet normals. */
    r[R_RECT_HALF_MARGIN] = 1e-3f * (dist + rad) + 1e-5f;
    r[R_OCCLUDER] = scene->edge_ranges[2 * k + 1] == 0 && r[R_HU] < INFINITY &&
                    r[R_HV] < INFINITY && r[R_RAD] < INFINITY;
    /* A hit needs t = num/dn > 0: num < 0 for front faces (dn < 0), num != 0 otherwise. */
    int possible = scene->cull_back_faces ? (num < 0) : (num < 0 || num > 0);
    list0[n0] = (uint32_t)k;
    n0 += (size_t)possible;
  }
  if (sorts) ARSK_FN(sort_by_bound)(rec, list0, n0);
  return n0;
}

static int ARSK_FN(grid_is_finite)(const arsk_pinhole_grid *g) {
  float s = g->fx * 0 + g->fy * 0 + g->pu * 0 + g->pv * 0 + g->a * 0 + g->b * 0 + g->c * 0 +
            g->d * 0 + g->tx * 0 + g->ty * 0 + g->origin[0] * 0 + g->origin[1] * 0 +
            g->origin[2] * 0;
  for (int i = 0; i < 9; i++) s += g->rotation[i] * 0;
  return s == 0;
}

/* Where one call's rows come from: either the rows [row_begin, row_end) as one band, or (with
   next_band) bands of band_rows rows, each taken by the first worker to ask: a counter shared by
   the workers of one grid hands out band numbers 0, 1, 2, ... (bands are independent, so who
   traces which does not change the results, and fast workers take more). */
typedef struct {
  uint32_t row_begin, row_end, band_rows;
  uint32_t *next_band;
  int taken;
} arsk_band_source;

/* The next band's rows [*bs, *be); 0 when there is none left. */
static int ARSK_FN(take_band)(arsk_band_source *source, const arsk_pinhole_grid *g, uint32_t *bs,
                              uint32_t *be) {
  if (source->next_band == NULL) {
    if (source->taken) return 0;
    source->taken = 1;
    *bs = source->row_begin;
    *be = source->row_end < g->height ? source->row_end : g->height;
    return *bs < *be;
  }
  uint32_t band = __atomic_fetch_add(source->next_band, 1, __ATOMIC_RELAXED);
  uint64_t start = (uint64_t)band * source->band_rows;
  if (source->band_rows == 0 || start >= g->height) return 0;
  *bs = (uint32_t)start;
  *be = g->height - start > source->band_rows ? *bs + source->band_rows : g->height;
  return 1;
}

/* The rows of every band the source gives, with the plane records prepared once per call. */
static void ARSK_FN(grid_bands)(const arsk_scene_soa *scene, const arsk_pinhole_grid *g,
                                arsk_band_source source, void *scratch, size_t scratch_bytes,
                                float *restrict out_t, int32_t *restrict out_index) {
  if (g->width == 0) return;
  uint32_t bs, be;
  const size_t K = scene->plane_count;
  if (!ARSK_FN(grid_is_finite)(g)) {
    while (ARSK_FN(take_band)(&source, g, &bs, &be))
      for (uint32_t row = bs; row < be; row++)
        for (uint32_t col = 0; col < g->width; col++) {
          out_t[(size_t)row * g->width + col] = INFINITY;
          out_index[(size_t)row * g->width + col] = -1;
        }
    return;
  }
  const int cull = scratch != NULL && scratch_bytes >= arsk_pinhole_grid_scratch_bytes(K, g->width);
  if (!cull) { /* Brute force through the generic ray kernel, one row at a time. */
    float buf[6][64];
    while (ARSK_FN(take_band)(&source, g, &bs, &be))
    for (uint32_t row = bs; row < be; row++) {
      for (uint32_t col = 0; col < g->width; col += 64) {
        uint32_t n = g->width - col < 64 ? g->width - col : 64;
        for (uint32_t l = 0; l < n; l++) {
          float d[3];
          ARSK_FN(grid_dir)(g, (float)(col + l), (float)row, d);
          buf[0][l] = g->origin[0]; buf[1][l] = g->origin[1]; buf[2][l] = g->origin[2];
          buf[3][l] = d[0]; buf[4][l] = d[1]; buf[5][l] = d[2];
        }
        size_t o = (size_t)row * g->width + col;
        ARSK_FN(intersect_rays_soa)(scene, buf[0], buf[1], buf[2], buf[3], buf[4], buf[5], n,
                                    out_t + o, out_index + o);
      }
    }
    return;
  }
  float *rec = (float *)scratch;
  uint32_t *list0 = (uint32_t *)(rec + K * ARSK_RECORD);
  uint32_t *band_list = list0 + K, *strip_list = band_list + K;
  float *band_lb = (float *)(strip_list + K), *strip_lb = band_lb + K;
  const uint32_t W = g->width;
  const size_t tiles = ((size_t)W + ARSK_TILE_COLS - 1) / ARSK_TILE_COLS;
  uint32_t *tile_count = (uint32_t *)(strip_lb + K);
  uint32_t *tile_lists = tile_count + tiles;
  float *tile_lbs = (float *)(tile_lists + tiles * K);
  size_t n0 = ARSK_FN(prepare_records)(scene, g->origin, rec, list0, 0);
  /* Grid rays are unit (|d.n| <= 1 + 1e-6 after rounding), so t = num/dn >= |num| (1 - 2e-6): the
     distance to the plane bounds t from below too, often more tightly than the sphere (and for
     unbounded planes). */
  for (size_t j = 0; j < n0; j++) {
    float *r = rec + (size_t)list0[j] * ARSK_RECORD;
    float plane_bound = fabsf(r[R_NUM]) * 0.9999f;
    if (plane_bound > r[R_LB]) r[R_LB] = plane_bound;
  }
  /* Per band of ARSK_TILE_ROWS rows: the planes of each ARSK_TILE_ROWS x ARSK_STRIP_COLS strip,
     then of each ARSK_TILE_ROWS x ARSK_TILE_COLS tile (sorted by their depth bounds over the
     tile); then the band's rows in order, each row's pixels against their tile's planes. Row
     order keeps the result stores sequential (a tile at a time, they went to 32 rows at once,
     which this machine's store path served at a third of the bandwidth). */
  while (ARSK_FN(take_band)(&source, g, &bs, &be)) {
  for (uint32_t tr = bs; tr < be;) {
    uint32_t tr_end = (tr / ARSK_TILE_ROWS + 1) * ARSK_TILE_ROWS;
    if (tr_end > be) tr_end = be;
    /* The band's planes first (most of a large scene lies outside a thin band's frustum). */
    size_t n_band = ARSK_FN(cull_tile)(g, rec, list0, n0, band_list, band_lb, 0, W - 1, tr,
                                       tr_end - 1);
    size_t n_strip = 0;
    for (size_t t = 0; t < tiles; t++) {
      uint32_t tc = (uint32_t)t * ARSK_TILE_COLS;
      uint32_t tc_end = tc + ARSK_TILE_COLS < W ? tc + ARSK_TILE_COLS : W;
      if (tc % ARSK_STRIP_COLS == 0) {
        uint32_t sc_end = tc + ARSK_STRIP_COLS < W ? tc + ARSK_STRIP_COLS : W;
        n_strip = n_band == 0 ? 0
                              : ARSK_FN(cull_tile)(g, rec, band_list, n_band, strip_list, strip_lb,
                                                   tc, sc_end - 1, tr, tr_end - 1);
      }
      uint32_t *list = tile_lists + t * K;
      float *lb = tile_lbs + t * K;
      size_t n = n_strip == 0 ? 0
                              : ARSK_FN(cull_tile)(g, rec, strip_list, n_strip, list, lb, tc,
                                                   tc_end - 1, tr, tr_end - 1);
      ARSK_FN(sort_tile_list)(list, lb, n);
      tile_count[t] = (uint32_t)n;
    }
    for (uint32_t row = tr; row < tr_end; row++) {
      for (size_t t = 0; t < tiles; t++) {
        uint32_t tc = (uint32_t)t * ARSK_TILE_COLS;
        uint32_t tc_end = tc + ARSK_TILE_COLS < W ? tc + ARSK_TILE_COLS : W;
        ARSK_FN(grid_tile)(scene, g, rec, tile_lists + t * K, tile_lbs + t * K, tile_count[t], tc,
                           tc_end, row, row + 1, out_t, out_index);
      }
    }
    tr = tr_end;
  }
  }
}

void ARSK_FN(intersect_pinhole_grid)(const arsk_scene_soa *scene, const arsk_pinhole_grid *g,
                                     uint32_t row_begin, uint32_t row_end, void *scratch,
                                     size_t scratch_bytes, float *restrict out_t,
                                     int32_t *restrict out_index) {
  arsk_band_source source = {row_begin, row_end, 0, NULL, 0};
  ARSK_FN(grid_bands)(scene, g, source, scratch, scratch_bytes, out_t, out_index);
}

void ARSK_FN(intersect_pinhole_grid_bands)(const arsk_scene_soa *scene,
                                           const arsk_pinhole_grid *g, uint32_t band_rows,
                                           uint32_t *next_band, void *scratch,
                                           size_t scratch_bytes, float *restrict out_t,
                                           int32_t *restrict out_index) {
  if (next_band == NULL || band_rows == 0) return;
  arsk_band_source source = {0, 0, band_rows, next_band, 0};
  ARSK_FN(grid_bands)(scene, g, source, scratch, scratch_bytes, out_t, out_index);
}

#include "raycast_kernel_shared_origin.h"
