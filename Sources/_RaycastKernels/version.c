#include "RaycastKernels.h"
int32_t arsk_abi_version(void) { return 1; }
