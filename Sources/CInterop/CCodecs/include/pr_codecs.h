#ifndef PR_CODECS_H
#define PR_CODECS_H

#include <stddef.h>
#include <stdint.h>

/* libpng and libjpeg report errors by longjmp, which Swift cannot catch. Each function here
   holds the setjmp, turns a library error into a return value of -1 and a message, and
   returns 0 on success. Pixel buffers are Cairo's: 32-bit native-endian words, BGRA bytes
   in memory on little-endian machines, `stride` bytes per row. */

typedef struct {
    char message[200];
} pr_error;

/* Image header facts, read without decoding pixels. `orientation` is the EXIF
   orientation 1...8 (1 when absent). */
typedef struct {
    uint32_t width;
    uint32_t height;
    int orientation;
    int has_alpha;
} pr_image_info;

int pr_png_read_info(const uint8_t *bytes, size_t length, pr_image_info *info, pr_error *error);

/* Decodes to premultiplied ARGB32 (Cairo's CAIRO_FORMAT_ARGB32). */
int pr_png_decode(const uint8_t *bytes, size_t length, uint8_t *pixels, int stride,
                  pr_error *error);

/* Writes opaque RGB24 pixels (B, G, R, unused) as an 8-bit RGB PNG with the given zlib
   level and one filter for every row (the PNG_FILTER_* bit), and no time stamp. */
int pr_png_write_rgb24(const char *path, const uint8_t *pixels, int width, int height,
                       int stride, int level, int filter, pr_error *error);

/* The same PNG, its rows Up-filtered and deflated in horizontal stripes on every core; the
   stripes depend on the image height only, so the bytes do not depend on the machine. */
int pr_png_write_rgb24_parallel(const char *path, const uint8_t *pixels, int width, int height,
                                int stride, int level, pr_error *error);

int pr_jpeg_read_info(const uint8_t *bytes, size_t length, pr_image_info *info, pr_error *error);

/* Decodes to RGB24 (B, G, R, 0xff), in stored (not EXIF-oriented) order. */
int pr_jpeg_decode(const uint8_t *bytes, size_t length, uint8_t *pixels, int stride,
                   pr_error *error);

#endif
