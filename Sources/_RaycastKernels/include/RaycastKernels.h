/*
 * _RaycastKernels: batched ray x plane intersection kernels (C, SIMDe). Not API: ARSimulation's
 * BatchRaycastScene wraps them. Only <stddef.h> and <stdint.h> here; SIMDe stays in the .c files.
 *
 * Conventions (shared bit for bit with the scalar Swift reference in ARSimulation):
 * - World space, metres, right-handed, +y up. Rays are SoA float arrays; directions must be unit.
 *   Swift's SIMD3<Float> is 16 bytes, so the Swift side passes plain Float arrays, never SIMD3.
 * - Plane k is stored SoA: field f of plane k is planes[f * plane_stride + k] (ARSK_FIELD_*).
 *   n = unit normal (front side), c = a point on the plane (the rectangle centre or the plane
 *   origin), u/v = unit in-plane axes, hu/hv = half extents along u/v (INFINITY for none),
 *   radius = bounding-sphere radius about c (INFINITY for unbounded planes), used only for culling.
 * - Formulas (evaluated in exactly this order, no FMA contraction):
 *     num = ((cx-ox)*nx + (cy-oy)*ny) + (cz-oz)*nz      dn = (dx*nx + dy*ny) + dz*nz
 *     t = num / dn
 *     lu = (((ox-cx)*ux + (oy-cy)*uy) + (oz-cz)*uz) + t * ((dx*ux + dy*uy) + dz*uz)   (same for v)
 *   hit iff ray finite, dn < -eps (or |dn| > eps when back faces are not culled), t > 0,
 *   |lu| <= hu, |lv| <= hv, and every edge (a, b, c) of the plane satisfies a*lu + b*lv >= c.
 *   Each ray reports the smallest t; among equal t the lowest plane index (kernels that visit
 *   planes near to far apply that tie rule explicitly). Misses are t = +INFINITY, index -1.
 *   Borders are inclusive. No FMA anywhere, so every ISA and the Swift reference agree bitwise.
 * - Kernels allocate nothing and cannot fail; bad values (NaN, inf, zero directions) are misses.
 */
#ifndef ARSK_RAYCAST_KERNELS_H
#define ARSK_RAYCAST_KERNELS_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Version of the kernel ABI (bumped when a struct or signature changes).
int32_t arsk_abi_version(void);

/// Field indices of the SoA plane table.
enum {
  ARSK_FIELD_NX = 0, ARSK_FIELD_NY, ARSK_FIELD_NZ,
  ARSK_FIELD_CX, ARSK_FIELD_CY, ARSK_FIELD_CZ,
  ARSK_FIELD_UX, ARSK_FIELD_UY, ARSK_FIELD_UZ,
  ARSK_FIELD_VX, ARSK_FIELD_VY, ARSK_FIELD_VZ,
  ARSK_FIELD_HU, ARSK_FIELD_HV, ARSK_FIELD_RADIUS,
  ARSK_FIELD_COUNT
};

/// Instruction-set choice. AUTO picks AVX-512 (F, DQ, VL, BW, with the operating system's support
/// for its registers) where the CPU has it, else AVX2 when the CPU has AVX2 and FMA, else the
/// baseline (SSE2 on x86-64, NEON on ARM64, through SIMDe). A request for a variant the CPU lacks runs the
/// best one below it. All ISAs give bit-identical results.
enum { ARSK_ISA_AUTO = 0, ARSK_ISA_BASELINE = 1, ARSK_ISA_AVX2 = 2, ARSK_ISA_AVX512 = 3 };

/// A prepared plane set (structure of arrays). All pointers are borrowed for one call.
typedef struct arsk_scene_soa {
  /// ARSK_FIELD_COUNT * plane_stride floats.
  const float *planes;
  /// Number of planes.
  size_t plane_count;
  /// Distance between fields in floats (>= plane_count).
  size_t plane_stride;
  /// 3 floats (a, b, c) per convex-polygon edge: inside iff a*lu + b*lv >= c.
  const float *edges;
  /// 2 entries per plane: first edge, edge count (0 for rectangles and infinite planes).
  const uint32_t *edge_ranges;
  /// Rays with |d.n| <= parallel_epsilon miss (edge-on). Unit vectors, so a cosine.
  float parallel_epsilon;
  /// Non-zero: only front faces (d.n < -eps) are hit.
  int32_t cull_back_faces;
} arsk_scene_soa;

/// A pinhole camera and a pixel grid. Grid pixel (col, row) has centre (col+0.5, row+0.5); it maps
/// to continuous image pixels by iu = (a*gu + c*gv) + tx, iv = (b*gu + d*gv) + ty
/// (CGAffineTransform convention). (pu, pv) is the principal point in continuous image pixels:
/// ARKit's intrinsics (ox, oy) count pixel centres at integers, so pu = ox + 0.5, pv = oy + 0.5.
/// The camera-space direction ((iu-pu)/fx, -(iv-pv)/fy, -1) is evaluated as
/// x = (iu-pu)*(1/fx), y = (pv-iv)*(1/fy), s = 1/sqrt((x*x + y*y) + 1), (x*s, y*s, -s), then
/// rotated: d = (R0*x + R3*y) + R6*z per row of the column-major worldFromCamera rotation R.
/// All rays start at origin.
typedef struct arsk_pinhole_grid {
  float fx, fy, pu, pv;
  float rotation[9];
  float origin[3];
  float a, b, c, d, tx, ty;
  uint32_t width, height;
} arsk_pinhole_grid;

/// Whether the ISA can run on this CPU (AUTO and BASELINE always can).
int32_t arsk_isa_is_available(int32_t isa);

/// The ISA that a request resolves to on this CPU (ARSK_ISA_BASELINE, ARSK_ISA_AVX2 or
/// ARSK_ISA_AVX512).
int32_t arsk_isa_resolve(int32_t isa);

/// Nearest hit of each of count rays (SoA: origins ox/oy/oz, unit directions dx/dy/dz) against
/// every plane of the scene, brute force. Writes out_t[i] (distance along the ray, metres; +inf on
/// a miss) and out_index[i] (plane index, -1 on a miss).
void arsk_intersect_rays_soa(const arsk_scene_soa *scene,
                             const float *ox, const float *oy, const float *oz,
                             const float *dx, const float *dy, const float *dz,
                             size_t count, float *out_t, int32_t *out_index, int32_t isa);

/// Bytes of scratch memory the grid kernel needs for plane_count planes and grids width pixels
/// wide (for its plane records and culling lists).
size_t arsk_pinhole_grid_scratch_bytes(size_t plane_count, uint32_t width);

/// Generates the rays of grid rows [row_begin, row_end) on the fly and intersects them. Results go
/// to out_t[row * width + col] and out_index[row * width + col] (whole-grid buffers; only the rows
/// in range are written, so threads may share them with disjoint row ranges). With scratch of at
/// least arsk_pinhole_grid_scratch_bytes(plane_count, width) bytes, planes are culled per 16-row
/// band, per 16x256 strip and per 16x32 tile against the view frustum of those pixels (a plane
/// is dropped when its bounding sphere or its rectangle lies outside one side of the frustum, or
/// when it lies wholly behind a rectangle that every ray of the tile hits; conservatively, with
/// rounding margins: results equal the brute force exactly) and visited near to far over the
/// tile with early termination; with less, every plane is tested.
void arsk_intersect_pinhole_grid(const arsk_scene_soa *scene, const arsk_pinhole_grid *grid,
                                 uint32_t row_begin, uint32_t row_end,
                                 void *scratch, size_t scratch_bytes,
                                 float *out_t, int32_t *out_index, int32_t isa);

/// arsk_intersect_pinhole_grid for the bands of band_rows rows (band b: rows b * band_rows up to
/// the next band or the grid's height), each taken in turn from *next_band (a counter, 0 at the
/// start, that every worker of one grid shares and the call increments atomically), until none is
/// left; the per-call preparation of the planes is done once. Workers that run faster take more
/// bands; the results are the same as one call per band.
void arsk_intersect_pinhole_grid_bands(const arsk_scene_soa *scene, const arsk_pinhole_grid *grid,
                                       uint32_t band_rows, uint32_t *next_band, void *scratch,
                                       size_t scratch_bytes, float *out_t, int32_t *out_index,
                                       int32_t isa);

/// Bytes of scratch memory the shared-origin kernel needs.
size_t arsk_shared_origin_scratch_bytes(size_t plane_count, size_t ray_count);

/// Like arsk_intersect_rays_soa for rays that all start at origin (3 floats): identical results,
/// faster for many planes. Rays are binned by direction into the 6x8x8 cells of a cube map; per
/// cell the planes whose bounding sphere or rectangle misses the cell's cone are culled and the rest are
/// visited near to far with early termination. With scratch smaller than
/// arsk_shared_origin_scratch_bytes(plane_count, count) it runs the brute force instead.
void arsk_intersect_rays_shared_origin(const arsk_scene_soa *scene, const float *origin,
                                       const float *dx, const float *dy, const float *dz,
                                       size_t count, void *scratch, size_t scratch_bytes,
                                       float *out_t, int32_t *out_index, int32_t isa);


/* ---- Triangle meshes ----
 * A binary bounding volume hierarchy (ARSimulation's BatchMeshBVH builds it): nodes depth first,
 * 8 words each: box low x, y, z, high x, y, z (float), then link and count_axis (uint32 bits): a
 * leaf has count_axis = its triangle count (> 0) and link = its first triangle slot; an inner
 * node's first child follows it, link is its second child and count_axis is axis << 28.
 * Triangle slot s has corners P0, P1, P2 at corners[9 s ...] (world metres) and scene index
 * triangle_ids[s].
 * Hit rule (evaluated in exactly this order, no FMA): A = P0 - o, B = P1 - o, C = P2 - o;
 *   n0 = B x C, n1 = C x A, n2 = A x B, with (p x q) = (py*qz - pz*qy, pz*qx - px*qz, px*qy - py*qx);
 *   wk = (dx*nkx + dy*nky) + dz*nkz; det = (w0 + w1) + w2; N = (P1 - P0) x (P2 - P0);
 *   t = ((ax*Nx + ay*Ny) + az*Nz) / ((dx*Nx + dy*Ny) + dz*Nz).
 *   A zero wk takes the sign of the first non-zero component of (Pi - Pj) x d for its edge
 *   Pi -> Pj (edge 0: P1 -> P2, 1: P2 -> P0, 2: P0 -> P1); hit iff the three signs are equal and
 *   non-zero, det != 0 and 0 < t < inf. Nearest t wins, equal t the lowest scene index.
 *   u = w1 / det, v = w2 / det. Misses: t = +INFINITY, index -1, u = v = 0.
 */
typedef struct arsk_mesh_scene {
  /// 8 words per node (see above).
  const float *nodes;
  /// Number of nodes (0 for an empty scene).
  size_t node_count;
  /// 9 floats per triangle slot.
  const float *corners;
  /// Scene triangle index per slot.
  const int32_t *triangle_ids;
  /// Number of triangles.
  size_t triangle_count;
  /// 3 floats per triangle slot: N = (P1 - P0) x (P2 - P0), computed as the hit rule says.
  const float *normals;
} arsk_mesh_scene;

/// Nearest triangle hit of each of count rays (SoA; any origins; rays with a non-finite component
/// miss). Packets of consecutive rays traverse the hierarchy together. out_u / out_v may be NULL.
void arsk_mesh_intersect_rays_soa(const arsk_mesh_scene *scene,
                                  const float *ox, const float *oy, const float *oz,
                                  const float *dx, const float *dy, const float *dz,
                                  size_t count, float *out_t, int32_t *out_index, float *out_u,
                                  float *out_v, int32_t isa);

/// The pinhole grid's rays (as arsk_intersect_pinhole_grid generates them) against a mesh, in
/// bands of band_rows rows taken from *next_band (shared by the workers of one grid, 0 at the
/// start). Tiles of 64 pixels traverse the hierarchy together. out_u / out_v may be NULL.
void arsk_mesh_intersect_pinhole_grid_bands(const arsk_mesh_scene *scene,
                                            const arsk_pinhole_grid *grid, uint32_t band_rows,
                                            uint32_t *next_band, float *out_t,
                                            int32_t *out_index, float *out_u, float *out_v,
                                            int32_t isa);

#ifdef __cplusplus
}
#endif
#endif
