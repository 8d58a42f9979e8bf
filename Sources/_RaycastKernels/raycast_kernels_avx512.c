/* The kernel source compiled for AVX-512 (16 lanes: AVX512F + AVX512DQ). SIMDe is told the
   intrinsics are native and every function here carries target("avx512f,avx512dq,..."), so nothing
   needs -mavx512f and the file is safe to link on any x86-64 CPU: raycast_kernels.c calls these
   only after CPU detection (which includes the operating system's support for the 512-bit
   registers). Comparisons produce AVX-512 mask registers; the shared kernel body works on
   all-ones / all-zeros lane vectors, so each comparison is widened back to a vector
   (vpmovm2d) and tests and blends read the mask back (vpmovd2m). Every arithmetic operation is
   the same IEEE add/sub/mul/div/sqrt as in the AVX2 and baseline variants, never fused, so the
   results are bit-identical to theirs and to the Swift reference. */
/* Bit-identical results on every instruction set and in the Swift implementations need every
   multiply and add rounded separately: no fused multiply-add contraction anywhere in this file. */
#pragma clang fp contract(off)
#if defined(__x86_64__) && defined(__clang__)
#define SIMDE_X86_AVX512F_NATIVE
#define SIMDE_X86_AVX512DQ_NATIVE
#define SIMDE_X86_AVX512VL_NATIVE
#define SIMDE_X86_AVX512BW_NATIVE
#define SIMDE_X86_AVX2_NATIVE
#define SIMDE_X86_FMA_NATIVE
#pragma clang attribute push(__attribute__((target("avx512f,avx512dq,avx512vl,avx512bw,avx2,fma"))), apply_to = function)
#include <simde/x86/avx512.h>

#define V simde__m512
#define VL 16
/* Two 16-lane vectors per row step cover the grid kernel's 32-column tiles exactly. */
#define ARSK_NV 2
#define vset1 simde_mm512_set1_ps
#define vset1i simde_mm512_set1_epi32
#define vcasti simde_mm512_castsi512_ps
#define vload simde_mm512_loadu_ps
#define vstore simde_mm512_storeu_ps
#define vstorei(p, x) simde_mm512_storeu_si512((void *)(p), simde_mm512_castps_si512(x))
#define vadd simde_mm512_add_ps
#define vsub simde_mm512_sub_ps
#define vmul simde_mm512_mul_ps
#define vdiv simde_mm512_div_ps
#define vsqrt simde_mm512_sqrt_ps
#define vand simde_mm512_and_ps
#define vor simde_mm512_or_ps
#define vandnot simde_mm512_andnot_ps
#define ARSK_MASK_VECTOR(mask) simde_mm512_castsi512_ps(simde_mm512_movm_epi32(mask))
#define vlt(a, b) ARSK_MASK_VECTOR(simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_LT_OQ))
#define vle(a, b) ARSK_MASK_VECTOR(simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_LE_OQ))
#define vgt(a, b) ARSK_MASK_VECTOR(simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_GT_OQ))
#define vge(a, b) ARSK_MASK_VECTOR(simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_GE_OQ))
#define veq(a, b) ARSK_MASK_VECTOR(simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_EQ_OQ))
#define vmovemask(x) ((int)simde_mm512_movepi32_mask(simde_mm512_castps_si512(x)))
#define vcastf simde_mm512_castps_si512
#define vcmpgti(a, b) simde_mm512_movm_epi32(simde_mm512_cmpgt_epi32_mask(a, b))
#define vblend(a, b, mask) \
  simde_mm512_mask_blend_ps(simde_mm512_movepi32_mask(simde_mm512_castps_si512(mask)), a, b)
#define ARSK_FN(name) arsk_avx512_##name

#include "internal/raycast_kernel_body.h"
#include "internal/raycast_mesh_kernel_body.h"
#pragma clang attribute pop
#endif
