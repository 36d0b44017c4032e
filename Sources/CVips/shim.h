#ifndef SCROLLERY_CVIPS_SHIM_H
#define SCROLLERY_CVIPS_SHIM_H
#include <vips/vips.h>
#endif
