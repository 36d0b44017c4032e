#define _GNU_SOURCE
#include "allocator_tuning.h"

// Any header of the C library defines __GLIBC__ where it is glibc: before one is included, it is not, and
// every function below would do nothing.
#include <stdio.h>

#if defined(__gnu_linux__) && !defined(__GLIBC__)
#error "glibc's headers were not seen: __GLIBC__ is undefined, so the tuning below would be left out"
#endif

#ifdef __GLIBC__
#include <dlfcn.h>
#include <malloc.h>
#include <unistd.h>
#endif

void scrollery_allocator_tune_for_pictures(void)
{
#ifdef __GLIBC__
    // A fixed threshold keeps every decoded picture's buffers in the arenas, where the next job reuses them,
    // instead of one that drifts with the pictures seen; fewer arenas bound what they keep.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_ARENA_MAX, 4);
#endif
}

#ifdef __GLIBC__
/// The process's resident pages (the second field of /proc/self/statm), or -1.
static long resident_pages(void)
{
    FILE *statm = fopen("/proc/self/statm", "r");
    if (statm == NULL) return -1;
    long size = 0, resident = -1;
    if (fscanf(statm, "%ld %ld", &size, &resident) != 2) resident = -1;
    fclose(statm);
    return resident;
}

/// Resident pages just after the last trim.
static _Atomic long resident_after_trim = 0;

/// jemalloc's control call, when the program runs with jemalloc: then `malloc_trim` would trim only glibc's
/// unused arenas, and jemalloc's own purge hands the pages back.
typedef int (*scrollery_mallctl)(const char *, void *, size_t *, void *, size_t);

static void trim_allocator(void)
{
    scrollery_mallctl mallctl = (scrollery_mallctl)dlsym(RTLD_DEFAULT, "mallctl");
    // 4096 is MALLCTL_ARENAS_ALL: every arena's unused dirty pages.
    if (mallctl == NULL || mallctl("arena.4096.purge", NULL, NULL, NULL, 0) != 0) malloc_trim(0);
}
#endif

void scrollery_allocator_trim_if_grown(void)
{
#ifdef __GLIBC__
    // What the arenas keep is scattered between live blocks and grows with the number of pictures seen;
    // trimming only past a threshold costs its page faults now and then, not after every job. (Free bytes
    // in the arenas would not tell: a trim returns their pages but leaves them counted as free.)
    long page = sysconf(_SC_PAGESIZE);
    long resident = resident_pages();
    if (page > 0 && resident > 0 && resident > resident_after_trim + (64L << 20) / page) {
        trim_allocator();
        resident_after_trim = resident_pages();
    }
#endif
}

void scrollery_allocator_purge(void)
{
#ifdef __GLIBC__
    trim_allocator();
#endif
}

int scrollery_allocator_is_jemalloc(void)
{
#ifdef __GLIBC__
    void *used = dlsym(RTLD_DEFAULT, "malloc");
    void *control = dlsym(RTLD_DEFAULT, "mallctl");
    Dl_info used_info;
    Dl_info control_info;
    if (used == NULL || control == NULL) return 0;
    if (dladdr(used, &used_info) == 0 || dladdr(control, &control_info) == 0) return 0;
    return used_info.dli_fbase == control_info.dli_fbase;
#else
    return 0;
#endif
}
