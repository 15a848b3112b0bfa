#include "pr_codecs.h"

#include <stdio.h>
#include <jpeglib.h>
#include <libexif/exif-data.h>
#include <setjmp.h>
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

static void ignore_message(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

static void report_errors_to(struct jpeg_decompress_struct *info, error_manager *manager,
                             pr_error *error) {
    info->err = jpeg_std_error(&manager->base);
    manager->base.error_exit = jump_on_error;
    manager->base.emit_message = ignore_message;
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

int pr_jpeg_decode(const uint8_t *bytes, size_t length, uint8_t *pixels, int stride,
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
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRX;
    jpeg_start_decompress(&info);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * stride;
        jpeg_read_scanlines(&info, &row, 1);
        if (cmyk) {
            /* Adobe writes inverted CMYK; in place, 4 bytes in, 4 bytes out. */
            for (JDIMENSION x = 0; x < info.output_width; x++) {
                uint8_t *p = row + x * 4;
                unsigned c = p[0], m = p[1], y = p[2], k = p[3];
                p[0] = (uint8_t)(y * k / 255);
                p[1] = (uint8_t)(m * k / 255);
                p[2] = (uint8_t)(c * k / 255);
                p[3] = 0xff;
            }
        } else {
            for (JDIMENSION x = 0; x < info.output_width; x++) row[x * 4 + 3] = 0xff;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}
