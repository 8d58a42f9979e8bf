/* Public entry points: run-time instruction-set selection. */
/* Bit-identical results on every instruction set and in the Swift implementations need every
   multiply and add rounded separately: no fused multiply-add contraction anywhere in this file
   (this replaces a -ffp-contract=off flag, which a versioned package dependency cannot carry). */
#pragma clang fp contract(off)
#include "include/RaycastKernels.h"
#include "internal/raycast_kernels_internal.h"

int32_t arsk_abi_version(void) { return 1; }

static int arsk_cpu_has_avx2_fma(void) {
#if defined(ARSK_HAVE_AVX2)
  /* Cheap: reads the CPU model filled in by the runtime's constructor. */
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
  return 0;
#endif
}

static int arsk_cpu_has_avx512(void) {
#if defined(ARSK_HAVE_AVX2)
  /* The runtime reports AVX-512 features only when the OS saves the 512-bit state (XCR0). */
  __builtin_cpu_init();
  return arsk_cpu_has_avx2_fma() && __builtin_cpu_supports("avx512f") &&
         __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
         __builtin_cpu_supports("avx512bw");
#else
  return 0;
#endif
}

int32_t arsk_isa_is_available(int32_t isa) {
  if (isa == ARSK_ISA_AVX512) return arsk_cpu_has_avx512();
  return isa == ARSK_ISA_AVX2 ? arsk_cpu_has_avx2_fma() : 1;
}

/* AUTO takes the AVX-512 variant wherever the CPU (and the operating system) has it. On an AMD
   Zen 4-class CPU, whose 512-bit operations run as two 256-bit halves, it measured 1.1-1.4x
   faster than AVX2 on the grid kernel (two 16-lane vectors per 32-pixel row segment halve the
   per-plane loop overhead). */
int32_t arsk_isa_resolve(int32_t isa) {
  if (isa == ARSK_ISA_BASELINE) return ARSK_ISA_BASELINE;
  if (isa == ARSK_ISA_AVX512 && arsk_cpu_has_avx512()) return ARSK_ISA_AVX512;
  if (isa == ARSK_ISA_AUTO && arsk_cpu_has_avx512()) return ARSK_ISA_AVX512;
  return arsk_cpu_has_avx2_fma() ? ARSK_ISA_AVX2 : ARSK_ISA_BASELINE;
}

size_t arsk_pinhole_grid_scratch_bytes(size_t plane_count, uint32_t width) {
  /* Records, the plane list, the band's and the strip's lists with depth bounds; per tile of a
     band, a count and a list with depth bounds. */
  size_t tiles = ((size_t)width + ARSK_TILE_COLS_FOR_SCRATCH - 1) / ARSK_TILE_COLS_FOR_SCRATCH;
  return plane_count * (ARSK_RECORD_FLOATS * sizeof(float) + 3 * sizeof(uint32_t) +
                        2 * sizeof(float)) +
         tiles * sizeof(uint32_t) + tiles * plane_count * (sizeof(uint32_t) + sizeof(float));
}

void arsk_intersect_rays_soa(const arsk_scene_soa *scene, const float *ox, const float *oy,
                             const float *oz, const float *dx, const float *dy, const float *dz,
                             size_t count, float *out_t, int32_t *out_index, int32_t isa) {
#if defined(ARSK_HAVE_AVX2)
  int32_t resolved = arsk_isa_resolve(isa);
  if (resolved == ARSK_ISA_AVX512) {
    arsk_avx512_intersect_rays_soa(scene, ox, oy, oz, dx, dy, dz, count, out_t, out_index);
    return;
  }
  if (resolved == ARSK_ISA_AVX2) {
    arsk_avx2_intersect_rays_soa(scene, ox, oy, oz, dx, dy, dz, count, out_t, out_index);
    return;
  }
#endif
  (void)isa;
  arsk_baseline_intersect_rays_soa(scene, ox, oy, oz, dx, dy, dz, count, out_t, out_index);
}

void arsk_intersect_pinhole_grid(const arsk_scene_soa *scene, const arsk_pinhole_grid *grid,
                                 uint32_t row_begin, uint32_t row_end, void *scratch,
                                 size_t scratch_bytes, float *out_t, int32_t *out_index,
                                 int32_t isa) {
#if defined(ARSK_HAVE_AVX2)
  int32_t resolved = arsk_isa_resolve(isa);
  if (resolved == ARSK_ISA_AVX512) {
    arsk_avx512_intersect_pinhole_grid(scene, grid, row_begin, row_end, scratch, scratch_bytes, out_t, out_index);
    return;
  }
  if (resolved == ARSK_ISA_AVX2) {
    arsk_avx2_intersect_pinhole_grid(scene, grid, row_begin, row_end, scratch, scratch_bytes, out_t, out_index);
    return;
  }
#endif
  (void)isa;
  arsk_baseline_intersect_pinhole_grid(scene, grid, row_begin, row_end, scratch, scratch_bytes,
                                       out_t, out_index);
}

void arsk_intersect_pinhole_grid_bands(const arsk_scene_soa *scene, const arsk_pinhole_grid *grid,
                                       uint32_t band_rows, uint32_t *next_band, void *scratch,
                                       size_t scratch_bytes, float *out_t, int32_t *out_index,
                                       int32_t isa) {
#if defined(ARSK_HAVE_AVX2)
  int32_t resolved = arsk_isa_resolve(isa);
  if (resolved == ARSK_ISA_AVX512) {
    arsk_avx512_intersect_pinhole_grid_bands(scene, grid, band_rows, next_band,
                                             scratch, scratch_bytes, out_t, out_index);
    return;
  }
  if (resolved == ARSK_ISA_AVX2) {
    arsk_avx2_intersect_pinhole_grid_bands(scene, grid, band_rows, next_band,
                                           scratch, scratch_bytes, out_t, out_index);
    return;
  }
#endif
  (void)isa;
  arsk_baseline_intersect_pinhole_grid_bands(scene, grid, band_rows, next_band,
                                             scratch, scratch_bytes, out_t, out_index);
}

size_t arsk_shared_origin_scratch_bytes(size_t plane_count, size_t ray_count) {
  return plane_count * (ARSK_RECORD_FLOATS * sizeof(float) + 2 * sizeof(uint32_t)) +
         (ARSK_CUBE_CELL_COUNT + 2 + ray_count) * sizeof(uint32_t);
}

void arsk_intersect_rays_shared_origin(const arsk_scene_soa *scene, const float *origin,
                                       const float *dx, const float *dy, const float *dz,
                                       size_t count, void *scratch, size_t scratch_bytes,
                                       float *out_t, int32_t *out_index, int32_t isa) {
#if defined(ARSK_HAVE_AVX2)
  int32_t resolved = arsk_isa_resolve(isa);
  if (resolved == ARSK_ISA_AVX512) {
    arsk_avx512_intersect_rays_shared_origin(scene, origin, dx, dy, dz, count, scratch, scratch_bytes, out_t, out_index);
    return;
  }
  if (resolved == ARSK_ISA_AVX2) {
    arsk_avx2_intersect_rays_shared_origin(scene, origin, dx, dy, dz, count, scratch, scratch_bytes, out_t, out_index);
    return;
  }
#endif
  (void)isa;
  arsk_baseline_intersect_rays_shared_origin(scene, origin, dx, dy, dz, count, scratch,
                                             scratch_bytes, out_t, out_index);
}

void arsk_mesh_intersect_rays_soa(const arsk_mesh_scene *scene, const float *ox, const float *oy,
                                  const float *oz, const float *dx, const float *dy,
                                  const float *dz, size_t count, float *out_t, int32_t *out_index,
                                  float *out_u, float *out_v, int32_t isa) {
#if defined(ARSK_HAVE_AVX2)
  int32_t resolved = arsk_isa_resolve(isa);
  if (resolved == ARSK_ISA_AVX512) {
    arsk_avx512_mesh_intersect_rays_soa(scene, ox, oy, oz, dx, dy, dz, count, out_t, out_index,
                                        out_u, out_v);
    return;
  }
  if (resolved == ARSK_ISA_AVX2) {
    arsk_avx2_mesh_intersect_rays_soa(scene, ox, oy, oz, dx, dy, dz, count, out_t, out_index,
                                      out_u, out_v);
    return;
  }
#endif
  (void)isa;
  arsk_baseline_mesh_intersect_rays_soa(scene, ox, oy, oz, dx, dy, dz, count, out_t, out_index,
                                        out_u, out_v);
}

void arsk_mesh_intersect_pinhole_grid_bands(const arsk_mesh_scene *scene,
                                            const arsk_pinhole_grid *grid, uint32_t band_rows,
                                            uint32_t *next_band, float *out_t,
                                            int32_t *out_index, float *out_u, float *out_v,
                                            int32_t isa) {
#if defined(ARSK_HAVE_AVX2)
  int32_t resolved = arsk_isa_resolve(isa);
  if (resolved == ARSK_ISA_AVX512) {
    arsk_avx512_mesh_intersect_pinhole_grid_bands(scene, grid, band_rows, next_band, out_t,
                                                  out_index, out_u, out_v);
    return;
  }
  if (resolved == ARSK_ISA_AVX2) {
    arsk_avx2_mesh_intersect_pinhole_grid_bands(scene, grid, band_rows, next_band, out_t,
                                                out_index, out_u, out_v);
    return;
  }
#endif
  (void)isa;
  arsk_baseline_mesh_intersect_pinhole_grid_bands(scene, grid, band_rows, next_band, out_t,
                                                  out_index, out_u, out_v);
}
