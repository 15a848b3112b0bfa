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

/* Decodes to premultiplied ARGB32 (Cairo's CAIRO_FORMAT_ARGB32), shrunk by `kx` x `ky`
   while the rows arrive: each pixel is the mean of a block of that many (1 x 1: the image
   as it is), so `pixels` holds ceil(width / kx) x ceil(height / ky). */
int pr_png_decode(const uint8_t *bytes, size_t length, int kx, int ky, uint8_t *pixels,
                  int stride, pr_error *error);

/* A PNG read a few rows at a time, top to bottom, as straight (not premultiplied) B, G, R,
   A bytes, as stored: memory holds the rows asked for, not the image (except an interlaced
   one, whose rows are known only at the end: it is decoded whole at the first read). */
typedef struct pr_png_rows pr_png_rows;

/* Reads the header into `info`; NULL on failure. The bytes must outlive the reader. */
pr_png_rows *pr_png_rows_open(const uint8_t *bytes, size_t length, pr_image_info *info,
                              pr_error *error);

/* The same reading a file as it goes (memory holds a buffer of it, not the file), and
   delivering R, G, B, A bytes. */
pr_png_rows *pr_png_rows_open_file(const char *path, pr_image_info *info, pr_error *error);

/* The next `count` rows into `pixels`, `stride` bytes apart. After a failure every read fails. */
int pr_png_rows_read(pr_png_rows *rows, uint8_t *pixels, int count, int stride, pr_error *error);

void pr_png_rows_close(pr_png_rows *rows);

/* Writes opaque RGB24 pixels (B, G, R, unused) as an 8-bit RGB PNG with the given zlib
   level and one filter for every row (the PNG_FILTER_* bit), and no time stamp. */
int pr_png_write_rgb24(const char *path, const uint8_t *pixels, int width, int height,
                       int stride, int level, int filter, pr_error *error);

/* One horizontal stripe of an 8-bit RGB PNG: its rows Up-filtered and deflated on their
   own, so that the stripes of one image can be made on different cores (or drawn one at a
   time) and joined by a pr_png_stream. */
typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
    uint32_t adler;     /* of the filtered rows */
    size_t raw_length;  /* bytes of filtered rows */
} pr_png_stripe;

/* The palette of an indexed (colour type 3) image whose pixels are greys from white down
   and a few colours: index k < `greys` is the grey 255 - k (0 is white), index `greys` + n
   is `color[n]` (R, G, B). At most 256 entries. */
typedef struct {
    int greys;
    int colors;
    uint8_t color[4][3];
} pr_png_palette;

/* Deflates `count` rows of B, G, R, unused pixels (`alpha`: B, G, R, A, written as RGBA):
   the first with the Sub filter, the others with Up, so that a stripe refers to nothing
   outside itself; or, at level 6, opaque rows unfiltered when a sample of the stripe's rows
   deflates smaller so (dense drawings), and by zlib or libdeflate as the sample's ratio says
   (png_stripes.c, stripe_filter). With `palette` (not NULL), the rows are its indexes,
   a byte a pixel, Up-filtered (the first unfiltered) and deflated whole by libdeflate at
   `level`; an index past its end is an error.
   `last` marks the image's last stripe. Free the stripe with pr_png_stripe_free. */
int pr_png_deflate_stripe(const uint8_t *rows, int width, int count, int stride, int alpha,
                          const pr_png_palette *palette, int level, int last, pr_png_stripe *stripe,
                          pr_error *error);

void pr_png_stripe_free(pr_png_stripe *stripe);

/* A PNG of `width` x `height` (8-bit RGB, RGBA with `alpha`, indexed with `palette`) written to its file as its
   stripes come, top to bottom, with no time stamp: open writes the header, each append one stripe's data (in the file when
   it returns), finish the checksum and the end, and closes the file. Free it with
   pr_png_stream_close (which closes the file if finish was not reached). */
typedef struct pr_png_stream pr_png_stream;

pr_png_stream *pr_png_stream_open(const char *path, int width, int height, int alpha,
                                  const pr_png_palette *palette, pr_error *error);

int pr_png_stream_append(pr_png_stream *stream, const pr_png_stripe *stripe, pr_error *error);

int pr_png_stream_finish(pr_png_stream *stream, pr_error *error);

void pr_png_stream_close(pr_png_stream *stream);

int pr_jpeg_read_info(const uint8_t *bytes, size_t length, pr_image_info *info, pr_error *error);

/* Decodes to RGB24 (B, G, R, 0xff), in stored (not EXIF-oriented) order, shrunk first by
   `denominator` (1, 2, 4 or 8) in libjpeg's inverse DCT, to ceil(width / denominator) x
   ceil(height / denominator), then by `kx` x `ky` blocks as pr_png_decode does. Damaged
   data (a file cut short, a corrupt scan) is an error, not grey. */
int pr_jpeg_decode(const uint8_t *bytes, size_t length, int denominator, int kx, int ky,
                   uint8_t *pixels, int stride, pr_error *error);

#endif
