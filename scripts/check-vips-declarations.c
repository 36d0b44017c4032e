// Compiled (never run) by `make lint`: the shim's own declarations of libvips and GLib
// (Sources/CVipsShim/vips_declarations.h) after the real headers, so a function whose declaration is not
// compatible with libvips-dev's or GLib's, or a constant whose value differs, fails to compile.
#include <vips/vips.h>

#include "../Sources/CVipsShim/vips_declarations.h"

_Static_assert((int)SCROLLERY_VIPS_ACCESS_SEQUENTIAL == (int)VIPS_ACCESS_SEQUENTIAL, "VIPS_ACCESS_SEQUENTIAL");
_Static_assert((int)SCROLLERY_VIPS_SIZE_DOWN == (int)VIPS_SIZE_DOWN, "VIPS_SIZE_DOWN");
_Static_assert((int)SCROLLERY_VIPS_INTERPRETATION_B_W == (int)VIPS_INTERPRETATION_B_W, "VIPS_INTERPRETATION_B_W");
_Static_assert((int)SCROLLERY_VIPS_INTERPRETATION_sRGB == (int)VIPS_INTERPRETATION_sRGB, "VIPS_INTERPRETATION_sRGB");
_Static_assert((int)SCROLLERY_VIPS_FORMAT_UCHAR == (int)VIPS_FORMAT_UCHAR, "VIPS_FORMAT_UCHAR");
_Static_assert((int)SCROLLERY_VIPS_KERNEL_LANCZOS3 == (int)VIPS_KERNEL_LANCZOS3, "VIPS_KERNEL_LANCZOS3");
_Static_assert(
    (int)SCROLLERY_VIPS_FOREIGN_HEIF_COMPRESSION_AV1 == (int)VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "VIPS_FOREIGN_HEIF_COMPRESSION_AV1");
_Static_assert((int)SCROLLERY_G_LOG_LEVEL_WARNING == (int)G_LOG_LEVEL_WARNING, "G_LOG_LEVEL_WARNING");
_Static_assert((int)SCROLLERY_VIPS_MAX_COORD == (int)VIPS_MAX_COORD, "VIPS_MAX_COORD");
_Static_assert((int)SCROLLERY_G_TRUE == (int)TRUE, "TRUE");
_Static_assert(sizeof(GType) == sizeof(unsigned long), "GType");
_Static_assert(sizeof(gboolean) == sizeof(int), "gboolean");

// The field name's text is compared where it is used: both spell the same string.
static const char orientation_matches[sizeof(VIPS_META_ORIENTATION) == sizeof(SCROLLERY_VIPS_META_ORIENTATION) ? 1 : -1];
static const char exif_name_matches[sizeof(VIPS_META_EXIF_NAME) == sizeof(SCROLLERY_VIPS_META_EXIF_NAME) ? 1 : -1];
