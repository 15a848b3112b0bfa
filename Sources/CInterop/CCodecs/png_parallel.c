#include "pr_codecs.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* One horizontal stripe of the image, Up-filtered and deflated on its own. Every stripe but
   the last ends with a full flush, so the raw deflate parts join into one stream. */
typedef struct {
    const uint8_t *pixels;
    int width, stride, first, last, level, final;
    uint8_t *out;
    size_t out_length, out_capacity;
    uLong adler;
    size_t raw_length;
    int failed;
} stripe;

static int append(stripe *s, const uint8_t *data, size_t length) {
    if (s->out_length + length > s->out_capacity) {
        size_t capacity = (s->out_capacity + length) * 2;
        uint8_t *grown = realloc(s->out, capacity);
        if (grown == NULL) return -1;
        s->out = grown;
        s->out_capacity = capacity;
    }
    memcpy(s->out + s->out_length, data, length);
    s->out_length += length;
    return 0;
}

static void *compress_stripe(void *argument) {
    stripe *s = argument;
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, s->level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        s->failed = 1;
        return NULL;
    }
    size_t row_length = 1 + (size_t)s->width * 3;
    uint8_t *row = malloc(row_length);
    uint8_t chunk[65536];
    s->adler = adler32(0L, Z_NULL, 0);
    for (int y = s->first; y < s->last && !s->failed; y++) {
        const uint8_t *p = s->pixels + (size_t)y * s->stride;
        const uint8_t *above = y > 0 ? p - s->stride : NULL;
        row[0] = 2; /* Up */
        for (int x = 0; x < s->width; x++) {
            /* Cairo RGB24 is B, G, R, unused in memory. */
            for (int c = 0; c < 3; c++) {
                uint8_t value = p[x * 4 + 2 - c];
                uint8_t prior = above ? above[x * 4 + 2 - c] : 0;
                row[1 + x * 3 + c] = (uint8_t)(value - prior);
            }
        }
        s->adler = adler32(s->adler, row, (uInt)row_length);
        s->raw_length += row_length;
        int flush = y + 1 < s->last ? Z_NO_FLUSH : (s->final ? Z_FINISH : Z_FULL_FLUSH);
        z.next_in = row;
        z.avail_in = (uInt)row_length;
        do {
            z.next_out = chunk;
            z.avail_out = sizeof chunk;
            deflate(&z, flush);
            if (append(s, chunk, sizeof chunk - z.avail_out) != 0) s->failed = 1;
        } while (z.avail_out == 0 && !s->failed);
    }
    free(row);
    deflateEnd(&z);
    return NULL;
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

int pr_png_write_rgb24_parallel(const char *path, const uint8_t *pixels, int width, int height, int stride,
                                int level, pr_error *error) {
    /* The stripes depend on the size only, never on the machine: same pixels, same bytes. */
    int count = height / 256;
    if (count < 1) count = 1;
    if (count > 16) count = 16;
    stripe stripes[16];
    memset(stripes, 0, sizeof stripes);
    for (int i = 0; i < count; i++) {
        stripes[i] = (stripe){ .pixels = pixels, .width = width, .stride = stride, .level = level,
                               .first = height * i / count, .last = height * (i + 1) / count, .final = i == count - 1 };
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int workers = cores < 1 ? 1 : (cores > count ? count : (int)cores);
    /* Stripes in waves of `workers` threads. */
    for (int start = 0; start < count; start += workers) {
        pthread_t threads[16];
        int started = 0;
        for (int i = start; i < start + workers && i < count; i++) {
            if (pthread_create(&threads[i - start], NULL, compress_stripe, &stripes[i]) == 0) started++;
            else compress_stripe(&stripes[i]);
        }
        for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    }
    int failed = 0;
    uLong adler = adler32(0L, Z_NULL, 0);
    for (int i = 0; i < count; i++) {
        failed |= stripes[i].failed;
        adler = adler32_combine(adler, stripes[i].adler, (z_off_t)stripes[i].raw_length);
    }
    FILE *file = failed ? NULL : fopen(path, "wb");
    if (file == NULL) {
        snprintf(error->message, sizeof error->message, "%s", failed ? "out of memory" : strerror(errno));
        for (int i = 0; i < count; i++) free(stripes[i].out);
        return -1;
    }
    static const uint8_t signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    uint8_t ihdr[13];
    put32(ihdr, (uint32_t)width);
    put32(ihdr + 4, (uint32_t)height);
    ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    const uint8_t zlib_header[2] = { 0x78, 0x9C };
    uint8_t trailer[4];
    put32(trailer, (uint32_t)adler);
    errno = 0;
    int ok = fwrite(signature, 1, 8, file) == 8 && write_chunk(file, "IHDR", ihdr, 13) == 0
        && write_chunk(file, "IDAT", zlib_header, 2) == 0;
    for (int i = 0; i < count && ok; i++) {
        /* IDAT chunks of at most 1 MB. */
        for (size_t offset = 0; offset < stripes[i].out_length && ok; offset += 1 << 20) {
            size_t length = stripes[i].out_length - offset;
            if (length > 1 << 20) length = 1 << 20;
            ok = write_chunk(file, "IDAT", stripes[i].out + offset, length) == 0;
        }
    }
    ok = ok && write_chunk(file, "IDAT", trailer, 4) == 0 && write_chunk(file, "IEND", NULL, 0) == 0;
    for (int i = 0; i < count; i++) free(stripes[i].out);
    if (fflush(file) != 0 || ferror(file)) ok = 0;
    int saved = errno;
    if (fclose(file) != 0) ok = 0;
    if (!ok) {
        snprintf(error->message, sizeof error->message, "Write Error: %s", strerror(saved ? saved : errno));
        return -1;
    }
    return 0;
}
