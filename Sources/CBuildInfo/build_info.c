#include "build_info.h"

#include <stddef.h>

// Defined only by the object file that `make dist` links in; a weak reference is NULL without it.
extern const char scrollery_commit_text[] __attribute__((weak));

const char *scrollery_build_commit(void)
{
    return scrollery_commit_text != NULL ? scrollery_commit_text : "";
}
