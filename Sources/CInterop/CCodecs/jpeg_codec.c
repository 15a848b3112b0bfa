#include "pr_codecs.h"
#include "box_filter.h"

#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
#include <libexif/exif-data.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    pr_error *error;
} error_manager;

static void jump_on_error(j_common_ptr info) {
    error_manager *manager = (error_manager *)info->err;
    char text[JMSG_LENGTH_MAX];
    info->err->format_message(info, text);
    snprintf(manager->error->message, sizeof manager->error->message, "%s", text);
    longjmp(manager->jump, 1);
}

/* libjpeg only warns of damaged data (a file cut short, a corrupt scan) and fills in
   grey: those warnings are errors here. Other warnings (an unknown JFIF revision, an Adobe
   transform code, a bad ICC marker) and trace messages are ignored. */
static void fail_on_damage(j_common_ptr info, int level) {
    if (level != -1) return;
    switch (info->err->msg_code) {
    case JWRN_ARITH_BAD_CODE: case JWRN_BOGUS_PROGRESSION: case JWRN_EXTRANEOUS_DATA:
    case JWRN_HIT_MARKER: case JWRN_HUFF_BAD_CODE: case JWRN_JPEG_EOF: case JWRN_MUST_RESYNC:
    case JWRN_NOT_SEQUENTIAL:
        jump_on_error(info);
        break;
    default:
        break;
    }
}

static void report_errors_to(struct jpeg_decompress_struct *info, error_manager *manager,
                             pr_error *error) {
    info->err = jpeg_std_error(&manager->base);
    manager->base.error_exit = jump_on_error;
    manager->base.emit_message = fail_on_damage;
    manager->error = error;
}

/* EXIF orientation 1...8 from the APP1 segment, 1 when absent or unreadable. */
static int exif_orientation(const uint8_t *bytes, size_t length) {
    ExifData *data = exif_data_new_from_data(bytes, (unsigned int)length);
    if (data == NULL) return 1;
    int orientation = 1;
    ExifEntry *entry = exif_content_get_entry(data->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
    if (entry != NULL && entry->format == EXIF_FORMAT_SHORT && entry->components >= 1) {
        int value = exif_get_short(entry->data, exif_data_get_byte_order(data));
        if (value >= 1 && value <= 8) orientation = value;
    }
    exif_data_unref(data);
    return orientation;
}

int pr_jpeg_read_info(const uint8_t *bytes, size_t length, pr_image_info *result,
                      pr_error *error) {
    struct jpeg_decompress_struct info;
    error_manager manager;
    report_errors_to(&info, &manager, error);
    /* setjmp must run in this frame, the one that is still live when libjpeg jumps. */
    if (setjmp(manager.jump)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    result->width = info.image_width;
    result->height = info.image_height;
    result->has_alpha = 0;
    jpeg_destroy_decompress(&info);
    result->orientation = exif_orientation(bytes, length);
    return 0;
}

/* One decoded row (B, G, R, X or inverted CMYK) to opaque B, G, R, 0xff, in place. */
static void make_opaque(uint8_t *row, JDIMENSION width, int cmyk) {
    for (JDIMENSION x = 0; x < width; x++) {
        uint8_t *p = row + x * 4;
        if (cmyk) {
            /* Adobe writes inverted CMYK; 4 bytes in, 4 bytes out. */
            unsigned c = p[0], m = p[1], y = p[2], k = p[3];
            p[0] = (uint8_t)(y * k / 255);
            p[1] = (uint8_t)(m * k / 255);
            p[2] = (uint8_t)(c * k / 255);
        }
        p[3] = 0xff;
    }
}

int pr_jpeg_decode(const uint8_t *bytes, size_t length, int denominator, int kx, int ky,
                   uint8_t *pixels, int stride, pr_error *error) {
    struct jpeg_decompress_struct info;
    error_manager manager;
    report_errors_to(&info, &manager, error);
    uint8_t *volatile row = NULL;
    pr_box *volatile box = NULL;
    /* setjmp must run in this frame, the one that is still live when libjpeg jumps. */
    if (setjmp(manager.jump)) {
        free(row);
        if (box != NULL) pr_box_free(box);
        free(box);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRX;
    /* libjpeg shrinks by 2, 4 or 8 in the inverse DCT, the cheapest way to a smaller image. */
    info.scale_num = 1;
    info.scale_denom = (unsigned int)denominator;
    jpeg_start_decompress(&info);
    int shrink = kx > 1 || ky > 1;
    if (shrink) {
        row = malloc((size_t)info.output_width * 4);
        box = malloc(sizeof *box);
        if (row == NULL || box == NULL) ERREXIT(&info, JERR_OUT_OF_MEMORY);
        if (pr_box_init(box, (int)info.output_width, kx, ky, pixels, stride) != 0) {
            free(box);
            box = NULL;
            ERREXIT(&info, JERR_OUT_OF_MEMORY);
        }
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW line = shrink ? row : pixels + (size_t)info.output_scanline * stride;
        jpeg_read_scanlines(&info, &line, 1);
        make_opaque(line, info.output_width, cmyk);
        if (shrink) pr_box_add(box, line);
    }
    jpeg_finish_decompress(&info);
    if (shrink) {
        pr_box_finish(box);
        pr_box_free(box);
    }
    free(box);
    free(row);
    jpeg_destroy_decompress(&info);
    return 0;
}
