/*
 * The triangle-mesh kernels, included by each ISA file after raycast_kernel_body.h (whose vector
 * macros, vblend and vabs they use). The hit rule and its operation order are in
 * RaycastKernels.h; every arithmetic operation is a plain IEEE add/sub/mul/div, never fused, so
 * every ISA and the Swift implementations (BatchMeshTriangleTest) give identical bits. The
 * hierarchy's box tests only skip work: they are conservative (boxes carry a margin and the
 * comparisons a relative slack), so they never change a result.
 */
#define ARSK_MESH_STACK 64
#define ARSK_MESH_SLACK 0x1p-16f
#define ARSK_MESH_AXIS_SHIFT 28
#if VL >= 16
#define ARSK_MESH_TILE_W 16
#define ARSK_MESH_TILE_H 4
#else
#define ARSK_MESH_TILE_W 8
#define ARSK_MESH_TILE_H 8
#endif
/* Vectors per tile row and per tile (64 rays). */
#define ARSK_MESH_VPR (ARSK_MESH_TILE_W / VL)
#define ARSK_MESH_NVEC (ARSK_MESH_VPR * ARSK_MESH_TILE_H)

static inline V ARSK_FN(mesh_vmin)(V a, V b) { return vblend(a, b, vlt(b, a)); }
static inline V ARSK_FN(mesh_vmax)(V a, V b) { return vblend(a, b, vgt(b, a)); }

static inline uint32_t ARSK_FN(mesh_word)(const float *n, int k) {
  uint32_t w;
  memcpy(&w, n + k, sizeof w);
  return w;
}

/* The best hit so far of VL rays: t, scene index (int32 bits), w1, w2, det (u = w1 / det). */
typedef struct {
  V t, i, w1, w2, det;
} ARSK_FN(mesh_best);

static inline void ARSK_FN(mesh_best_init)(ARSK_FN(mesh_best) *b) {
  b->t = vset1(INFINITY);
  b->i = vcasti(vset1i(-1));
  b->w1 = vset1(0.0f);
  b->w2 = vset1(0.0f);
  b->det = vset1(1.0f);
}

/* The tie rule's sign for the edge pi -> pj: first non-zero component of (pi - pj) x d. */
static int ARSK_FN(mesh_tie_sign)(const float *pi, const float *pj, const float *d) {
  float ex = pi[0] - pj[0], ey = pi[1] - pj[1], ez = pi[2] - pj[2];
  float g[3] = {ey * d[2] - ez * d[1], ez * d[0] - ex * d[2], ex * d[1] - ey * d[0]};
  for (int k = 0; k < 3; k++)
    if (g[k] != 0) return g[k] > 0 ? 1 : (g[k] < 0 ? -1 : 0);
  return 0;
}

static inline int ARSK_FN(mesh_sign)(float w, const float *pi, const float *pj, const float *d) {
  if (w > 0) return 1;
  if (w < 0) return -1;
  if (w != 0) return 0;
  return ARSK_FN(mesh_tie_sign)(pi, pj, d);
}

/* The scalar test of one finite ray, as BatchMeshTriangleTest.hit (n: the slot's normal
   N = (P1 - P0) x (P2 - P0), precomputed: t's numerator A.N and denominator d.N keep their
   precision on small triangles far from the origin, where the origin-relative sum cancels);
   1 on a hit. */
static int ARSK_FN(mesh_hit_scalar)(const float *c, const float *n, const float *o,
                                    const float *d, float *out) {
  float ax = c[0] - o[0], ay = c[1] - o[1], az = c[2] - o[2];
  float bx = c[3] - o[0], by = c[4] - o[1], bz = c[5] - o[2];
  float cx = c[6] - o[0], cy = c[7] - o[1], cz = c[8] - o[2];
  float n0x = by * cz - bz * cy, n0y = bz * cx - bx * cz, n0z = bx * cy - by * cx;
  float n1x = cy * az - cz * ay, n1y = cz * ax - cx * az, n1z = cx * ay - cy * ax;
  float n2x = ay * bz - az * by, n2y = az * bx - ax * bz, n2z = ax * by - ay * bx;
  float w0 = (d[0] * n0x + d[1] * n0y) + d[2] * n0z;
  float w1 = (d[0] * n1x + d[1] * n1y) + d[2] * n1z;
  float w2 = (d[0] * n2x + d[1] * n2y) + d[2] * n2z;
  int s0 = ARSK_FN(mesh_sign)(w0, c + 3, c + 6, d);
  int s1 = ARSK_FN(mesh_sign)(w1, c + 6, c, d);
  int s2 = ARSK_FN(mesh_sign)(w2, c, c + 3, d);
  if (s0 == 0 || s0 != s1 || s1 != s2) return 0;
  float det = (w0 + w1) + w2;
  if (det == 0) return 0;
  float t = ((ax * n[0] + ay * n[1]) + az * n[2]) / ((d[0] * n[0] + d[1] * n[1]) + d[2] * n[2]);
  if (!(t > 0 && t < INFINITY)) return 0;
  out[0] = t;
  out[1] = w1;
  out[2] = w2;
  out[3] = det;
  return 1;
}

/* The lanes in fix (a zero edge function, or a t equal to the best) decided one at a time by the
   scalar test and the full tie rule. o3/d3: 3 arrays of VL floats (the lanes' rays). */
static void ARSK_FN(mesh_fix_lanes)(int fix, const float *c, const float *n, int32_t id,
                                    const float *ox,
                                    const float *oy, const float *oz, const float *dx,
                                    const float *dy, const float *dz, ARSK_FN(mesh_best) *b) {
  float bt[VL], bw1[VL], bw2[VL], bdet[VL];
  int32_t bi[VL];
  vstore(bt, b->t);
  vstorei(bi, b->i);
  vstore(bw1, b->w1);
  vstore(bw2, b->w2);
  vstore(bdet, b->det);
  for (int l = 0; l < VL; l++) {
    if (!(fix >> l & 1)) continue;
    float o[3] = {ox[l], oy[l], oz[l]}, d[3] = {dx[l], dy[l], dz[l]}, h[4];
    if (!ARSK_FN(mesh_hit_scalar)(c, n, o, d, h)) continue;
    if (h[0] < bt[l] || (h[0] == bt[l] && id < bi[l])) {
      bt[l] = h[0];
      bi[l] = id;
      bw1[l] = h[1];
      bw2[l] = h[2];
      bdet[l] = h[3];
    }
  }
  b->t = vload(bt);
  b->i = vcasti(vcastf(vload((const float *)(const void *)bi)));
  b->w1 = vload(bw1);
  b->w2 = vload(bw2);
  b->det = vload(bdet);
}

/* The vector part of the test given the edge functions, t's numerator A.N, the normal N and the
   directions; updates b where the triangle is strictly inside and nearer, and returns the lanes
   (among valid) that need the scalar decision. */
static inline int ARSK_FN(mesh_tail)(V w0, V w1, V w2, V num, const float *n, V dx, V dy, V dz,
                                     V valid, int32_t id, ARSK_FN(mesh_best) *b) {
  const V z = vset1(0.0f);
  V pos = vand(vand(vgt(w0, z), vgt(w1, z)), vgt(w2, z));
  V neg = vand(vand(vlt(w0, z), vlt(w1, z)), vlt(w2, z));
  V inside = vand(vor(pos, neg), valid);
  int tie = vmovemask(vand(vor(vor(veq(w0, z), veq(w1, z)), veq(w2, z)), valid));
  if (!(vmovemask(inside) | tie)) return 0;
  V det = vadd(vadd(w0, w1), w2);
  V dn = vadd(vadd(vmul(dx, vset1(n[0])), vmul(dy, vset1(n[1]))), vmul(dz, vset1(n[2])));
  V t = vdiv(num, dn);
  V front = vand(inside, vgt(t, z));
  V ok = vand(front, vlt(t, b->t));
  int eq = vmovemask(vand(vand(front, veq(t, b->t)), vlt(t, vset1(INFINITY))));
  if (vmovemask(ok)) {
    b->t = vblend(b->t, t, ok);
    b->i = vblend(b->i, vcasti(vset1i(id)), ok);
    b->w1 = vblend(b->w1, w1, ok);
    b->w2 = vblend(b->w2, w2, ok);
    b->det = vblend(b->det, det, ok);
  }
  return tie | eq;
}

/* Stores VL results (n of them) at out + i. */
static inline void ARSK_FN(mesh_store)(const ARSK_FN(mesh_best) *b, size_t i, int n, float *out_t,
                                       int32_t *out_index, float *out_u, float *out_v) {
  float t[VL], u[VL], v[VL];
  int32_t idx[VL];
  vstore(t, b->t);
  vstorei(idx, b->i);
  if (out_u && out_v) {
    vstore(u, vdiv(b->w1, b->det));
    vstore(v, vdiv(b->w2, b->det));
  }
  for (int l = 0; l < n; l++) {
    out_t[i + l] = t[l];
    out_index[i + l] = idx[l];
    if (out_u && out_v) {
      out_u[i + l] = u[l];
      out_v[i + l] = v[l];
    }
  }
}

/* ---- Arbitrary rays: packets of VL consecutive rays ---- */

static void ARSK_FN(mesh_packet)(const arsk_mesh_scene *scene, const float *ox, const float *oy,
                                 const float *oz, const float *dx, const float *dy,
                                 const float *dz, ARSK_FN(mesh_best) *b) {
  const V vox = vload(ox), voy = vload(oy), voz = vload(oz);
  const V vdx = vload(dx), vdy = vload(dy), vdz = vload(dz);
  const V valid = ARSK_FN(finite_mask)(vox, voy, voz, vdx, vdy, vdz);
  ARSK_FN(mesh_best_init)(b);
  if (!vmovemask(valid) || scene->node_count == 0) return;
  const V one = vset1(1.0f), slack = vset1(ARSK_MESH_SLACK), z = vset1(0.0f);
  const V ninf = vset1(-INFINITY), pinf = vset1(INFINITY);
  const V ix = vdiv(one, vdx), iy = vdiv(one, vdy), iz = vdiv(one, vdz);
  float sum[3] = {0, 0, 0};
  for (int l = 0; l < VL; l++) {
    sum[0] += dx[l] == dx[l] ? dx[l] : 0;
    sum[1] += dy[l] == dy[l] ? dy[l] : 0;
    sum[2] += dz[l] == dz[l] ? dz[l] : 0;
  }
  uint32_t stack[ARSK_MESH_STACK];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    uint32_t node = stack[--top];
    const float *n = scene->nodes + 8 * (size_t)node;
    V near = ninf, far = pinf;
#define ARSK_MESH_SLAB(k, o, inv)                                                  \
    {                                                                              \
      V a = vmul(vsub(vset1(n[k]), o), inv), c = vmul(vsub(vset1(n[k + 3]), o), inv); \
      V real = vand(veq(a, a), veq(c, c));                                         \
      near = ARSK_FN(mesh_vmax)(near, vblend(ninf, ARSK_FN(mesh_vmin)(a, c), real)); \
      far = ARSK_FN(mesh_vmin)(far, vblend(pinf, ARSK_FN(mesh_vmax)(a, c), real));   \
    }
    ARSK_MESH_SLAB(0, vox, ix)
    ARSK_MESH_SLAB(1, voy, iy)
    ARSK_MESH_SLAB(2, voz, iz)
#undef ARSK_MESH_SLAB
    V pass = vand(vle(near, vadd(far, vmul(vabs(far), slack))), vge(far, z));
    pass = vand(vand(pass, vle(near, vadd(b->t, vmul(vabs(b->t), slack)))), valid);
    if (!vmovemask(pass)) continue;
    uint32_t link = ARSK_FN(mesh_word)(n, 6), ca = ARSK_FN(mesh_word)(n, 7);
    uint32_t count = ca & ((1u << ARSK_MESH_AXIS_SHIFT) - 1);
    if (count == 0) {
      int positive = sum[ca >> ARSK_MESH_AXIS_SHIFT] >= 0;
      stack[top++] = positive ? link : node + 1;
      stack[top++] = positive ? node + 1 : link;
      continue;
    }
    for (uint32_t s = link; s < link + count; s++) {
      const float *c = scene->corners + 9 * (size_t)s;
      V ax = vsub(vset1(c[0]), vox), ay = vsub(vset1(c[1]), voy), az = vsub(vset1(c[2]), voz);
      V bx = vsub(vset1(c[3]), vox), by = vsub(vset1(c[4]), voy), bz = vsub(vset1(c[5]), voz);
      V cx = vsub(vset1(c[6]), vox), cy = vsub(vset1(c[7]), voy), cz = vsub(vset1(c[8]), voz);
      V n0x = vsub(vmul(by, cz), vmul(bz, cy)), n0y = vsub(vmul(bz, cx), vmul(bx, cz));
      V n0z = vsub(vmul(bx, cy), vmul(by, cx));
      V n1x = vsub(vmul(cy, az), vmul(cz, ay)), n1y = vsub(vmul(cz, ax), vmul(cx, az));
      V n1z = vsub(vmul(cx, ay), vmul(cy, ax));
      V n2x = vsub(vmul(ay, bz), vmul(az, by)), n2y = vsub(vmul(az, bx), vmul(ax, bz));
      V n2z = vsub(vmul(ax, by), vmul(ay, bx));
      V w0 = vadd(vadd(vmul(vdx, n0x), vmul(vdy, n0y)), vmul(vdz, n0z));
      V w1 = vadd(vadd(vmul(vdx, n1x), vmul(vdy, n1y)), vmul(vdz, n1z));
      V w2 = vadd(vadd(vmul(vdx, n2x), vmul(vdy, n2y)), vmul(vdz, n2z));
      const float *n = scene->normals + 3 * (size_t)s;
      V num = vadd(vadd(vmul(ax, vset1(n[0])), vmul(ay, vset1(n[1]))), vmul(az, vset1(n[2])));
      int32_t id = scene->triangle_ids[s];
      int fix = ARSK_FN(mesh_tail)(w0, w1, w2, num, n, vdx, vdy, vdz, valid, id, b);
      if (fix) ARSK_FN(mesh_fix_lanes)(fix, c, n, id, ox, oy, oz, dx, dy, dz, b);
    }
  }
}

void ARSK_FN(mesh_intersect_rays_soa)(const arsk_mesh_scene *scene, const float *ox,
                                      const float *oy, const float *oz, const float *dx,
                                      const float *dy, const float *dz, size_t count,
                                      float *out_t, int32_t *out_index, float *out_u,
                                      float *out_v) {
  ARSK_FN(mesh_best) b;
  size_t i = 0;
  for (; i + VL <= count; i += VL) {
    ARSK_FN(mesh_packet)(scene, ox + i, oy + i, oz + i, dx + i, dy + i, dz + i, &b);
    ARSK_FN(mesh_store)(&b, i, VL, out_t, out_index, out_u, out_v);
  }
  if (i < count) { /* The tail: NaN lanes are not finite, so they miss and are not stored. */
    float buf[6][VL];
    const float *src[6] = {ox, oy, oz, dx, dy, dz};
    for (int k = 0; k < 6; k++)
      for (int l = 0; l < VL; l++) buf[k][l] = i + (size_t)l < count ? src[k][i + l] : NAN;
    ARSK_FN(mesh_packet)(scene, buf[0], buf[1], buf[2], buf[3], buf[4], buf[5], &b);
    ARSK_FN(mesh_store)(&b, i, (int)(count - i), out_t, out_index, out_u, out_v);
  }
}

/* ---- Pinhole grids: tiles of 64 rays with one interval box test per node ---- */

/* The tile's directions and their per-axis bounds. */
typedef struct {
  float dx[ARSK_MESH_NVEC * VL], dy[ARSK_MESH_NVEC * VL], dz[ARSK_MESH_NVEC * VL];
  /* Per axis: whether every direction component has one strict sign, and the bounds of 1/d. */
  int constrained[3];
  float inv_lo[3], inv_hi[3], sign[3];
} ARSK_FN(mesh_tile);

static void ARSK_FN(mesh_tile_rays)(const arsk_pinhole_grid *g, uint32_t c0, uint32_t r0,
                                    ARSK_FN(mesh_tile) *tile) {
  float lane_f[VL];
  for (int l = 0; l < VL; l++) lane_f[l] = (float)l;
  const V lanes = vload(lane_f), half = vset1(0.5f), one = vset1(1.0f);
  const V rfx = vset1(1.0f / g->fx), rfy = vset1(1.0f / g->fy);
  const float *R = g->rotation;
  for (int q = 0; q < ARSK_MESH_NVEC; q++) {
    uint32_t row = r0 + (uint32_t)(q / ARSK_MESH_VPR);
    uint32_t col = c0 + (uint32_t)((q % ARSK_MESH_VPR) * VL);
    V gv = vadd(vset1((float)row), half);
    V gu = vadd(vadd(vset1((float)col), lanes), half);
    V iu = vadd(vadd(vmul(vset1(g->a), gu), vmul(vset1(g->c), gv)), vset1(g->tx));
    V iv = vadd(vadd(vmul(vset1(g->b), gu), vmul(vset1(g->d), gv)), vset1(g->ty));
    V x = vmul(vsub(iu, vset1(g->pu)), rfx);
    V y = vmul(vsub(vset1(g->pv), iv), rfy);
    V s = vdiv(one, vsqrt(vadd(vadd(vmul(x, x), vmul(y, y)), one)));
    V cx = vmul(x, s), cy = vmul(y, s), cz = vsub(vset1(0.0f), s);
    vstore(tile->dx + q * VL,
           vadd(vadd(vmul(vset1(R[0]), cx), vmul(vset1(R[3]), cy)), vmul(vset1(R[6]), cz)));
    vstore(tile->dy + q * VL,
           vadd(vadd(vmul(vset1(R[1]), cx), vmul(vset1(R[4]), cy)), vmul(vset1(R[7]), cz)));
    vstore(tile->dz + q * VL,
           vadd(vadd(vmul(vset1(R[2]), cx), vmul(vset1(R[5]), cy)), vmul(vset1(R[8]), cz)));
  }
  const float *d[3] = {tile->dx, tile->dy, tile->dz};
  for (int k = 0; k < 3; k++) {
    float lo = INFINITY, hi = -INFINITY, ilo = INFINITY, ihi = -INFINITY;
    for (int r = 0; r < ARSK_MESH_NVEC * VL; r++) {
      float v = d[k][r], inv = 1.0f / v;
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
      ilo = inv < ilo ? inv : ilo;
      ihi = inv > ihi ? inv : ihi;
    }
    tile->constrained[k] = lo > 0 || hi < 0;
    tile->inv_lo[k] = ilo;
    tile->inv_hi[k] = ihi;
    tile->sign[k] = lo + hi;
  }
}

/* Whether any ray of the tile may enter the box before t_max (interval arithmetic over the
   bounds of 1/d, per axis; an axis whose direction changes sign over the tile is skipped). */
static inline int ARSK_FN(mesh_tile_box)(const float *n, const float *o,
                                         const ARSK_FN(mesh_tile) *tile, float t_max) {
  float near = -INFINITY, far = INFINITY;
  for (int k = 0; k < 3; k++) {
    if (!tile->constrained[k]) continue;
    float lo = n[k] - o[k], hi = n[k + 3] - o[k];
    float a = tile->inv_lo[k], b = tile->inv_hi[k];
    float p = a > 0 ? lo : hi, q = a > 0 ? hi : lo;
    float pa = p * a, pb = p * b, qa = q * a, qb = q * b;
    float lb = pa < pb ? pa : pb, ub = qa > qb ? qa : qb;
    near = lb > near ? lb : near;
    far = ub < far ? ub : far;
  }
  return near <= far + fabsf(far) * ARSK_MESH_SLACK && far >= 0 &&
         near <= t_max + fabsf(t_max) * ARSK_MESH_SLACK;
}

static void ARSK_FN(mesh_grid_tile)(const arsk_mesh_scene *scene, const arsk_pinhole_grid *g,
                                    uint32_t c0, uint32_t r0, float *out_t, int32_t *out_index,
                                    float *out_u, float *out_v) {
  ARSK_FN(mesh_tile) tile;
  ARSK_FN(mesh_best) b[ARSK_MESH_NVEC];
  for (int q = 0; q < ARSK_MESH_NVEC; q++) ARSK_FN(mesh_best_init)(&b[q]);
  const float *o = g->origin;
  const V valid = vcasti(vset1i(-1));
  if (scene->node_count > 0) {
    ARSK_FN(mesh_tile_rays)(g, c0, r0, &tile);
    float ox[VL], oy[VL], oz[VL];
    for (int l = 0; l < VL; l++) (ox[l] = o[0], oy[l] = o[1], oz[l] = o[2]);
    float t_max = INFINITY;
    uint32_t stack[ARSK_MESH_STACK];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
      uint32_t node = stack[--top];
      const float *n = scene->nodes + 8 * (size_t)node;
      if (!ARSK_FN(mesh_tile_box)(n, o, &tile, t_max)) continue;
      uint32_t link = ARSK_FN(mesh_word)(n, 6), ca = ARSK_FN(mesh_word)(n, 7);
      uint32_t count = ca & ((1u << ARSK_MESH_AXIS_SHIFT) - 1);
      if (count == 0) {
        int positive = tile.sign[ca >> ARSK_MESH_AXIS_SHIFT] >= 0;
        stack[top++] = positive ? link : node + 1;
        stack[top++] = positive ? node + 1 : link;
        continue;
      }
      for (uint32_t s = link; s < link + count; s++) {
        const float *c = scene->corners + 9 * (size_t)s;
        /* The shared origin makes the edge normals and t's numerator per-triangle constants
           (the same operations as per ray, so the same bits). */
        float ax = c[0] - o[0], ay = c[1] - o[1], az = c[2] - o[2];
        float bx = c[3] - o[0], by = c[4] - o[1], bz = c[5] - o[2];
        float cx = c[6] - o[0], cy = c[7] - o[1], cz = c[8] - o[2];
        float k0x = by * cz - bz * cy, k0y = bz * cx - bx * cz, k0z = bx * cy - by * cx;
        float k1x = cy * az - cz * ay, k1y = cz * ax - cx * az, k1z = cx * ay - cy * ax;
        float k2x = ay * bz - az * by, k2y = az * bx - ax * bz, k2z = ax * by - ay * bx;
        const float *n = scene->normals + 3 * (size_t)s;
        const V num = vset1((ax * n[0] + ay * n[1]) + az * n[2]);
        const V n0x = vset1(k0x), n0y = vset1(k0y), n0z = vset1(k0z);
        const V n1x = vset1(k1x), n1y = vset1(k1y), n1z = vset1(k1z);
        const V n2x = vset1(k2x), n2y = vset1(k2y), n2z = vset1(k2z);
        int32_t id = scene->triangle_ids[s];
        for (int q = 0; q < ARSK_MESH_NVEC; q++) {
          V dx = vload(tile.dx + q * VL), dy = vload(tile.dy + q * VL);
          V dz = vload(tile.dz + q * VL);
          V w0 = vadd(vadd(vmul(dx, n0x), vmul(dy, n0y)), vmul(dz, n0z));
          V w1 = vadd(vadd(vmul(dx, n1x), vmul(dy, n1y)), vmul(dz, n1z));
          V w2 = vadd(vadd(vmul(dx, n2x), vmul(dy, n2y)), vmul(dz, n2z));
          int fix = ARSK_FN(mesh_tail)(w0, w1, w2, num, n, dx, dy, dz, valid, id, &b[q]);
          if (fix)
            ARSK_FN(mesh_fix_lanes)(fix, c, n, id, ox, oy, oz, tile.dx + q * VL,
                                    tile.dy + q * VL, tile.dz + q * VL, &b[q]);
        }
      }
      V m = b[0].t;
      for (int q = 1; q < ARSK_MESH_NVEC; q++) m = ARSK_FN(mesh_vmax)(m, b[q].t);
      float mt[VL];
      vstore(mt, m);
      t_max = mt[0];
      for (int l = 1; l < VL; l++) t_max = mt[l] > t_max ? mt[l] : t_max;
    }
  }
  for (int q = 0; q < ARSK_MESH_NVEC; q++) {
    uint32_t row = r0 + (uint32_t)(q / ARSK_MESH_VPR);
    uint32_t col = c0 + (uint32_t)((q % ARSK_MESH_VPR) * VL);
    if (row >= g->height || col >= g->width) continue;
    int n = g->width - col < VL ? (int)(g->width - col) : VL;
    ARSK_FN(mesh_store)(&b[q], (size_t)row * g->width + col, n, out_t, out_index, out_u, out_v);
  }
}

void ARSK_FN(mesh_intersect_pinhole_grid_bands)(const arsk_mesh_scene *scene,
                                                const arsk_pinhole_grid *g, uint32_t band_rows,
                                                uint32_t *next_band, float *out_t,
                                                int32_t *out_index, float *out_u, float *out_v) {
  if (g->width == 0) return;
  arsk_band_source source = {0, g->height, band_rows, next_band, 0};
  const int finite = ARSK_FN(grid_is_finite)(g);
  arsk_mesh_scene empty = {scene->nodes, 0, scene->corners, scene->triangle_ids, 0,
                           scene->normals};
  uint32_t bs, be;
  while (ARSK_FN(take_band)(&source, g, &bs, &be))
    for (uint32_t r0 = bs; r0 < be; r0 += ARSK_MESH_TILE_H)
      for (uint32_t c0 = 0; c0 < g->width; c0 += ARSK_MESH_TILE_W)
        ARSK_FN(mesh_grid_tile)(finite ? scene : &empty, g, c0, r0, out_t, out_index, out_u,
                                out_v);
}
