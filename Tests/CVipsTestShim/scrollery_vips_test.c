#define _GNU_SOURCE
#include "scrollery_vips_test.h"

#include <dlfcn.h>

// The product opens libvips with dlopen (Sources/CVipsShim/scrollery_vips.c) and the tests are not linked
// with it either: these are the few libvips and GLib calls the check needs, as the libvips 8 API declares
// them, looked up in the library the product has already opened and started.
typedef struct _VipsImage VipsImage;
typedef VipsImage *(*NewFromBuffer)(const void *buffer, size_t length, const char *options, ...);
typedef int (*GetPoint)(VipsImage *image, double **values, int *count, int x, int y, ...);
typedef void (*Unref)(void *object);
typedef void (*Free)(void *memory);
typedef void (*ThreadShutdown)(void);

int scrollery_vips_test_pixel(const void *data, size_t size, int x, int y, double rgb[3])
{
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (library == NULL) return -1;
    NewFromBuffer new_from_buffer = (NewFromBuffer)dlsym(library, "vips_image_new_from_buffer");
    GetPoint getpoint = (GetPoint)dlsym(library, "vips_getpoint");
    Unref unref = (Unref)dlsym(library, "g_object_unref");
    Free g_free = (Free)dlsym(library, "g_free");
    ThreadShutdown thread_shutdown = (ThreadShutdown)dlsym(library, "vips_thread_shutdown");
    int status = -1;
    if (new_from_buffer != NULL && getpoint != NULL && unref != NULL && g_free != NULL && thread_shutdown != NULL) {
        VipsImage *image = new_from_buffer(data, size, "", NULL);
        if (image != NULL) {
            double *values = NULL;
            int count = 0;
            int failed = getpoint(image, &values, &count, x, y, NULL);
            unref(image);
            if (!failed && count >= 1) {
                for (int channel = 0; channel < 3; channel++) rgb[channel] = values[count >= 3 ? channel : 0];
                status = 0;
            }
            g_free(values);
        }
        thread_shutdown();
    }
    dlclose(library);
    return status;
}
