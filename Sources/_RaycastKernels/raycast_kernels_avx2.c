/* The kernel source compiled for AVX2 (8 lanes). SIMDe is told the AVX2/FMA intrinsics are native
   and every function here carries target("avx2,fma"), so nothing needs -mavx2 and the file is safe
   to link on any x86-64 CPU: raycast_kernels.c calls these only after CPU detection. FMA is enabled
   by the target but never used for arithmetic (the pragma below, no fmadd intrinsics) so results
   stay bit-identical to the baseline and to the Swift reference. */
/* Bit-identical results on every instruction set and in the Swift implementations need every
   multiply and add rounded separately: no fused multiply-add contraction anywhere in this file
   (this replaces a -ffp-contract=off flag, which a versioned package dependency cannot carry). */
#pragma clang fp contract(off)
#if defined(__x86_64__) && defined(__clang__)
#define SIMDE_X86_AVX2_NATIVE
#define SIMDE_X86_FMA_NATIVE
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#include <simde/x86/avx2.h>

#define V simde__m256
#define VL 8
#define vset1 simde_mm256_set1_ps
#define vset1i simde_mm256_set1_epi32
#define vcasti simde_mm256_castsi256_ps
#define vload simde_mm256_loadu_ps
#define vstore simde_mm256_storeu_ps
#define vstorei(p, x) simde_mm256_storeu_si256((simde__m256i *)(void *)(p), simde_mm256_castps_si256(x))
#define vadd simde_mm256_add_ps
#define vsub simde_mm256_sub_ps
#define vmul simde_mm256_mul_ps
#define vdiv simde_mm256_div_ps
#define vsqrt simde_mm256_sqrt_ps
#define vand simde_mm256_and_ps
#define vor simde_mm256_or_ps
#define vandnot simde_mm256_andnot_ps
#define vlt(a, b) simde_mm256_cmp_ps(a, b, SIMDE_CMP_LT_OQ)
#define vle(a, b) simde_mm256_cmp_ps(a, b, SIMDE_CMP_LE_OQ)
#define vgt(a, b) simde_mm256_cmp_ps(a, b, SIMDE_CMP_GT_OQ)
#define vge(a, b) simde_mm256_cmp_ps(a, b, SIMDE_CMP_GE_OQ)
#define veq(a, b) simde_mm256_cmp_ps(a, b, SIMDE_CMP_EQ_OQ)
#define vmovemask simde_mm256_movemask_ps
#define vcastf simde_mm256_castps_si256
#define vcmpgti simde_mm256_cmpgt_epi32
#define vblend simde_mm256_blendv_ps
#define ARSK_FN(name) arsk_avx2_##name

#include "internal/raycast_kernel_body.h"
#include "internal/raycast_mesh_kernel_body.h"
#pragma clang attribute pop
#endif
