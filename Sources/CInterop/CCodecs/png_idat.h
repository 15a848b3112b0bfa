#ifndef PR_PNG_IDAT_H
#define PR_PNG_IDAT_H

#include <stddef.h>
#include <stdint.h>

#include "pr_codecs.h"

/* Reads `count` bytes of a PNG file into `out`: 0, or -1 with a message in `error`. */
typedef int (*pr_png_read_fn)(void *source, uint8_t *out, size_t count, pr_error *error);

/* The rows of a non-interlaced 8-bit RGB PNG read from its IDAT chunks, `read` giving the
   bytes from the first IDAT chunk's start on; after the last row, the chunks up to IEND are
   read and their CRCs checked, as libpng does. */
typedef struct pr_png_idat pr_png_idat;

/* NULL when out of memory (a row is 3 x `width` bytes: check the size first). */
pr_png_idat *pr_png_idat_open(uint32_t width, uint32_t height, pr_png_read_fn read, void *source);

/* The next `count` rows into `pixels`, `stride` bytes apart, as R, G, B, A (`swap`: B, G,
   R, A), opaque. 0, or -1 with a message in `error`. */
int pr_png_idat_rows(pr_png_idat *idat, uint8_t *pixels, int count, int stride, int swap, pr_error *error);

void pr_png_idat_close(pr_png_idat *idat);

#endif
