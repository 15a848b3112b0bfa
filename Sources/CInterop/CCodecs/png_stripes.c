#include "pr_codecs.h"
#include "deflate_part.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
#include <zlib.h>

/* PNG's IDAT data is one zlib stream, but deflate parts made independently join into one:
   each part is raw deflate from an empty window, every part but the last ends with a full
   flush (byte-aligned, no reference into the next part), and the zlib checksum of the whole
   is combined from the parts' with adler32_combine. libpng has no way to do this, so the
   stripes of one image can be deflated on different cores. */

static int grow(pr_png_stripe *stripe, size_t needed) {
    if (stripe->length + needed <= stripe->capacity) return 0;
    size_t capacity = (stripe->capacity + needed) * 2;
    uint8_t *grown = realloc(stripe->data, capacity);
    if (grown == NULL) return -1;
    stripe->data = grown;
    stripe->capacity = capacity;
    return 0;
}

typedef uint8_t bytes16 __attribute__((vector_size(16)));

/* One row of B, G, R, unused pixels to an Up-filtered RGB row (filter byte first), four
   pixels at a time: subtract the row above, then drop the unused bytes and swap B and R in
   one shuffle. `row` has room for 4 bytes past the row's end. */
static inline __attribute__((always_inline))
void filter_up_row(const uint8_t *pixels, const uint8_t *above, int width, uint8_t *row) {
    row[0] = 2;
    uint8_t *out = row + 1;
    int x = 0;
    for (; x + 4 <= width; x += 4, pixels += 16, above += 16, out += 12) {
        bytes16 p, a;
        memcpy(&p, pixels, 16);
        memcpy(&a, above, 16);
        bytes16 d = __builtin_shufflevector(p - a, p - a, 2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, 0, 0, 0, 0);
        memcpy(out, &d, 16);
    }
    for (; x < width; x++, pixels += 4, above += 4, out += 3) {
        out[0] = (uint8_t)(pixels[2] - above[2]);
        out[1] = (uint8_t)(pixels[1] - above[1]);
        out[2] = (uint8_t)(pixels[0] - above[0]);
    }
}

#if defined(__x86_64__)
/* The shuffle is one instruction with SSSE3 (every x86-64 processor since 2006), a dozen
   without it; the baseline x86-64 target has only SSE2, so the choice is made at run time. */
__attribute__((target("ssse3")))
static void filter_up_ssse3(const uint8_t *pixels, const uint8_t *above, int width, uint8_t *row) {
    filter_up_row(pixels, above, width, row);
}
#endif

static void filter_up(const uint8_t *pixels, const uint8_t *above, int width, uint8_t *row) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("ssse3")) {
        filter_up_ssse3(pixels, above, width, row);
        return;
    }
#endif
    filter_up_row(pixels, above, width, row);
}

/* An RGBA row from B, G, R, A pixels, Up-filtered, or Sub-filtered when `above` is NULL. */
static void filter_rgba(const uint8_t *pixels, const uint8_t *above, int width, uint8_t *row) {
    row[0] = above ? 2 : 1;
    uint8_t *out = row + 1;
    for (int x = 0; x < width; x++, pixels += 4, out += 4) {
        const uint8_t *base = above ? above + 4 * x : (x > 0 ? pixels - 4 : NULL);
        static const int order[4] = { 2, 1, 0, 3 };
        for (int c = 0; c < 4; c++) out[c] = (uint8_t)(pixels[order[c]] - (base ? base[order[c]] : 0));
    }
}

/* A stripe's first row, Sub-filtered (each pixel less the one on its left): it refers to
   nothing outside the stripe, so no stripe's bytes depend on how another was drawn. */
static void filter_sub(const uint8_t *pixels, int width, uint8_t *row) {
    row[0] = 1;
    uint8_t *out = row + 1;
    for (int x = 0; x < width; x++, pixels += 4, out += 3) {
        const uint8_t *left = x > 0 ? pixels - 4 : NULL;
        out[0] = (uint8_t)(pixels[2] - (left ? left[2] : 0));
        out[1] = (uint8_t)(pixels[1] - (left ? left[1] : 0));
        out[2] = (uint8_t)(pixels[0] - (left ? left[0] : 0));
    }
}

/* A row of `palette`'s indexes Up-filtered (or unfiltered when `above` is NULL), filter byte
   first. Returns -1 at an index past the palette's end. */
static int index_row(const uint8_t *indexes, const uint8_t *above, int width, const pr_png_palette *palette,
                     uint8_t *row) {
    row[0] = above ? 2 : 0;
    uint8_t top = 0;
    for (int x = 0; x < width; x++) top = indexes[x] > top ? indexes[x] : top;
    if (above) {
        for (int x = 0; x < width; x++) row[1 + x] = (uint8_t)(indexes[x] - above[x]);
    } else {
        memcpy(row + 1, indexes, (size_t)width);
    }
    return top < palette->greys + palette->colors ? 0 : -1;
}

/* Adler-32 of filtered rows, which are mostly zero bytes: a run of n zeros leaves the first
   sum as it is and adds n times it to the second, so runs skip zlib's byte loop. Adds the
   bytes of the runs skipped to *skipped. */
static uLong adler32_sparse(uLong adler, const uint8_t *bytes, size_t length, size_t *skipped) {
    const uLong base = 65521;
    size_t start = 0, i = 0;
    while (i < length) {
        size_t run = i;
        while (run + 8 <= length) {
            uint64_t word;
            memcpy(&word, bytes + run, 8);
            if (word != 0) break;
            run += 8;
        }
        if (run - i >= 64) {
            adler = adler32(adler, bytes + start, (uInt)(i - start));
            uLong a = adler & 0xffff, b = adler >> 16;
            b = (b + (uLong)((run - i) % base) * a) % base;
            *skipped += run - i;
            adler = (b << 16) | a;
            start = run;
        }
        i = run + 8;
    }
    return adler32(adler, bytes + start, (uInt)(length - start));
}

/* How a stripe's rows are written: unfiltered or Up-filtered (the first Sub; indexes the first
   unfiltered), and deflated at `level` by zlib row by row (`part` 0) or by libdeflate `part`
   rows at a time. */
typedef struct {
    int unfiltered;
    int level;
    int part;
} stripe_plan;

/* The bytes of one of a stripe's rows, filter byte included. */
static size_t row_bytes(int width, int alpha, const pr_png_palette *palette) {
    return 1 + (size_t)width * (palette ? 1 : alpha ? 4 : 3);
}

/* Filters `count` rows into `filtered` (row_bytes apart): with `palette`, rows of its indexes
   Up-filtered (the first unfiltered); else B, G, R, unused rows to RGB, unfiltered or Up (the
   first Sub, when `first`: a stripe refers to nothing above it). `zeros` is a row of zero
   pixels. Returns -1 at an index past `palette`'s end. */
static int filter_rows(const uint8_t *rows, int width, int count, int stride, const pr_png_palette *palette,
                       int unfiltered, const uint8_t *zeros, int first, uint8_t *filtered) {
    size_t row_length = row_bytes(width, 0, palette);
    for (int y = 0; y < count; y++) {
        const uint8_t *pixels = rows + (size_t)y * stride;
        const uint8_t *above = first && y == 0 ? NULL : pixels - stride;
        uint8_t *row = filtered + row_length * (size_t)y;
        if (palette) {
            if (index_row(pixels, above, width, palette, row) != 0) return -1;
        } else if (unfiltered) {
            filter_up(pixels, zeros, width, row);
            row[0] = 0;
        } else if (above == NULL) filter_sub(pixels, width, row);
        else filter_up(pixels, above, width, row);
    }
    return 0;
}

/* Filters `count` rows (filter_rows; RGBA rows always Up, the first Sub) and deflates them
   with zlib at `level` into `stripe`, appending, the last row with `flush`; adds the filtered
   rows to *adler. `zeros` is a row of zero pixels. Returns -1 when out of memory. */
static int deflate_rows(const uint8_t *rows, int width, int count, int stride, int alpha, int level,
                        int unfiltered, const uint8_t *zeros, int flush_last, pr_png_stripe *stripe, uLong *adler) {
    z_stream z;
    memset(&z, 0, sizeof z);
    size_t row_length = row_bytes(width, alpha, NULL);
    uint8_t *row = malloc(row_length + 4);
    if (row == NULL || deflateInit2(&z, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        free(row);
        return -1;
    }
    int failed = 0, tuned = 0;
    for (int y = 0; y < count && !failed; y++) {
        const uint8_t *pixels = rows + (size_t)y * stride;
        if (alpha) filter_rgba(pixels, y == 0 ? NULL : pixels - stride, width, row);
        else filter_rows(pixels, width, 1, stride, NULL, unfiltered, zeros, y == 0, row);
        size_t sparse = 0;
        *adler = adler32_sparse(*adler, row, row_length, &sparse);
        if (level == 6) {
            /* Level 6's search tuned for filtered rows: matches may run to the longest (258)
               before a search stops. Up rows: lazy matching goes on up to 32; rows that are
               mostly long zero runs (drawings) follow 16 links of the hash chain, others
               (photos) the level's 128 (on the samples and the A1 plan of `make bench`: 1-5%
               smaller files, and on the plan 11% fewer instructions, callgrind). Unfiltered
               rows (hatched drawings light enough for zlib: plan_stripe): 128 links, lazy
               matching up to 128 (on the A1 plan 5% smaller than level 6's own search). */
            int chain = unfiltered ? 128 : sparse * 2 >= row_length ? 16 : 128;
            int lazy = unfiltered ? 128 : 32;
            if (chain * 1000 + lazy != tuned) {
                deflateTune(&z, 8, lazy, 258, chain);
                tuned = chain * 1000 + lazy;
            }
        }
        z.next_in = row;
        z.avail_in = (uInt)row_length;
        int flush = y + 1 < count ? Z_NO_FLUSH : flush_last;
        do {
            if (grow(stripe, 65536) != 0) {
                failed = 1;
                break;
            }
            z.next_out = stripe->data + stripe->length;
            z.avail_out = 65536;
            if (deflate(&z, flush) == Z_STREAM_ERROR) {
                failed = 1;
                break;
            }
            stripe->length += 65536 - z.avail_out;
        } while (z.avail_out == 0);
    }
    free(row);
    deflateEnd(&z);
    return failed ? -1 : 0;
}

/* Filters `count` rows (filter_rows) and deflates them with libdeflate at `level` into
   `stripe`, `part` rows at a time, each part joined to the one before as zlib's full flush
   would (pr_deflate_part), the last ending as `flush` says; adds the filtered rows to *adler.
   A photograph at level 6, whole: on the photo of `make bench`, 4.5% smaller than zlib's
   level 6 row by row, in a third of its time. Indexes (a diff image) at level 1: on the A1
   diff of `make bench`, 0.60 MB in 250 M instructions where zlib's level 1 made 0.89 MB of the
   unfiltered rows in 420 M. Parts bound what a stripe holds while deflated (a part's rows and
   its output), at the cost of the matches a part's first rows would find in the part before.
   Returns -1 when out of memory, -2 at an index past `palette`'s end. */
static int deflate_parts(const uint8_t *rows, int width, int count, int stride, const pr_png_palette *palette,
                         int unfiltered, const uint8_t *zeros, int level, int part, int flush, pr_png_stripe *stripe,
                         uLong *adler) {
    size_t row_length = row_bytes(width, 0, palette);
    int rows_each = part < count ? part : count;
    uint8_t *filtered = malloc(row_length * (size_t)rows_each + 4);
    if (filtered == NULL) return -1;
    int status = 0;
    for (int y = 0; y < count && status == 0; y += rows_each) {
        int n = count - y < rows_each ? count - y : rows_each;
        if (filter_rows(rows + (size_t)y * stride, width, n, stride, palette, unfiltered, zeros, y == 0, filtered) != 0) {
            status = -2;
            break;
        }
        size_t length = row_length * (size_t)n;
        *adler = libdeflate_adler32((uint32_t)*adler, filtered, length);
        status = pr_deflate_part(filtered, length, level, y + n == count && flush == Z_FINISH, stripe);
    }
    free(filtered);
    return status;
}

/* Whether Up-filtered rows look like a photograph's: fewer than half of their bytes zero (a
   drawing's are mostly zero, a photograph's grain and gradients hardly ever). */
static int photographic(const uint8_t *rows, int width, int count, int stride) {
    size_t zero = 0;
    for (int y = 1; y < count; y++) {
        const uint8_t *pixels = rows + (size_t)y * stride;
        for (int x = 0; x < width; x++, pixels += 4) {
            const uint8_t *above = pixels - stride;
            zero += (pixels[0] == above[0]) + (pixels[1] == above[1]) + (pixels[2] == above[2]);
        }
    }
    return zero * 2 < (size_t)(count - 1) * (size_t)width * 3;
}

/* How a stripe of opaque rows at level 6 is written, from 32 rows of its middle deflated by
   libdeflate at level 7 unfiltered and Up-filtered:
   - the filter: whichever deflates them smaller. Unfiltered rows win on dense drawings, where
     hatching and text repeat a row's runs a pixel along in the next (on the A1 plan of `make
     bench`, 11% smaller); Up on light drawings and photos;
   - the encoder, from how far they deflate. Light drawings (more than 24 to 1: the A1 plan
     page) by zlib row by row with a deep search, whose long matches (up to 258 bytes) keep
     them at 1.03x optipng -o2; libdeflate at level 7 is 1.5% larger there. Denser rows
     (8 to 24 to 1: the dense sheet) by libdeflate at level 7 a part at a time, 3% smaller than
     zlib's deep search in two thirds of its time; the densest (the 10,000 markers' stripes)
     at level 6, in half its time, 1.5% smaller; photographs Up-filtered at level 6, whole.
   The trial costs a tenth more deflating. A stripe of few rows keeps `plan` (Up, by zlib).
   Returns -1 when out of memory. */
static int plan_stripe(const uint8_t *rows, int width, int count, int stride, const uint8_t *zeros,
                       stripe_plan *plan) {
    const int sample = 32;
    if (count < 4 * sample) return 0;
    const uint8_t *middle = rows + (size_t)(count / 2 - sample / 2) * stride;
    size_t sizes[2];
    for (int unfiltered = 0; unfiltered < 2; unfiltered++) {
        pr_png_stripe trial;
        memset(&trial, 0, sizeof trial);
        uLong adler = 1;
        int status = deflate_parts(middle, width, sample, stride, NULL, unfiltered, zeros, 7, sample, Z_FINISH, &trial,
                                   &adler);
        sizes[unfiltered] = trial.length;
        pr_png_stripe_free(&trial);
        if (status != 0) return -1;
    }
    int unfiltered = sizes[1] < sizes[0];
    size_t raw = row_bytes(width, 0, NULL) * sample, smaller = sizes[unfiltered];
    if (!unfiltered && photographic(middle, width, sample, stride)) *plan = (stripe_plan){ 0, 6, count };
    else if (raw > 24 * smaller) plan->unfiltered = unfiltered;
    else *plan = (stripe_plan){ unfiltered, raw > 8 * smaller ? 7 : 6, 128 };
    return 0;
}

int pr_png_deflate_stripe(const uint8_t *rows, int width, int count, int stride, int alpha,
                          const pr_png_palette *palette, int level, int last, pr_png_stripe *stripe,
                          pr_error *error) {
    memset(stripe, 0, sizeof *stripe);
    uint8_t *zeros = calloc((size_t)width, 4);
    uLong adler = adler32(0L, Z_NULL, 0);
    stripe_plan plan = { 0, level, palette ? count : 0 };
    int status = zeros == NULL ? -1
        : alpha || palette || level != 6 ? 0 : plan_stripe(rows, width, count, stride, zeros, &plan);
    int flush = last ? Z_FINISH : Z_FULL_FLUSH;
    if (status == 0) {
        status = plan.part
            ? deflate_parts(rows, width, count, stride, palette, plan.unfiltered, zeros, plan.level, plan.part, flush, stripe,
                            &adler)
            : deflate_rows(rows, width, count, stride, alpha, plan.level, plan.unfiltered, zeros, flush, stripe, &adler);
    }
    free(zeros);
    if (status != 0) {
        pr_png_stripe_free(stripe);
        snprintf(error->message, sizeof error->message, "%s",
                 status == -2 ? "an index past the end of the image's palette" : "out of memory");
        return -1;
    }
    stripe->adler = (uint32_t)adler;
    stripe->raw_length = row_bytes(width, alpha, palette) * (size_t)count;
    return 0;
}

void pr_png_stripe_free(pr_png_stripe *stripe) {
    free(stripe->data);
    memset(stripe, 0, sizeof *stripe);
}

static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static int write_chunk(FILE *file, const char *type, const uint8_t *data, size_t length) {
    uint8_t head[8];
    put32(head, (uint32_t)length);
    memcpy(head + 4, type, 4);
    uLong crc = crc32(crc32(0L, Z_NULL, 0), head + 4, 4);
    if (length > 0) crc = crc32(crc, data, (uInt)length);
    uint8_t tail[4];
    put32(tail, (uint32_t)crc);
    return fwrite(head, 1, 8, file) == 8 && (length == 0 || fwrite(data, 1, length, file) == length)
        && fwrite(tail, 1, 4, file) == 4 ? 0 : -1;
}

struct pr_png_stream {
    FILE *file;
    uLong adler;
};

static void write_failed(pr_error *error, int saved) {
    snprintf(error->message, sizeof error->message, "Write Error: %s", strerror(saved ? saved : EIO));
}

pr_png_stream *pr_png_stream_open(const char *path, int width, int height, int alpha,
                                  const pr_png_palette *palette, pr_error *error) {
    pr_png_stream *stream = calloc(1, sizeof *stream);
    if (stream == NULL) {
        snprintf(error->message, sizeof error->message, "out of memory");
        return NULL;
    }
    stream->file = fopen(path, "wb");
    if (stream->file == NULL) {
        snprintf(error->message, sizeof error->message, "%s", strerror(errno));
        free(stream);
        return NULL;
    }
    stream->adler = adler32(0L, Z_NULL, 0);
    static const uint8_t signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    uint8_t ihdr[13];
    put32(ihdr, (uint32_t)width);
    put32(ihdr + 4, (uint32_t)height);
    ihdr[8] = 8; ihdr[9] = palette ? 3 : alpha ? 6 : 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0; /* 8-bit */
    uint8_t plte[256 * 3];
    int entries = palette ? palette->greys + palette->colors : 0;
    for (int k = 0; k < entries; k++) {
        if (k < palette->greys) memset(plte + 3 * k, 255 - k, 3);
        else memcpy(plte + 3 * k, palette->color[k - palette->greys], 3);
    }
    static const uint8_t zlib_header[2] = { 0x78, 0x9C };
    errno = 0;
    if (fwrite(signature, 1, 8, stream->file) != 8 || write_chunk(stream->file, "IHDR", ihdr, 13) != 0
        || (palette && write_chunk(stream->file, "PLTE", plte, (size_t)entries * 3) != 0)
        || write_chunk(stream->file, "IDAT", zlib_header, 2) != 0 || fflush(stream->file) != 0) {
        write_failed(error, errno);
        pr_png_stream_close(stream);
        return NULL;
    }
    return stream;
}

int pr_png_stream_append(pr_png_stream *stream, const pr_png_stripe *stripe, pr_error *error) {
    errno = 0;
    int ok = 1;
    /* IDAT chunks of at most 1 MB, each stripe starting a new one. */
    for (size_t offset = 0; offset < stripe->length && ok; offset += 1 << 20) {
        size_t length = stripe->length - offset;
        if (length > 1 << 20) length = 1 << 20;
        ok = write_chunk(stream->file, "IDAT", stripe->data + offset, length) == 0;
    }
    /* Flushed: what is appended is in the file, not in a buffer the size of a stripe. */
    if (!ok || fflush(stream->file) != 0) {
        write_failed(error, errno);
        return -1;
    }
    stream->adler = adler32_combine(stream->adler, stripe->adler, (z_off_t)stripe->raw_length);
    return 0;
}

int pr_png_stream_finish(pr_png_stream *stream, pr_error *error) {
    uint8_t trailer[4];
    put32(trailer, (uint32_t)stream->adler);
    errno = 0;
    int ok = write_chunk(stream->file, "IDAT", trailer, 4) == 0 && write_chunk(stream->file, "IEND", NULL, 0) == 0;
    if (fflush(stream->file) != 0 || ferror(stream->file)) ok = 0;
    int saved = errno;
    if (fclose(stream->file) != 0) ok = 0;
    stream->file = NULL;
    if (!ok) {
        write_failed(error, saved ? saved : errno);
        return -1;
    }
    return 0;
}

void pr_png_stream_close(pr_png_stream *stream) {
    if (stream == NULL) return;
    if (stream->file != NULL) fclose(stream->file);
    free(stream);
}
