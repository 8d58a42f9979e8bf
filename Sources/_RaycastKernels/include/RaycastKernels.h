#ifndef ARSK_RAYCAST_KERNELS_H
#define ARSK_RAYCAST_KERNELS_H
#include <stddef.h>
#include <stdint.h>
/// Version of the kernel ABI.
int32_t arsk_abi_version(void);
#endif
