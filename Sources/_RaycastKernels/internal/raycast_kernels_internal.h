/* Declarations shared by the ISA variants and the dispatcher. */
#ifndef ARSK_RAYCAST_KERNELS_INTERNAL_H
#define ARSK_RAYCAST_KERNELS_INTERNAL_H
#include "../include/RaycastKernels.h"

/* Floats per plane in the grid kernel's per-call record (see raycast_kernel_body.h). */
#define ARSK_RECORD_FLOATS 21

/* Columns per tile of the grid kernel (ARSK_TILE_COLS in raycast_kernel_body.h). */
#define ARSK_TILE_COLS_FOR_SCRATCH 32

/* Cube-map cells of the shared-origin kernel (6 faces x 8 x 8; must match ARSK_CUBE_N). */
#define ARSK_CUBE_CELL_COUNT (6 * 8 * 8)

#if defined(__x86_64__) && defined(__clang__)
#define ARSK_HAVE_AVX2 1
void arsk_avx2_intersect_rays_soa(const arsk_scene_soa *scene, const float *ox, const float *oy,
                                  const float *oz, const float *dx, const float *dy,
                                  const float *dz, size_t count, float *out_t, int32_t *out_index);
void arsk_avx2_intersect_pinhole_grid_bands(const arsk_scene_soa *scene,
    const arsk_pinhole_grid *grid, uint32_t band_rows, uint32_t *next_band, void *scratch,
    size_t scratch_bytes, float *out_t, int32_t *out_index);
void arsk_avx2_intersect_pinhole_grid(const arsk_scene_soa *scene, const arsk_pinhole_grid *grid,
                                      uint32_t row_begin, uint32_t row_end, void *scratch,
                                      size_t scratch_bytes, float *out_t, int32_t *out_index);
void arsk_avx2_intersect_rays_shared_origin(const arsk_scene_soa *scene, const float *origin,
                                            const float *dx, const float *dy, const float *dz,
                                            size_t count, void *scratch, size_t scratch_bytes,
                                            float *out_t, int32_t *out_index);
void arsk_avx512_intersect_rays_soa(const arsk_scene_soa *scene, const float *ox,
                                    const float *oy, const float *oz, const float *dx,
                                    const float *dy, const float *dz, size_t count,
                                    float *out_t, int32_t *out_index);
void arsk_avx512_intersect_pinhole_grid_bands(const arsk_scene_soa *scene,
    const arsk_pinhole_grid *grid, uint32_t band_rows, uint32_t *next_band, void *scratch,
    size_t scratch_bytes, float *out_t, int32_t *out_index);
void arsk_avx512_intersect_pinhole_grid(const arsk_scene_soa *scene,
                                        const arsk_pinhole_grid *grid, uint32_t row_begin,
                                        uint32_t row_end, void *scratch, size_t scratch_bytes,
                                        float *out_t, int32_t *out_index);
void arsk_avx512_intersect_rays_shared_origin(const arsk_scene_soa *scene, const float *origin,
                                              const float *dx, const float *dy, const float *dz,
                                              size_t count, void *scratch, size_t scratch_bytes,
                                              float *out_t, int32_t *out_index);
#endif
void arsk_baseline_intersect_rays_shared_origin(const arsk_scene_soa *scene, const float *origin,
                                                const float *dx, const float *dy, const float *dz,
                                                size_t count, void *scratch, size_t scratch_bytes,
                                                float *out_t, int32_t *out_index);
void arsk_baseline_intersect_rays_soa(const arsk_scene_soa *scene, const float *ox,
                                      const float *oy, const float *oz, const float *dx,
                                      const float *dy, const float *dz, size_t count,
                                      float *out_t, int32_t *out_index);
void arsk_baseline_intersect_pinhole_grid_bands(const arsk_scene_soa *scene,
    const arsk_pinhole_grid *grid, uint32_t band_rows, uint32_t *next_band, void *scratch,
    size_t scratch_bytes, float *out_t, int32_t *out_index);
void arsk_baseline_intersect_pinhole_grid(const arsk_scene_soa *scene,
                                          const arsk_pinhole_grid *grid, uint32_t row_begin,
                                          uint32_t row_end, void *scratch, size_t scratch_bytes,
                                          float *out_t, int32_t *out_index);
#define ARSK_MESH_DECLARE(prefix) \
  void prefix##_mesh_intersect_rays_soa(const arsk_mesh_scene *scene, const float *ox, \
      const float *oy, const float *oz, const float *dx, const float *dy, const float *dz, \
      size_t count, float *out_t, int32_t *out_index, float *out_u, float *out_v); \
  void prefix##_mesh_intersect_pinhole_grid_bands(const arsk_mesh_scene *scene, \
      const arsk_pinhole_grid *grid, uint32_t band_rows, uint32_t *next_band, float *out_t, \
      int32_t *out_index, float *out_u, float *out_v);
ARSK_MESH_DECLARE(arsk_baseline)
#if defined(__x86_64__) && defined(__clang__)
ARSK_MESH_DECLARE(arsk_avx2)
ARSK_MESH_DECLARE(arsk_avx512)
#endif
#endif
