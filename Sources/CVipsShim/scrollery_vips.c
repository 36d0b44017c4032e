#define _GNU_SOURCE
#include "scrollery_vips.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include "vips_declarations.h"

// libvips is opened when the first picture needs it, not when the program starts: linked, it and the
// libraries it needs would be loaded by every run, pictures or not.
// Each call below goes through this table, filled by `dlsym` with each function's own declared type.
#define SCROLLERY_VIPS_CALLS(X) \
    X(vips_init) \
    X(vips_foreign_find_load_buffer) \
    X(vips_image_new_from_buffer) \
    X(vips_image_get_width) \
    X(vips_image_get_height) \
    X(vips_image_get_typeof) \
    X(vips_image_get_int) \
    X(vips_image_get_blob) \
    X(vips_image_get_fields) \
    X(vips_image_remove) \
    X(vips_image_hasalpha) \
    X(vips_image_get_n_pages) \
    X(vips_image_get_bands) \
    X(vips_thumbnail_buffer) \
    X(vips_colourspace) \
    X(vips_image_get_format) \
    X(vips_cast_uchar) \
    X(vips_image_copy_memory) \
    X(vips_resize) \
    X(vips_extract_band) \
    X(vips_avg) \
    X(vips_webpsave_buffer) \
    X(vips_jpegsave_buffer) \
    X(vips_pngsave_buffer) \
    X(vips_heifsave_buffer) \
    X(vips_error) \
    X(vips_error_clear) \
    X(vips_error_buffer_copy) \
    X(vips_thread_shutdown) \
    X(vips_concurrency_set) \
    X(vips_cache_set_max) \
    X(vips_cache_set_max_mem) \
    X(vips_cache_set_max_files) \
    X(vips_block_untrusted_set) \
    X(g_object_unref) \
    X(g_free) \
    X(g_strfreev) \
    X(g_log_set_handler) \

static struct {
#define SCROLLERY_VIPS_FIELD(name) __typeof__(&name) name;
    SCROLLERY_VIPS_CALLS(SCROLLERY_VIPS_FIELD)
#undef SCROLLERY_VIPS_FIELD
} api;

/// Whether `scrollery_vips_start` succeeded: until then no call goes through `api`, whose fields may be
/// NULL (a library that could not be opened, or that lacks a function).
static atomic_int started = 0;

/// The library opened: `SCROLLERY_LIBVIPS` when set (a path or a soname), else libvips' soname.
static const char *library_name(void)
{
    const char *name = getenv("SCROLLERY_LIBVIPS");
    return name != NULL && name[0] != '\0' ? name : "libvips.so.42";
}

int scrollery_vips_open(char **error)
{
    *error = NULL;
    const char *name = library_name();
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        char text[768];
        snprintf(text, sizeof text, "libvips could not be opened (%s)", reason != NULL ? reason : name);
        *error = strdup(text);
        return -1;
    }
#define SCROLLERY_VIPS_LOOKUP(name) \
    api.name = (__typeof__(&name))dlsym(library, #name); \
    if (api.name == NULL) { \
        *error = strdup("the libvips found has no " #name " (libvips 8.14 or later is needed)"); \
        return -1; \
    }
    SCROLLERY_VIPS_CALLS(SCROLLERY_VIPS_LOOKUP)
#undef SCROLLERY_VIPS_LOOKUP
    return 0;
}

// From here on, each libvips or GLib call is a call through the table.
#define vips_init api.vips_init
#define vips_foreign_find_load_buffer api.vips_foreign_find_load_buffer
#define vips_image_new_from_buffer api.vips_image_new_from_buffer
#define vips_image_get_width api.vips_image_get_width
#define vips_image_get_height api.vips_image_get_height
#define vips_image_get_typeof api.vips_image_get_typeof
#define vips_image_get_int api.vips_image_get_int
#define vips_image_get_blob api.vips_image_get_blob
#define vips_image_get_fields api.vips_image_get_fields
#define vips_image_remove api.vips_image_remove
#define vips_image_hasalpha api.vips_image_hasalpha
#define vips_image_get_n_pages api.vips_image_get_n_pages
#define vips_image_get_bands api.vips_image_get_bands
#define vips_thumbnail_buffer api.vips_thumbnail_buffer
#define vips_colourspace api.vips_colourspace
#define vips_image_get_format api.vips_image_get_format
#define vips_cast_uchar api.vips_cast_uchar
#define vips_image_copy_memory api.vips_image_copy_memory
#define vips_resize api.vips_resize
#define vips_extract_band api.vips_extract_band
#define vips_avg api.vips_avg
#define vips_webpsave_buffer api.vips_webpsave_buffer
#define vips_jpegsave_buffer api.vips_jpegsave_buffer
#define vips_pngsave_buffer api.vips_pngsave_buffer
#define vips_heifsave_buffer api.vips_heifsave_buffer
#define vips_error api.vips_error
#define vips_error_clear api.vips_error_clear
#define vips_error_buffer_copy api.vips_error_buffer_copy
#define vips_thread_shutdown api.vips_thread_shutdown
#define vips_concurrency_set api.vips_concurrency_set
#define vips_cache_set_max api.vips_cache_set_max
#define vips_cache_set_max_mem api.vips_cache_set_max_mem
#define vips_cache_set_max_files api.vips_cache_set_max_files
#define vips_block_untrusted_set api.vips_block_untrusted_set
#define g_object_unref api.g_object_unref
#define g_free api.g_free
#define g_strfreev api.g_strfreev
#define g_log_set_handler api.g_log_set_handler

/// libvips' warnings (a damaged tile, say) would go to the terminal: the errors that matter reach the
/// build through the error buffer, with the item they belong to.
static void ignore_warning(const char *domain, int level, const char *message, void *data)
{
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

/// What libvips' error buffer holds, or NULL when it is empty; the buffer is emptied. Freed with `free`.
static char *take_errors(void)
{
    char *buffer = vips_error_buffer_copy();
    char *text = buffer != NULL && buffer[0] != '\0' ? strdup(buffer) : NULL;
    g_free(buffer);
    return text;
}

int scrollery_vips_start(char **error)
{
    *error = NULL;
    if (vips_init("scrollery") != 0) {
        *error = take_errors();
        return -1;
    }
    g_log_set_handler("VIPS", SCROLLERY_G_LOG_LEVEL_WARNING, ignore_warning, NULL);
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    vips_block_untrusted_set(SCROLLERY_G_TRUE);
    atomic_store(&started, 1);
    return 0;
}

/// libvips writes errors into one buffer for the process, from whichever thread met them (its own workers
/// too), so no thread-local copy can tell whose they are. Calls share this lock and never read the buffer; a
/// failed call whose caller wants the reason is made again holding it alone, between emptying the buffer and
/// copying it. (Writers first, or a steady stream of calls would keep that second try waiting.)
#ifdef __GLIBC__
static pthread_rwlock_t calls = PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP;
#else
static pthread_rwlock_t calls = PTHREAD_RWLOCK_INITIALIZER;
#endif

/// One call into libvips, made as `do ... while (call_again(&call, failed))`.
typedef struct {
    /// Where the failure's text goes, or NULL when the caller does not want it.
    char **error;
    /// Whether this try holds `calls` alone.
    int alone;
} Call;

static Call call_begin(char **error)
{
    if (error != NULL) *error = NULL;
    pthread_rwlock_rdlock(&calls);
    return (Call){ .error = error, .alone = 0 };
}

/// Ends a try of `call`. Returns 1 when it is to be made again, now holding `calls` alone.
static int call_again(Call *call, int failed)
{
    if (call->alone) {
        if (failed) *call->error = take_errors();
        pthread_rwlock_unlock(&calls);
        return 0;
    }
    pthread_rwlock_unlock(&calls);
    if (!failed || call->error == NULL) return 0;
    pthread_rwlock_wrlock(&calls);
    vips_error_clear();
    call->alone = 1;
    return 1;
}

static ScrolleryLoader loader_of(const char *name)
{
    if (name == NULL) return SCROLLERY_LOADER_UNSUPPORTED;
    if (strcasestr(name, "jpeg") != NULL) return SCROLLERY_LOADER_JPEG;
    if (strcasestr(name, "png") != NULL) return SCROLLERY_LOADER_PNG;
    if (strcasestr(name, "webp") != NULL) return SCROLLERY_LOADER_WEBP;
    if (strcasestr(name, "gif") != NULL) return SCROLLERY_LOADER_GIF;
    if (strcasestr(name, "heif") != NULL) return SCROLLERY_LOADER_HEIF;
    if (strcasestr(name, "tiff") != NULL) return SCROLLERY_LOADER_TIFF;
    return SCROLLERY_LOADER_UNSUPPORTED;
}

/// The largest EXIF block kept: a JPEG's cannot pass 64 KiB; one far larger is not a camera's.
#define SCROLLERY_EXIF_MAX_BYTES ((size_t)1 << 20)

static int read_header(const void *data, size_t size, ScrolleryImageHeader *header)
{
    memset(header, 0, sizeof *header);
    header->loader = loader_of(vips_foreign_find_load_buffer(data, size));
    if (header->loader == SCROLLERY_LOADER_UNSUPPORTED) return -1;
    VipsImage *image = vips_image_new_from_buffer(data, size, "", "access", SCROLLERY_VIPS_ACCESS_SEQUENTIAL, NULL);
    if (image == NULL) return -1;
    header->width = vips_image_get_width(image);
    header->height = vips_image_get_height(image);
    header->orientation = 1;
    int orientation = 1;
    if (vips_image_get_typeof(image, SCROLLERY_VIPS_META_ORIENTATION) != 0
        && vips_image_get_int(image, SCROLLERY_VIPS_META_ORIENTATION, &orientation) == 0 && orientation >= 1 && orientation <= 8)
        header->orientation = orientation;
    header->has_alpha = vips_image_hasalpha(image) ? 1 : 0;
    header->pages = vips_image_get_n_pages(image);
    const void *exif = NULL;
    size_t exif_size = 0;
    if (vips_image_get_typeof(image, SCROLLERY_VIPS_META_EXIF_NAME) != 0
        && vips_image_get_blob(image, SCROLLERY_VIPS_META_EXIF_NAME, &exif, &exif_size) == 0 && exif != NULL
        && exif_size > 0 && exif_size <= SCROLLERY_EXIF_MAX_BYTES) {
        header->exif = malloc(exif_size);
        if (header->exif != NULL) {
            memcpy(header->exif, exif, exif_size);
            header->exif_size = exif_size;
        }
    }
    g_object_unref(image);
    return 0;
}

int scrollery_vips_header(const void *data, size_t size, ScrolleryImageHeader *header, char **error)
{
    int status;
    Call call = call_begin(error);
    // A format libvips does not read has no reason to look up.
    do status = read_header(data, size, header);
    while (call_again(&call, status != 0 && header->loader != SCROLLERY_LOADER_UNSUPPORTED));
    return status;
}

void scrollery_vips_header_release(ScrolleryImageHeader *header)
{
    free(header->exif);
    header->exif = NULL;
    header->exif_size = 0;
}

/// Takes every metadata field (EXIF, XMP, IPTC, ICC, comments) off `image`, so no variant made from it
/// can carry one: libvips 8.14's WebP writer keeps EXIF and XMP even when told to strip. The header's own
/// fields (width, bands, ...) are not metadata, and are not removed.
static void remove_metadata(VipsImage *image)
{
    char **fields = vips_image_get_fields(image);
    if (fields == NULL) return;
    for (char **field = fields; *field != NULL; field++) vips_image_remove(image, *field);
    g_strfreev(fields);
}

static VipsImage *decode(const void *data, size_t size, int width)
{
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail_buffer((void *)data, size, &thumbnail, width, "height", SCROLLERY_VIPS_MAX_COORD, "size", SCROLLERY_VIPS_SIZE_DOWN,
            "option_string", "fail_on=truncated", NULL)
        != 0)
        return NULL;
    int colour_bands = vips_image_get_bands(thumbnail) - (vips_image_hasalpha(thumbnail) ? 1 : 0);
    VipsImage *converted = NULL;
    int failed = vips_colourspace(thumbnail, &converted,
        colour_bands < 3 ? SCROLLERY_VIPS_INTERPRETATION_B_W : SCROLLERY_VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(thumbnail);
    if (failed) return NULL;
    if (vips_image_get_format(converted) != SCROLLERY_VIPS_FORMAT_UCHAR) {
        VipsImage *cast = NULL;
        failed = vips_cast_uchar(converted, &cast, NULL);
        g_object_unref(converted);
        if (failed) return NULL;
        converted = cast;
    }
    // Every variant is made from this copy: the original is decoded once.
    VipsImage *memory = vips_image_copy_memory(converted);
    g_object_unref(converted);
    if (memory != NULL) remove_metadata(memory);
    return memory;
}

VipsImage *scrollery_vips_decode(const void *data, size_t size, int width, char **error)
{
    VipsImage *image;
    Call call = call_begin(error);
    do image = decode(data, size, width);
    while (call_again(&call, image == NULL));
    return image;
}

static VipsImage *resize(VipsImage *image, int width)
{
    double scale = (double)width / (double)vips_image_get_width(image);
    VipsImage *resized = NULL;
    if (vips_resize(image, &resized, scale, "kernel", SCROLLERY_VIPS_KERNEL_LANCZOS3, NULL) != 0) return NULL;
    VipsImage *memory = vips_image_copy_memory(resized);
    g_object_unref(resized);
    return memory;
}

VipsImage *scrollery_vips_resize(VipsImage *image, int width, char **error)
{
    VipsImage *resized;
    Call call = call_begin(error);
    do resized = resize(image, width);
    while (call_again(&call, resized == NULL));
    return resized;
}

static int average_colour(VipsImage *image, double rgb[3])
{
    int colour_bands = vips_image_get_bands(image) - (vips_image_hasalpha(image) ? 1 : 0);
    for (int channel = 0; channel < 3; channel++) {
        VipsImage *band = NULL;
        if (vips_extract_band(image, &band, colour_bands >= 3 ? channel : 0, NULL) != 0) return -1;
        int failed = vips_avg(band, &rgb[channel], NULL);
        g_object_unref(band);
        if (failed) return -1;
    }
    return 0;
}

int scrollery_vips_average_colour(VipsImage *image, double rgb[3], char **error)
{
    int status;
    Call call = call_begin(error);
    do status = average_colour(image, rgb);
    while (call_again(&call, status != 0));
    return status;
}

static int save(VipsImage *image, ScrolleryFormat format, int quality, void **data, size_t *size)
{
    switch (format) {
    case SCROLLERY_SAVE_WEBP:
        return vips_webpsave_buffer(image, data, size, "Q", quality, "strip", SCROLLERY_G_TRUE, NULL);
    case SCROLLERY_SAVE_JPEG:
        return vips_jpegsave_buffer(image, data, size, "Q", quality, "strip", SCROLLERY_G_TRUE, "optimize_coding", SCROLLERY_G_TRUE, NULL);
    case SCROLLERY_SAVE_PNG:
        return vips_pngsave_buffer(image, data, size, "strip", SCROLLERY_G_TRUE, NULL);
    case SCROLLERY_SAVE_AVIF:
        return vips_heifsave_buffer(image, data, size, "Q", quality, "compression",
            SCROLLERY_VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "strip", SCROLLERY_G_TRUE, NULL);
    }
    vips_error("scrollery", "unknown output format %d", (int)format);
    return -1;
}

int scrollery_vips_save(
    VipsImage *image, ScrolleryFormat format, int quality, void **data, size_t *size, char **error)
{
    int status;
    Call call = call_begin(error);
    do status = save(image, format, quality, data, size);
    while (call_again(&call, status != 0));
    return status;
}

int scrollery_vips_width(VipsImage *image) { return vips_image_get_width(image); }
int scrollery_vips_height(VipsImage *image) { return vips_image_get_height(image); }
int scrollery_vips_has_alpha(VipsImage *image) { return vips_image_hasalpha(image) ? 1 : 0; }
void scrollery_vips_release(VipsImage *image) { g_object_unref(image); }
void scrollery_vips_free(void *data) { g_free(data); }

void scrollery_vips_thread_done(void)
{
    if (atomic_load(&started)) vips_thread_shutdown();
}
