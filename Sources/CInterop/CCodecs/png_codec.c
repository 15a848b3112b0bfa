#include "pr_codecs.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *bytes;
    size_t length;
    size_t offset;
} memory_source;

static void read_from_memory(png_structp png, png_bytep out, png_size_t count) {
    memory_source *source = png_get_io_ptr(png);
    if (source->length - source->offset < count) {
        png_error(png, "the file ends before the image data does");
    }
    memcpy(out, source->bytes + source->offset, count);
    source->offset += count;
}

static void report_error(png_structp png, png_const_charp message) {
    pr_error *error = png_get_error_ptr(png);
    snprintf(error->message, sizeof error->message, "%s", message);
    png_longjmp(png, 1);
}

static void ignore_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/* Opens a reader over memory and reads the header; on failure returns NULL. */
static png_structp open_reader(const uint8_t *bytes, size_t length, memory_source *source,
                               png_infop *info, pr_error *error) {
    if (length < 8 || png_sig_cmp(bytes, 0, 8) != 0) {
        snprintf(error->message, sizeof error->message, "not a PNG file (bad signature)");
        return NULL;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, error, report_error,
                                             ignore_warning);
    if (png == NULL) {
        snprintf(error->message, sizeof error->message, "out of memory");
        return NULL;
    }
    *info = png_create_info_struct(png);
    source->bytes = bytes;
    source->length = length;
    source->offset = 0;
    png_set_read_fn(png, source, read_from_memory);
    /* Limits are enforced by the caller before any pixel buffer is allocated. */
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    return png;
}

int pr_png_read_info(const uint8_t *bytes, size_t length, pr_image_info *result,
                     pr_error *error) {
    memory_source source;
    png_infop info = NULL;
    png_structp png = open_reader(bytes, length, &source, &info, error);
    if (png == NULL) return -1;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_read_info(png, info);
    result->width = png_get_image_width(png, info);
    result->height = png_get_image_height(png, info);
    result->orientation = 1;
    int type = png_get_color_type(png, info);
    result->has_alpha = (type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int pr_png_decode(const uint8_t *bytes, size_t length, uint8_t *pixels, int stride,
                  pr_error *error) {
    memory_source source;
    png_infop info = NULL;
    png_structp png = open_reader(bytes, length, &source, &info, error);
    if (png == NULL) return -1;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_bgr(png);
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    rows = malloc(sizeof(png_bytep) * height);
    if (rows == NULL) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * stride;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    /* Cairo wants premultiplied alpha. */
    for (png_uint_32 y = 0; y < height; y++) {
        uint8_t *p = rows[y];
        for (png_uint_32 x = 0; x < width; x++, p += 4) {
            unsigned a = p[3];
            if (a != 255) {
                p[0] = (uint8_t)((p[0] * a + 127) / 255);
                p[1] = (uint8_t)((p[1] * a + 127) / 255);
                p[2] = (uint8_t)((p[2] * a + 127) / 255);
            }
        }
    }
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int pr_png_write_rgb24(const char *path, const uint8_t *pixels, int width, int height,
                       int stride, int level, int filter, pr_error *error) {
    FILE *volatile file = fopen(path, "wb");
    if (file == NULL) {
        snprintf(error->message, sizeof error->message, "%s", strerror(errno));
        return -1;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, error, report_error,
                                              ignore_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        snprintf(error->message, sizeof error->message, "out of memory");
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        /* libpng's stdio writer says only "Write Error": add why (a full disk, a file size limit). */
        if (ferror(file) && errno != 0) {
            char reason[120];
            snprintf(reason, sizeof reason, "%s", error->message);
            snprintf(error->message, sizeof error->message, "%s: %s", reason, strerror(errno));
        }
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return -1;
    }
    errno = 0;
    png_init_io(png, file);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    png_set_bgr(png);
    png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (int y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (fflush(file) != 0 || ferror(file)) {
        snprintf(error->message, sizeof error->message, "%s", strerror(errno));
        fclose(file);
        return -1;
    }
    if (fclose(file) != 0) {
        snprintf(error->message, sizeof error->message, "%s", strerror(errno));
        return -1;
    }
    return 0;
}
