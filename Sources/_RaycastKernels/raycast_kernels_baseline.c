/* The kernel source compiled for the baseline (4 lanes): SSE2 on x86-64, NEON on ARM64, through
   SIMDe's SSE API. No target attributes: this runs on every CPU the package supports. */
/* Bit-identical results on every instruction set and in the Swift implementations need every
   multiply and add rounded separately: no fused multiply-add contraction anywhere in this file
   (this replaces a -ffp-contract=off flag, which a versioned package dependency cannot carry). */
#pragma clang fp contract(off)
#include <simde/x86/sse2.h>

#define V simde__m128
#define VL 4
#define vset1 simde_mm_set1_ps
#define vset1i simde_mm_set1_epi32
#define vcasti simde_mm_castsi128_ps
#define vload simde_mm_loadu_ps
#define vstore simde_mm_storeu_ps
#define vstorei(p, x) simde_mm_storeu_si128((simde__m128i *)(void *)(p), simde_mm_castps_si128(x))
#define vadd simde_mm_add_ps
#define vsub simde_mm_sub_ps
#define vmul simde_mm_mul_ps
#define vdiv simde_mm_div_ps
#define vsqrt simde_mm_sqrt_ps
#define vand simde_mm_and_ps
#define vor simde_mm_or_ps
#define vandnot simde_mm_andnot_ps
#define vlt simde_mm_cmplt_ps
#define vle simde_mm_cmple_ps
#define vgt simde_mm_cmpgt_ps
#define vge simde_mm_cmpge_ps
#define veq simde_mm_cmpeq_ps
#define vmovemask simde_mm_movemask_ps
#define vcastf simde_mm_castps_si128
#define vcmpgti simde_mm_cmpgt_epi32
#define ARSK_FN(name) arsk_baseline_##name

#include "internal/raycast_kernel_body.h"
#include "internal/raycast_mesh_kernel_body.h"
