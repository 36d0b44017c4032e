#ifndef SCROLLERY_VIPS_TEST_H
#define SCROLLERY_VIPS_TEST_H
// What the tests read back from libvips, never part of the product.
#include <stddef.h>

/// The colour of one pixel of an encoded image, each band 0 to 255 (grey repeated), into `rgb`. Returns 0,
/// or -1 (the bytes cannot be read, or libvips is not loaded: start it through ScrolleryImaging first).
int scrollery_vips_test_pixel(const void *data, size_t size, int x, int y, double rgb[3]);

#endif
