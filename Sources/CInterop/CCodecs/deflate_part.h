#ifndef PR_DEFLATE_PART_H
#define PR_DEFLATE_PART_H

#include <stddef.h>
#include <stdint.h>

#include "pr_codecs.h"

/* Deflates `length` bytes whole with libdeflate at `level` (1-12) into `stripe` (appending),
   as one part of a deflate stream joined from parts deflated apart (the stripes of a PNG):
   unless `last`, the part ends byte-aligned and not final, as zlib's full flush leaves it.
   Returns 0, or -1 when out of memory. */
int pr_deflate_part(const uint8_t *bytes, size_t length, int level, int last, pr_png_stripe *stripe);

#endif
