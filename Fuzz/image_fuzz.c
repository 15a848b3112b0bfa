/* libFuzzer target for the PNG and JPEG decoders (CCodecs), with the pixel limit pinrender
   applies before decoding: each image is decoded whole, then shrunk while it decodes (by
   odd block sizes, and for a JPEG by the inverse DCT too). Built by `make fuzz` with clang
   -fsanitize=fuzzer,address. */
#include <stdint.h>
#include <stdlib.h>
#include "pr_codecs.h"

#define PIXEL_LIMIT (4096 * 4096)

static void decode(const uint8_t *data, size_t size, int png, const pr_image_info *info, int denominator,
                   int kx, int ky) {
    pr_error error;
    size_t width = ((info->width + denominator - 1) / denominator + kx - 1) / kx;
    size_t height = ((info->height + denominator - 1) / denominator + ky - 1) / ky;
    int stride = (int)width * 4;
    uint8_t *pixels = malloc((size_t)stride * height);
    if (pixels == NULL) return;
    if (png) {
        pr_png_decode(data, size, kx, ky, pixels, stride, &error);
    } else {
        pr_jpeg_decode(data, size, denominator, kx, ky, pixels, stride, &error);
    }
    free(pixels);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    pr_image_info info;
    pr_error error;
    int png = size >= 4 && data[0] == 0x89 && data[1] == 'P';
    if ((png ? pr_png_read_info(data, size, &info, &error) : pr_jpeg_read_info(data, size, &info, &error)) != 0) {
        return 0;
    }
    if (info.width == 0 || info.height == 0 || (uint64_t)info.width * info.height > PIXEL_LIMIT) return 0;
    decode(data, size, png, &info, 1, 1, 1);
    decode(data, size, png, &info, png ? 1 : 2, 3, 2);
    return 0;
}
