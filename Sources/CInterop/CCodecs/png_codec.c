#include "pr_codecs.h"
#include "box_filter.h"
#include "png_idat.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a PNG's bytes come from: memory, or a file read as it is decoded. */
typedef struct {
    const uint8_t *bytes;
    size_t length;
    size_t offset;
    FILE *file;
} png_source;

/* The next `count` bytes of a png_source (a pr_png_read_fn). */
static int source_read(void *from, uint8_t *out, size_t count, pr_error *error) {
    png_source *source = from;
    const char *problem = NULL;
    if (source->file != NULL) {
        if (fread(out, 1, count, source->file) != count) {
            problem = ferror(source->file) ? "the file could not be read" : "the file ends before the image data does";
        }
    } else if (source->length - source->offset < count) {
        problem = "the file ends before the image data does";
    } else {
        memcpy(out, source->bytes + source->offset, count);
        source->offset += count;
    }
    if (problem == NULL) return 0;
    snprintf(error->message, sizeof error->message, "%s", problem);
    return -1;
}

static void read_from_source(png_structp png, png_bytep out, png_size_t count) {
    pr_error error;
    if (source_read(png_get_io_ptr(png), out, count, &error) != 0) png_error(png, error.message);
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

/* Opens a reader over `source`, whose first bytes (`length` of them, 8 at most) are
   `bytes`; on failure returns NULL. */
static png_structp open_reader(const uint8_t *bytes, size_t length, png_source *source,
                               png_infop *info, pr_error *error) {
    if (length < 8 || png_sig_cmp(bytes, 0, 8) != 0) {
        snprintf(error->message, sizeof error->message, "not a PNG file (bad signature)");
        return NULL;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, error, report_error,
                                             ignore_warning);
    *info = png ? png_create_info_struct(png) : NULL;
    if (*info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(error->message, sizeof error->message, "out of memory");
        return NULL;
    }
    png_set_read_fn(png, source, read_from_source);
    /* zlib's Adler-32 of the inflated data is not checked: the CRC of each IDAT chunk, which
       libpng checks, already covers the same bytes, and the Adler-32 cost a quarter of the
       inflating (callgrind, `pinrender diff` of two 17.4-megapixel pages: 374 M of 1.5 G). */
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
    /* Limits are enforced by the caller before any pixel buffer is allocated. */
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    return png;
}

struct pr_png_rows {
    png_structp png;
    png_infop info;
    png_source source;
    uint32_t width, height;
    uint32_t next;          /* the next row delivered */
    int interlaced;
    uint8_t *whole;         /* an interlaced image, decoded whole at the first read */
    png_bytep *pointers;    /* its row pointers */
    int failed;
    int premultiply;        /* deliver premultiplied alpha, for Cairo (pr_png_decode) */
    int swap;               /* B, G, R, A rather than R, G, B, A */
    int from_idat;          /* an 8-bit RGB image: its rows read without libpng */
    pr_png_idat *idat;      /* their reader, opened at the first read (after the caller's size checks) */
};

void pr_png_rows_close(pr_png_rows *rows) {
    if (rows == NULL) return;
    png_destroy_read_struct(&rows->png, &rows->info, NULL);
    if (rows->source.file != NULL) fclose(rows->source.file);
    free(rows->pointers);
    free(rows->whole);
    pr_png_idat_close(rows->idat);
    free(rows);
}

/* A row reader over `rows->source` (set), whose first bytes are `head`; closes it on failure. */
static pr_png_rows *open_rows(pr_png_rows *rows, const uint8_t *head, size_t length, int rgba,
                              pr_image_info *result, pr_error *error) {
    rows->png = open_reader(head, length, &rows->source, &rows->info, error);
    if (rows->png == NULL) {
        pr_png_rows_close(rows);
        return NULL;
    }
    /* `rows` is not changed after setjmp, so it is still valid after a longjmp. */
    if (setjmp(png_jmpbuf(rows->png))) {
        pr_png_rows_close(rows);
        return NULL;
    }
    png_structp png = rows->png;
    png_infop info = rows->info;
    png_read_info(png, info);
    rows->width = png_get_image_width(png, info);
    rows->height = png_get_image_height(png, info);
    int type = png_get_color_type(png, info);
    result->width = rows->width;
    result->height = rows->height;
    result->orientation = 1;
    result->has_alpha = (type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
    rows->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    rows->swap = !rgba;
    if (type == PNG_COLOR_TYPE_RGB && png_get_bit_depth(png, info) == 8 && !result->has_alpha && !rows->interlaced) {
        /* libpng has read up to the first IDAT chunk's data: its rows are read from the
           chunk's start on by png_idat.c. */
        if (rows->source.file != NULL) {
            if (fseek(rows->source.file, -8, SEEK_CUR) != 0) png_error(png, "the file could not be read");
        } else {
            rows->source.offset -= 8;
        }
        rows->from_idat = 1;
        return rows;
    }
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    if (!rgba) png_set_bgr(png);
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    return rows;
}

pr_png_rows *pr_png_rows_open(const uint8_t *bytes, size_t length, pr_image_info *result,
                              pr_error *error) {
    pr_png_rows *rows = calloc(1, sizeof *rows);
    if (rows == NULL) {
        snprintf(error->message, sizeof error->message, "out of memory");
        return NULL;
    }
    rows->source.bytes = bytes;
    rows->source.length = length;
    return open_rows(rows, bytes, length, 0, result, error);
}

pr_png_rows *pr_png_rows_open_file(const char *path, pr_image_info *result, pr_error *error) {
    pr_png_rows *rows = calloc(1, sizeof *rows);
    if (rows == NULL) {
        snprintf(error->message, sizeof error->message, "out of memory");
        return NULL;
    }
    rows->source.file = fopen(path, "rb");
    if (rows->source.file == NULL) {
        snprintf(error->message, sizeof error->message, "%s", strerror(errno));
        free(rows);
        return NULL;
    }
    uint8_t head[8];
    size_t length = fread(head, 1, sizeof head, rows->source.file);
    rewind(rows->source.file);
    return open_rows(rows, head, length, 1, result, error);
}

/* Cairo wants premultiplied alpha. */
static void premultiply(uint8_t *p, uint32_t width) {
    for (uint32_t x = 0; x < width; x++, p += 4) {
        unsigned a = p[3];
        if (a != 255) {
            p[0] = (uint8_t)((p[0] * a + 127) / 255);
            p[1] = (uint8_t)((p[1] * a + 127) / 255);
            p[2] = (uint8_t)((p[2] * a + 127) / 255);
        }
    }
}

/* An interlaced image's rows come only once all its passes are read: all of them. */
static void read_whole(pr_png_rows *rows) {
    size_t row_bytes = (size_t)rows->width * 4;
    rows->whole = malloc(row_bytes * rows->height);
    rows->pointers = malloc(sizeof(png_bytep) * rows->height);
    if (rows->whole == NULL || rows->pointers == NULL) png_error(rows->png, "out of memory");
    for (uint32_t y = 0; y < rows->height; y++) rows->pointers[y] = rows->whole + row_bytes * y;
    png_read_image(rows->png, rows->pointers);
    png_read_end(rows->png, NULL);
}

int pr_png_rows_read(pr_png_rows *rows, uint8_t *pixels, int count, int stride, pr_error *error) {
    if (rows->failed || count < 0 || (uint32_t)count > rows->height - rows->next) {
        snprintf(error->message, sizeof error->message, "%s",
                 rows->failed ? "the image data could not be read" : "no such rows");
        return -1;
    }
    if (rows->from_idat) {
        if (rows->idat == NULL) rows->idat = pr_png_idat_open(rows->width, rows->height, source_read, &rows->source);
        if (rows->idat == NULL) snprintf(error->message, sizeof error->message, "out of memory");
        if (rows->idat == NULL || pr_png_idat_rows(rows->idat, pixels, count, stride, rows->swap, error) != 0) {
            rows->failed = 1;
            return -1;
        }
        for (int i = 0; i < count && rows->premultiply; i++) premultiply(pixels + (size_t)i * stride, rows->width);
        rows->next += (uint32_t)count;
        return 0;
    }
    /* Messages go to this call's `error`, not the one the reader was opened with. */
    png_set_error_fn(rows->png, error, report_error, ignore_warning);
    if (setjmp(png_jmpbuf(rows->png))) {
        rows->failed = 1;
        return -1;
    }
    if (rows->interlaced && rows->whole == NULL) read_whole(rows);
    for (int i = 0; i < count; i++) {
        uint8_t *row = pixels + (size_t)i * stride;
        if (rows->whole != NULL) {
            memcpy(row, rows->pointers[rows->next], (size_t)rows->width * 4);
        } else {
            png_read_row(rows->png, row, NULL);
        }
        if (rows->premultiply) premultiply(row, rows->width);
        rows->next += 1;
        if (rows->next == rows->height && rows->whole == NULL) png_read_end(rows->png, NULL);
    }
    return 0;
}

int pr_png_read_info(const uint8_t *bytes, size_t length, pr_image_info *result,
                     pr_error *error) {
    pr_png_rows *rows = pr_png_rows_open(bytes, length, result, error);
    if (rows == NULL) return -1;
    pr_png_rows_close(rows);
    return 0;
}

int pr_png_decode(const uint8_t *bytes, size_t length, int kx, int ky, uint8_t *pixels,
                  int stride, pr_error *error) {
    pr_image_info info;
    pr_png_rows *rows = pr_png_rows_open(bytes, length, &info, error);
    if (rows == NULL) return -1;
    rows->premultiply = 1;
    int status = 0;
    if (kx == 1 && ky == 1) {
        status = pr_png_rows_read(rows, pixels, (int)info.height, stride, error);
    } else {
        pr_box box;
        uint8_t *row = malloc((size_t)info.width * 4);
        if (pr_box_init(&box, (int)info.width, kx, ky, pixels, stride) != 0 || row == NULL) {
            snprintf(error->message, sizeof error->message, "out of memory");
            status = -1;
        }
        for (uint32_t y = 0; y < info.height && status == 0; y++) {
            status = pr_png_rows_read(rows, row, 1, (int)info.width * 4, error);
            if (status == 0) pr_box_add(&box, row);
        }
        if (status == 0) pr_box_finish(&box);
        pr_box_free(&box);
        free(row);
    }
    pr_png_rows_close(rows);
    return status;
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
