#define _GNU_SOURCE
#include "scrollery_vips.h"

#include <string.h>
#include <vips/vips.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/// libvips' warnings (a damaged tile, say) would go to the terminal: the errors that matter reach the
/// build through the error buffer, with the item they belong to.
static void ignore_warning(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data)
{
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

int scrollery_vips_start(void)
{
    if (vips_init("scrollery") != 0) return -1;
#ifdef __GLIBC__
    // Decoded pictures are large buffers freed soon after, on whichever pooled thread ran the job. By
    // default glibc raises its mmap threshold after such a free and keeps later buffers in per-thread
    // arenas that never shrink, so memory would grow with the number of pictures. A fixed threshold
    // hands every buffer of 1 MB or more back to the system when it is freed, and fewer arenas bound
    // what small allocations keep.
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
    mallopt(M_ARENA_MAX, 4);
#endif
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, ignore_warning, NULL);
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    vips_block_untrusted_set(TRUE);
    return 0;
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

int scrollery_vips_header(const void *data, size_t size, ScrolleryImageHeader *header)
{
    memset(header, 0, sizeof *header);
    header->loader = loader_of(vips_foreign_find_load_buffer(data, size));
    if (header->loader == SCROLLERY_LOADER_UNSUPPORTED) {
        vips_error("scrollery", "not an image in a supported format (JPEG, PNG, WebP, GIF, AVIF/HEIF, TIFF)");
        return -1;
    }
    VipsImage *image = vips_image_new_from_buffer(data, size, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (image == NULL) return -1;
    header->width = vips_image_get_width(image);
    header->height = vips_image_get_height(image);
    header->orientation = 1;
    int orientation = 1;
    if (vips_image_get_typeof(image, VIPS_META_ORIENTATION) != 0
        && vips_image_get_int(image, VIPS_META_ORIENTATION, &orientation) == 0 && orientation >= 1 && orientation <= 8)
        header->orientation = orientation;
    header->has_alpha = vips_image_hasalpha(image) ? 1 : 0;
    header->pages = vips_image_get_n_pages(image);
    g_object_unref(image);
    return 0;
}

VipsImage *scrollery_vips_decode(const void *data, size_t size, int width)
{
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail_buffer((void *)data, size, &thumbnail, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
            "option_string", "fail_on=truncated", NULL)
        != 0)
        return NULL;
    int colour_bands = vips_image_get_bands(thumbnail) - (vips_image_hasalpha(thumbnail) ? 1 : 0);
    VipsImage *converted = NULL;
    int failed = vips_colourspace(thumbnail, &converted,
        colour_bands < 3 ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(thumbnail);
    if (failed) return NULL;
    if (vips_image_get_format(converted) != VIPS_FORMAT_UCHAR) {
        VipsImage *cast = NULL;
        failed = vips_cast_uchar(converted, &cast, NULL);
        g_object_unref(converted);
        if (failed) return NULL;
        converted = cast;
    }
    // Every variant is made from this copy: the original is decoded once.
    VipsImage *memory = vips_image_copy_memory(converted);
    g_object_unref(converted);
    return memory;
}

VipsImage *scrollery_vips_resize(VipsImage *image, int width)
{
    double scale = (double)width / (double)vips_image_get_width(image);
    VipsImage *resized = NULL;
    if (vips_resize(image, &resized, scale, "kernel", VIPS_KERNEL_LANCZOS3, NULL) != 0) return NULL;
    VipsImage *memory = vips_image_copy_memory(resized);
    g_object_unref(resized);
    return memory;
}

int scrollery_vips_average_colour(VipsImage *image, double rgb[3])
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

int scrollery_vips_save(VipsImage *image, ScrolleryFormat format, int quality, void **data, size_t *size)
{
    switch (format) {
    case SCROLLERY_SAVE_WEBP:
        return vips_webpsave_buffer(image, data, size, "Q", quality, "strip", TRUE, NULL);
    case SCROLLERY_SAVE_JPEG:
        return vips_jpegsave_buffer(image, data, size, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
    case SCROLLERY_SAVE_PNG:
        return vips_pngsave_buffer(image, data, size, "strip", TRUE, NULL);
    case SCROLLERY_SAVE_AVIF:
        return vips_heifsave_buffer(image, data, size, "Q", quality, "compression",
            VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "strip", TRUE, NULL);
    }
    vips_error("scrollery", "unknown output format %d", (int)format);
    return -1;
}

int scrollery_vips_pixel(const void *data, size_t size, int x, int y, double rgb[3])
{
    VipsImage *image = vips_image_new_from_buffer(data, size, "", NULL);
    if (image == NULL) return -1;
    double *values = NULL;
    int count = 0;
    int failed = vips_getpoint(image, &values, &count, x, y, NULL);
    g_object_unref(image);
    if (failed || count < 1) return -1;
    for (int channel = 0; channel < 3; channel++) rgb[channel] = values[count >= 3 ? channel : 0];
    g_free(values);
    return 0;
}

int scrollery_vips_width(VipsImage *image) { return vips_image_get_width(image); }
int scrollery_vips_height(VipsImage *image) { return vips_image_get_height(image); }
int scrollery_vips_has_alpha(VipsImage *image) { return vips_image_hasalpha(image) ? 1 : 0; }
void scrollery_vips_release(VipsImage *image) { g_object_unref(image); }
void scrollery_vips_free(void *data) { g_free(data); }

char *scrollery_vips_take_error(void)
{
    const char *buffer = vips_error_buffer();
    if (buffer == NULL || buffer[0] == '\0') return NULL;
    return vips_error_buffer_copy();
}

void scrollery_vips_thread_done(void)
{
    vips_thread_shutdown();
#ifdef __GLIBC__
    // The job's buffers under the mmap threshold are free now but scattered through the arena; hand
    // their pages back, so the peak does not creep up with the number of pictures.
    malloc_trim(0);
#endif
}
