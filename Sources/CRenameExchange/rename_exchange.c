#define _GNU_SOURCE
#include "rename_exchange.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__APPLE__)
int scrollery_rename_exchange(const char *from, const char *to) {
    return renamex_np(from, to, RENAME_SWAP);
}
#elif defined(__linux__) && defined(RENAME_EXCHANGE)
int scrollery_rename_exchange(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
}
#else
int scrollery_rename_exchange(const char *from, const char *to) {
    (void)from;
    (void)to;
    errno = ENOSYS;
    return -1;
}
#endif
