#ifndef SCROLLERY_CJEMALLOC_SHIM_H
#define SCROLLERY_CJEMALLOC_SHIM_H
#include <stddef.h>
#include <jemalloc/jemalloc.h>

/// jemalloc's version ("5.3.0-0-g…"), or NULL if it cannot say.
static inline const char *scrollery_jemalloc_version(void) {
    const char *version = NULL;
    size_t size = sizeof version;
    return mallctl("version", (void *)&version, &size, NULL, 0) == 0 ? version : NULL;
}
#endif
