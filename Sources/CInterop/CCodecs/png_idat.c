#include "png_idat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* libpng inflates a row at a time, so zlib copies every row into its window, then libpng
   copies it again for the next row's filter and once more into the caller's row: on the
   two 17.4-megapixel pages of a `pinrender diff`, 330 M instructions of copies (callgrind)
   beside 390 M of inflating. Here the rows are inflated a megabyte at a time, unfiltered
   where they lie and widened straight into the caller's pixels. Each IDAT chunk's CRC is
   checked, as libpng does; the zlib stream's Adler-32 is not (the CRCs cover the same bytes). */

enum { INPUT = 1 << 16 };

struct pr_png_idat {
    pr_png_read_fn read;
    void *source;
    size_t row_length;      /* filter byte and 3 bytes a pixel */
    uint32_t width;
    uint32_t rows_left;     /* rows not yet delivered */
    uint32_t left;          /* bytes of the current chunk's data not yet read */
    uint8_t type[4];        /* the current chunk's */
    uLong crc;
    z_stream z;
    uint8_t input[INPUT];
    size_t batch;           /* rows `rows` holds */
    uint8_t *rows;
    uint8_t *prior;         /* the row above the next, unfiltered (zeros above the first) */
};

pr_png_idat *pr_png_idat_open(uint32_t width, uint32_t height, pr_png_read_fn read, void *source) {
    pr_png_idat *idat = calloc(1, sizeof *idat);
    if (idat == NULL) return NULL;
    idat->read = read;
    idat->source = source;
    idat->width = width;
    idat->rows_left = height;
    idat->row_length = 1 + (size_t)width * 3;
    idat->batch = (1 << 20) / idat->row_length + 1;
    idat->rows = malloc(idat->batch * idat->row_length + 4);
    idat->prior = calloc(idat->row_length + 4, 1);
    if (idat->rows == NULL || idat->prior == NULL || inflateInit(&idat->z) != Z_OK) {
        free(idat->rows);
        free(idat->prior);
        free(idat);
        return NULL;
    }
    inflateValidate(&idat->z, 0);
    return idat;
}

void pr_png_idat_close(pr_png_idat *idat) {
    if (idat == NULL) return;
    inflateEnd(&idat->z);
    free(idat->rows);
    free(idat->prior);
    free(idat);
}

static uint32_t get32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int fail(pr_error *error, const char *message) {
    snprintf(error->message, sizeof error->message, "%s", message);
    return -1;
}

/* Reads the next chunk's length and type. */
static int next_chunk(pr_png_idat *idat, pr_error *error) {
    uint8_t bytes[8];
    if (idat->read(idat->source, bytes, 8, error) != 0) return -1;
    idat->left = get32(bytes);
    if (idat->left > 0x7fffffff) return fail(error, "PNG unsigned integer out of range");
    memcpy(idat->type, bytes + 4, 4);
    idat->crc = crc32(0L, idat->type, 4);
    return 0;
}

/* The next piece of the current chunk's data (INPUT bytes at most) into `input`: how many
   bytes, or -1. Once the data is all read, so is the CRC after it, and checked: a wrong one
   refuses the file, unless the chunk is ancillary (libpng warns and skips it). */
static long read_piece(pr_png_idat *idat, pr_error *error) {
    uint32_t count = idat->left < INPUT ? idat->left : INPUT;
    if (idat->read(idat->source, idat->input, count, error) != 0) return -1;
    idat->crc = crc32(idat->crc, idat->input, count);
    idat->left -= count;
    if (idat->left > 0) return count;
    uint8_t bytes[4];
    if (idat->read(idat->source, bytes, 4, error) != 0) return -1;
    if (get32(bytes) != (uint32_t)idat->crc && !(idat->type[0] & 0x20)) {
        snprintf(error->message, sizeof error->message, "%.4s: CRC error", (const char *)idat->type);
        return -1;
    }
    return count;
}

/* More compressed bytes for zlib: the rest of the current IDAT chunk, or the next one's. A
   chunk's CRC is checked when its last bytes are read, before zlib sees them. */
static int refill(pr_png_idat *idat, pr_error *error) {
    while (idat->left == 0) {
        if (next_chunk(idat, error) != 0) return -1;
        if (memcmp(idat->type, "IDAT", 4) != 0) return fail(error, "Not enough image data");
        if (idat->left == 0 && read_piece(idat, error) < 0) return -1;
    }
    long count = read_piece(idat, error);
    if (count < 0) return -1;
    idat->z.next_in = idat->input;
    idat->z.avail_in = (uInt)count;
    return 0;
}

/* After the last row, the rest of the file as libpng's png_read_end reads it: the rest of the
   image data, then every chunk up to IEND, each with its CRC. A file cut short before its
   IEND is refused, as libpng refuses it. */
static int finish(pr_png_idat *idat, pr_error *error) {
    while (idat->left > 0) {
        if (read_piece(idat, error) < 0) return -1;
    }
    do {
        if (next_chunk(idat, error) != 0) return -1;
        do {
            if (read_piece(idat, error) < 0) return -1;
        } while (idat->left > 0);
    } while (memcmp(idat->type, "IEND", 4) != 0);
    return 0;
}

/* Inflates exactly `length` bytes into `out`. */
static int inflate_into(pr_png_idat *idat, uint8_t *out, size_t length, pr_error *error) {
    idat->z.next_out = out;
    idat->z.avail_out = (uInt)length;
    while (idat->z.avail_out > 0) {
        if (idat->z.avail_in == 0 && refill(idat, error) != 0) return -1;
        int status = inflate(&idat->z, Z_NO_FLUSH);
        if (status == Z_STREAM_END && idat->z.avail_out > 0) return fail(error, "Not enough image data");
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
            return fail(error, idat->z.msg ? idat->z.msg : "Decompression error");
        }
    }
    return 0;
}

/* Undoes a row's filter (its first byte) in place; `above` is the unfiltered row above. */
static int unfilter(uint8_t *row, const uint8_t *above, size_t length, pr_error *error) {
    uint8_t *r = row + 1;
    const uint8_t *p = above + 1;
    size_t n = length - 1;
    switch (row[0]) {
    case 0:
        break;
    case 1:
        for (size_t i = 3; i < n; i++) r[i] = (uint8_t)(r[i] + r[i - 3]);
        break;
    case 2:
        for (size_t i = 0; i < n; i++) r[i] = (uint8_t)(r[i] + p[i]);
        break;
    case 3:
        for (size_t i = 0; i < n; i++) r[i] = (uint8_t)(r[i] + (((i >= 3 ? r[i - 3] : 0) + p[i]) >> 1));
        break;
    case 4:
        for (size_t i = 0; i < n; i++) {
            int a = i >= 3 ? r[i - 3] : 0, b = p[i], c = i >= 3 ? p[i - 3] : 0;
            int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
            r[i] = (uint8_t)(r[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c));
        }
        break;
    default:
        return fail(error, "bad adaptive filter value");
    }
    return 0;
}

typedef uint8_t bytes16 __attribute__((vector_size(16)));

/* Four R, G, B pixels (12 bytes of 16 read) to R, G, B, A (or B, G, R, A with `swap`),
   opaque, in one shuffle and an or. `rgb` has room for 4 bytes past the row's end. */
static inline __attribute__((always_inline))
void widen_row(const uint8_t *rgb, uint32_t width, int swap, uint8_t *out) {
    const bytes16 opaque = { 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255 };
    uint32_t x = 0;
    for (; x + 4 <= width; x += 4, rgb += 12, out += 16) {
        bytes16 p;
        memcpy(&p, rgb, 16);
        bytes16 q = swap ? __builtin_shufflevector(p, p, 2, 1, 0, 0, 5, 4, 3, 0, 8, 7, 6, 0, 11, 10, 9, 0)
                         : __builtin_shufflevector(p, p, 0, 1, 2, 0, 3, 4, 5, 0, 6, 7, 8, 0, 9, 10, 11, 0);
        q = (q & (bytes16){ 255, 255, 255, 0, 255, 255, 255, 0, 255, 255, 255, 0, 255, 255, 255, 0 }) | opaque;
        memcpy(out, &q, 16);
    }
    for (; x < width; x++, rgb += 3, out += 4) {
        out[0] = rgb[swap ? 2 : 0];
        out[1] = rgb[1];
        out[2] = rgb[swap ? 0 : 2];
        out[3] = 255;
    }
}

#if defined(__x86_64__)
/* The shuffle is one instruction with SSSE3, a dozen without (see png_stripes.c). */
__attribute__((target("ssse3")))
static void widen_ssse3(const uint8_t *rgb, uint32_t width, int swap, uint8_t *out) {
    widen_row(rgb, width, swap, out);
}
#endif

/* An 8-bit RGB row to 4 bytes a pixel: a tenth of libpng's filler transform's instructions. */
static void widen(const uint8_t *rgb, uint32_t width, int swap, uint8_t *out) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("ssse3")) {
        widen_ssse3(rgb, width, swap, out);
        return;
    }
#endif
    widen_row(rgb, width, swap, out);
}

int pr_png_idat_rows(pr_png_idat *idat, uint8_t *pixels, int count, int stride, int swap, pr_error *error) {
    size_t length = idat->row_length;
    for (int done = 0; done < count;) {
        size_t batch = (size_t)(count - done) < idat->batch ? (size_t)(count - done) : idat->batch;
        if (inflate_into(idat, idat->rows, batch * length, error) != 0) return -1;
        for (size_t i = 0; i < batch; i++) {
            uint8_t *row = idat->rows + i * length;
            if (unfilter(row, i == 0 ? idat->prior : row - length, length, error) != 0) return -1;
            widen(row + 1, idat->width, swap, pixels + (size_t)(done + (int)i) * stride);
        }
        memcpy(idat->prior, idat->rows + (batch - 1) * length, length);
        done += (int)batch;
    }
    idat->rows_left -= (uint32_t)count;
    return idat->rows_left == 0 && count > 0 ? finish(idat, error) : 0;
}
