/* The system library _CSIMDe: SIMDe's common header (version macros, feature detection). The
   raycast kernels include the instruction-set headers themselves, so nothing imports this. */
#include <simde/simde-common.h>
