#ifndef SCROLLERY_CCMARK_SHIM_H
#define SCROLLERY_CCMARK_SHIM_H
#include <cmark.h>
#endif
