#ifndef PR_BOX_FILTER_H
#define PR_BOX_FILTER_H

#include <stdint.h>

/* Shrinks an image while its rows arrive, top to bottom: each output pixel is the rounded
   mean of a block of `kx` x `ky` input pixels (the last blocks of a row or column hold what
   is left). Pixels are 4 bytes (premultiplied B, G, R, A or B, G, R, unused), so averaging
   them is averaging what is drawn. Holds one row of sums, never the image. */
typedef struct {
    int width;          /* input pixels per row */
    int kx, ky;
    int out_width;
    uint32_t *sums;     /* out_width x 4 */
    int band_rows;      /* input rows summed into the current output row */
    uint8_t *out;       /* the next output row */
    int stride;
} pr_box;

/* 0, or -1 when out of memory. */
int pr_box_init(pr_box *box, int width, int kx, int ky, uint8_t *out, int stride);

/* Adds one input row; writes an output row when a band of `ky` rows is complete. */
void pr_box_add(pr_box *box, const uint8_t *row);

/* Writes the last output row from a band that the image's end cut short. */
void pr_box_finish(pr_box *box);

void pr_box_free(pr_box *box);

#endif
