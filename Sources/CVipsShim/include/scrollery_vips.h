#ifndef SCROLLERY_VIPS_H
#define SCROLLERY_VIPS_H
// A small C face for libvips: its operations take variadic, NULL-terminated option lists, which Swift
// cannot call. Each function here makes one such call with fixed options.
//
// A function that can fail takes `char **error`: on failure `*error` is libvips' text for that failure
// (NULL when it gave none), on success NULL; freed with `free`. Pass NULL for `error` when the reason is
// not wanted: a failure then costs no second try (see `calls` in scrollery_vips.c).
#include <stddef.h>

typedef struct _VipsImage VipsImage;

/// The formats an original may be in: anything else is refused before it is decoded.
typedef enum {
    SCROLLERY_LOADER_UNSUPPORTED = 0,
    SCROLLERY_LOADER_JPEG,
    SCROLLERY_LOADER_PNG,
    SCROLLERY_LOADER_WEBP,
    SCROLLERY_LOADER_GIF,
    SCROLLERY_LOADER_HEIF,
    SCROLLERY_LOADER_TIFF,
} ScrolleryLoader;

/// The formats a variant is written in.
typedef enum {
    SCROLLERY_SAVE_WEBP = 0,
    SCROLLERY_SAVE_JPEG,
    SCROLLERY_SAVE_PNG,
    SCROLLERY_SAVE_AVIF,
} ScrolleryFormat;

/// What an original's header says, read without decoding a pixel.
typedef struct {
    ScrolleryLoader loader;
    /// As stored (before the EXIF orientation is applied).
    int width;
    int height;
    /// EXIF orientation, 1 to 8 (1 when there is none).
    int orientation;
    int has_alpha;
    int pages;
    /// A copy of the EXIF block the loader found (a TIFF structure), NULL when there is none or it is
    /// larger than 1 MiB; released with `scrollery_vips_header_release`.
    void *exif;
    size_t exif_size;
} ScrolleryImageHeader;

/// Opens `libvips.so.42` (or the library the environment variable `SCROLLERY_LIBVIPS` names) and finds
/// every function the shim calls, without starting libvips. Called once for the process. Returns 0, or -1
/// with why not in `*error`. `error` may not be NULL.
int scrollery_vips_open(char **error);

/// Starts libvips once for the process, after `scrollery_vips_open` succeeded: one thread per operation
/// (Scrollery runs its own workers), no operation cache, loaders marked untrusted blocked. Returns 0, or -1.
/// `error` may not be NULL. Until it succeeds, `scrollery_vips_thread_done` does nothing and no other call
/// may be made.
int scrollery_vips_start(char **error);

/// Fills `header` from the first bytes of an image. Returns 0, or -1 (not an image libvips may load; with
/// no text when `header->loader` is `SCROLLERY_LOADER_UNSUPPORTED`).
int scrollery_vips_header(const void *data, size_t size, ScrolleryImageHeader *header, char **error);

/// Frees what `scrollery_vips_header` allocated in `header` (its EXIF copy); safe on a zeroed header.
void scrollery_vips_header_release(ScrolleryImageHeader *header);

/// Decodes the first frame, shrinking on load to at most `width` pixels wide (never enlarging), rotated
/// upright by its EXIF orientation, in 8-bit sRGB (or grey), held in memory. A truncated file fails.
/// Returns NULL on failure.
VipsImage *scrollery_vips_decode(const void *data, size_t size, int width, char **error);

/// `image` resized to `width` pixels wide (the height in proportion), in memory. NULL on failure.
VipsImage *scrollery_vips_resize(VipsImage *image, int width, char **error);

/// The average colour of the image's colour bands, each 0 to 255, into `rgb`. Returns 0 or -1.
int scrollery_vips_average_colour(VipsImage *image, double rgb[3], char **error);

/// Encodes `image` without metadata. `*data` is freed with `scrollery_vips_free`. Returns 0 or -1.
int scrollery_vips_save(
    VipsImage *image, ScrolleryFormat format, int quality, void **data, size_t *size, char **error);

int scrollery_vips_width(VipsImage *image);
int scrollery_vips_height(VipsImage *image);
int scrollery_vips_has_alpha(VipsImage *image);
void scrollery_vips_release(VipsImage *image);
void scrollery_vips_free(void *data);

/// Frees what libvips keeps for the calling thread; called when a job ends on a pooled thread.
void scrollery_vips_thread_done(void);

#endif
