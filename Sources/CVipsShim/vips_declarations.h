#ifndef SCROLLERY_VIPS_DECLARATIONS_H
#define SCROLLERY_VIPS_DECLARATIONS_H
// The libvips and GLib calls the shim makes, and the constants it passes, declared here instead of taken
// from libvips-dev's and GLib's headers: the shim then needs no header folder of any system, and libvips is
// still only opened (dlopen), never linked. Each type is written as the base type the headers' type is
// compatible with (`gboolean` is `int`, `GType` is `unsigned long`, the enums are `int`);
// scripts/check-vips-declarations.c compiles this file after the real headers, so a declaration or a
// value that differs from theirs fails `make lint`.
#include <stddef.h>

typedef struct _VipsImage VipsImage;

/// `VipsAccess`, `VipsSize`, `VipsInterpretation`, `VipsBandFormat`, `VipsKernel`,
/// `VipsForeignHeifCompression` and `GLogLevelFlags` values, as libvips 8.14 and GLib 2 define them.
enum {
    SCROLLERY_VIPS_ACCESS_SEQUENTIAL = 1,
    SCROLLERY_VIPS_SIZE_DOWN = 2,
    SCROLLERY_VIPS_INTERPRETATION_B_W = 1,
    SCROLLERY_VIPS_INTERPRETATION_sRGB = 22,
    SCROLLERY_VIPS_FORMAT_UCHAR = 0,
    SCROLLERY_VIPS_KERNEL_LANCZOS3 = 5,
    SCROLLERY_VIPS_FOREIGN_HEIF_COMPRESSION_AV1 = 4,
    SCROLLERY_G_LOG_LEVEL_WARNING = 1 << 4,
};

/// `VIPS_MAX_COORD`: the largest width or height libvips takes.
#define SCROLLERY_VIPS_MAX_COORD (10000000)
/// `VIPS_META_ORIENTATION`: the name of the EXIF orientation field.
#define SCROLLERY_VIPS_META_ORIENTATION "orientation"
/// `VIPS_META_EXIF_NAME`: the name of the EXIF block, as the loader found it.
#define SCROLLERY_VIPS_META_EXIF_NAME "exif-data"
/// GLib's `TRUE`, as a `gboolean` option.
#define SCROLLERY_G_TRUE 1

int vips_init(const char *argv0);
const char *vips_foreign_find_load_buffer(const void *data, size_t size);
VipsImage *vips_image_new_from_buffer(const void *buf, size_t len, const char *option_string, ...);
int vips_image_get_width(const VipsImage *image);
int vips_image_get_height(const VipsImage *image);
unsigned long vips_image_get_typeof(const VipsImage *image, const char *name);
int vips_image_get_int(const VipsImage *image, const char *name, int *out);
int vips_image_get_blob(const VipsImage *image, const char *name, const void **data, size_t *length);
char **vips_image_get_fields(VipsImage *image);
int vips_image_remove(VipsImage *image, const char *name);
int vips_image_hasalpha(VipsImage *image);
int vips_image_get_n_pages(VipsImage *image);
int vips_image_get_bands(const VipsImage *image);
int vips_thumbnail_buffer(void *buf, size_t len, VipsImage **out, int width, ...);
int vips_colourspace(VipsImage *in, VipsImage **out, int space, ...);
int vips_image_get_format(const VipsImage *image);
int vips_cast_uchar(VipsImage *in, VipsImage **out, ...);
VipsImage *vips_image_copy_memory(VipsImage *image);
int vips_resize(VipsImage *in, VipsImage **out, double scale, ...);
int vips_extract_band(VipsImage *in, VipsImage **out, int band, ...);
int vips_avg(VipsImage *in, double *out, ...);
int vips_webpsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_pngsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_heifsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
void vips_error(const char *domain, const char *fmt, ...);
void vips_error_clear(void);
char *vips_error_buffer_copy(void);
void vips_thread_shutdown(void);
void vips_concurrency_set(int concurrency);
void vips_cache_set_max(int max);
void vips_cache_set_max_mem(size_t max_mem);
void vips_cache_set_max_files(int max_files);
void vips_block_untrusted_set(int state);
void g_object_unref(void *object);
void g_free(void *mem);
void g_strfreev(char **str_array);
unsigned int g_log_set_handler(
    const char *log_domain, int log_levels, void (*log_func)(const char *, int, const char *, void *), void *user_data);

#endif
