/* libFuzzer target for the PNG and JPEG decoders (CCodecs), with the pixel limit pinrender
   applies before decoding. Built by `make fuzz` with clang -fsanitize=fuzzer,address. */
#include <stdint.h>
#include <stdlib.h>
#include "pr_codecs.h"

#define PIXEL_LIMIT (4096 * 4096)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    pr_image_info info;
    pr_error error;
    int png = size >= 4 && data[0] == 0x89 && data[1] == 'P';
    if ((png ? pr_png_read_info(data, size, &info, &error) : pr_jpeg_read_info(data, size, &info, &error)) != 0) {
        return 0;
    }
    if (info.width == 0 || info.height == 0 || (uint64_t)info.width * info.height > PIXEL_LIMIT) return 0;
    int stride = (int)info.width * 4;
    uint8_t *pixels = malloc((size_t)stride * info.height);
    if (pixels == NULL) return 0;
    if (png) {
        pr_png_decode(data, size, pixels, stride, &error);
    } else {
        pr_jpeg_decode(data, size, pixels, stride, &error);
    }
    free(pixels);
    return 0;
}
