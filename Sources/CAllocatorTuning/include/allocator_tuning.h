#ifndef SCROLLERY_ALLOCATOR_TUNING_H
#define SCROLLERY_ALLOCATOR_TUNING_H
// How the C library's allocator is set for picture work, where each job allocates and frees buffers of
// many megabytes, and for the search index's last merge. Each function does nothing where the C library is
// not glibc.

/// Keeps large buffers in glibc's arenas for the next job to reuse (a fixed mmap threshold, glibc's
/// largest) and bounds the number of arenas. Called once, when the picture library has started.
void scrollery_allocator_tune_for_pictures(void);

/// Hands free pages back to the system once the process holds 64 MB more than after the last time: with
/// jemalloc (the `scrollery` program's allocator) by purging its arenas, otherwise with `malloc_trim`.
/// Called when a picture job ends.
void scrollery_allocator_trim_if_grown(void);

/// Hands every arena's free pages back to the system now: jemalloc's purge, or `malloc_trim`. Called by the
/// search index's last merge, whose batches are made on one thread and freed on another, so that each
/// thread's arena would otherwise keep what it freed.
void scrollery_allocator_purge(void);

/// Whether the `malloc` the program's calls resolve to is jemalloc's: it is in the same loaded object as
/// jemalloc's `mallctl` (libjemalloc.so.2, or the program itself when jemalloc is linked in). 1 or 0.
int scrollery_allocator_is_jemalloc(void);

#endif
