#include "box_filter.h"

#include <stdlib.h>
#include <string.h>

int pr_box_init(pr_box *box, int width, int kx, int ky, uint8_t *out, int stride) {
    memset(box, 0, sizeof *box);
    box->width = width;
    box->kx = kx;
    box->ky = ky;
    box->out_width = (width + kx - 1) / kx;
    box->out = out;
    box->stride = stride;
    box->sums = calloc((size_t)box->out_width * 4, sizeof *box->sums);
    return box->sums == NULL ? -1 : 0;
}

static void emit(pr_box *box) {
    for (int ox = 0; ox < box->out_width; ox++) {
        int columns = box->width - ox * box->kx < box->kx ? box->width - ox * box->kx : box->kx;
        uint32_t count = (uint32_t)columns * (uint32_t)box->band_rows;
        uint32_t *sum = box->sums + (size_t)ox * 4;
        uint8_t *p = box->out + (size_t)ox * 4;
        for (int c = 0; c < 4; c++) p[c] = (uint8_t)((sum[c] + count / 2) / count);
    }
    memset(box->sums, 0, (size_t)box->out_width * 4 * sizeof *box->sums);
    box->out += box->stride;
    box->band_rows = 0;
}

void pr_box_add(pr_box *box, const uint8_t *row) {
    for (int x = 0; x < box->width; x++) {
        uint32_t *sum = box->sums + (size_t)(x / box->kx) * 4;
        const uint8_t *p = row + (size_t)x * 4;
        sum[0] += p[0];
        sum[1] += p[1];
        sum[2] += p[2];
        sum[3] += p[3];
    }
    if (++box->band_rows == box->ky) emit(box);
}

void pr_box_finish(pr_box *box) {
    if (box->band_rows > 0) emit(box);
}

void pr_box_free(pr_box *box) {
    free(box->sums);
    box->sums = NULL;
}
