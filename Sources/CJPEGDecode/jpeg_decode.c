#include "jpeg_decode.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

struct jpeg_gray_decoder {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    jmp_buf recovery;
    int created;
    char message[JMSG_LENGTH_MAX];
};

static void fail(j_common_ptr info) {
    jpeg_gray_decoder *decoder = (jpeg_gray_decoder *)info->client_data;
    info->err->format_message(info, decoder->message);
    longjmp(decoder->recovery, 1);
}

/* Warnings are printed to stderr by default. Most (extraneous bytes before a
 * marker, common in camera MJPEG) are harmless and stay silent, but a
 * premature end of data would leave the rest of the image gray, so it fails. */
static void emit(j_common_ptr info, int level) {
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) {
        fail(info);
    }
}

jpeg_gray_decoder *jpeg_gray_create(void) {
    jpeg_gray_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        return NULL;
    }
    decoder->info.err = jpeg_std_error(&decoder->errors);
    decoder->errors.error_exit = fail;
    decoder->errors.emit_message = emit;
    decoder->info.client_data = decoder;
    if (setjmp(decoder->recovery)) {
        free(decoder);
        return NULL;
    }
    jpeg_CreateDecompress(&decoder->info, JPEG_LIB_VERSION, sizeof decoder->info);
    decoder->created = 1;
    return decoder;
}

int jpeg_gray_read_header(jpeg_gray_decoder *decoder, const unsigned char *data, size_t size,
                          int scale_denom, int *image_width, int *image_height,
                          int *output_width, int *output_height) {
    if (setjmp(decoder->recovery)) {
        return -1;
    }
    jpeg_mem_src(&decoder->info, data, (unsigned long)size);
    jpeg_read_header(&decoder->info, TRUE);
    decoder->info.out_color_space = JCS_GRAYSCALE;
    decoder->info.scale_num = 1;
    decoder->info.scale_denom = (unsigned int)scale_denom;
    jpeg_calc_output_dimensions(&decoder->info);
    *image_width = (int)decoder->info.image_width;
    *image_height = (int)decoder->info.image_height;
    *output_width = (int)decoder->info.output_width;
    *output_height = (int)decoder->info.output_height;
    return 0;
}

int jpeg_gray_read_pixels(jpeg_gray_decoder *decoder, unsigned char *pixels, size_t stride) {
    if (setjmp(decoder->recovery)) {
        return -1;
    }
    jpeg_start_decompress(&decoder->info);
    while (decoder->info.output_scanline < decoder->info.output_height) {
        JSAMPROW row = pixels + (size_t)decoder->info.output_scanline * stride;
        jpeg_read_scanlines(&decoder->info, &row, 1);
    }
    jpeg_finish_decompress(&decoder->info);
    return 0;
}

const char *jpeg_gray_message(const jpeg_gray_decoder *decoder) {
    return decoder->message;
}

void jpeg_gray_destroy(jpeg_gray_decoder *decoder) {
    if (decoder == NULL) {
        return;
    }
    if (decoder->created) {
        jpeg_destroy_decompress(&decoder->info);
    }
    free(decoder);
}
