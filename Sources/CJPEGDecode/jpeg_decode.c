#include "jpeg_decode.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* A progressive JPEG is decoded once per scan: libjpeg's encoder writes 6
 * to 10, and 5000 took 20 s (libjpeg-turbo documents this denial of
 * service; its tools cap the count the same way). */
#define MAX_SCANS 100
/* What libjpeg may allocate beyond the caller's pixels: a progressive image
 * keeps (and zeroes) every coefficient, 2 bytes per sample, whatever the file
 * holds. Beyond this it fails (it has no backing store) instead of growing:
 * an 80 MP gray or 27 MP colour progressive image fits, and with its frame
 * stays under 300 MB. */
#define MAX_LIBRARY_MEMORY (160L << 20)

struct jpeg_gray_decoder {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    struct jpeg_progress_mgr progress;
    jmp_buf recovery;
    int created;
    int cmyk;
    /* Set for a file's decode: data that ends early is kept, gray below the cut. */
    int keep_truncated;
    int truncated;
    char message[JMSG_LENGTH_MAX];
};

static void fail(j_common_ptr info) {
    jpeg_gray_decoder *decoder = (jpeg_gray_decoder *)info->client_data;
    if (info->err->msg_code == JERR_NO_BACKING_STORE) {
        snprintf(decoder->message, sizeof decoder->message, "decoding needs more than %ld MiB",
                 MAX_LIBRARY_MEMORY >> 20);
    } else {
        info->err->format_message(info, decoder->message);
    }
    longjmp(decoder->recovery, 1);
}

/* Warnings are printed to stderr by default. Most (extraneous bytes before a
 * marker, common in camera MJPEG) are harmless and stay silent, but data that
 * ends early, at the end of the file or at a marker (an EOI put after a cut),
 * leaves the rest of the image gray: a camera frame fails (the next one is
 * whole), while a file keeps what arrived, as zbarimg does, and says so. */
static void emit(j_common_ptr info, int level) {
    if (level < 0 && (info->err->msg_code == JWRN_JPEG_EOF || info->err->msg_code == JWRN_HIT_MARKER)) {
        jpeg_gray_decoder *decoder = (jpeg_gray_decoder *)info->client_data;
        if (!decoder->keep_truncated) {
            fail(info);
        }
        decoder->truncated = 1;
    }
}

static void monitor(j_common_ptr info) {
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number > MAX_SCANS) {
        jpeg_gray_decoder *decoder = (jpeg_gray_decoder *)info->client_data;
        snprintf(decoder->message, sizeof decoder->message,
                 "over %d progressive scans, more than any encoder writes", MAX_SCANS);
        longjmp(decoder->recovery, 1);
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
    decoder->info.mem->max_memory_to_use = MAX_LIBRARY_MEMORY;
    decoder->progress.progress_monitor = monitor;
    decoder->info.progress = &decoder->progress;
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
    /* libjpeg turns YCbCr and RGB into gray itself, but not CMYK or YCCK
     * (print workflows): those come out as CMYK and are converted here. */
    decoder->cmyk = decoder->info.jpeg_color_space == JCS_CMYK || decoder->info.jpeg_color_space == JCS_YCCK;
    decoder->info.out_color_space = decoder->cmyk ? JCS_CMYK : JCS_GRAYSCALE;
    decoder->info.scale_num = 1;
    decoder->info.scale_denom = (unsigned int)scale_denom;
    jpeg_calc_output_dimensions(&decoder->info);
    *image_width = (int)decoder->info.image_width;
    *image_height = (int)decoder->info.image_height;
    *output_width = (int)decoder->info.output_width;
    *output_height = (int)decoder->info.output_height;
    return 0;
}

/* Ink to light: each of R, G, B is what its ink (C, M, Y) and black let
 * through, then luma with LumaConversion's BT.601 weights. Photoshop and
 * most print software (those that write an Adobe marker) store CMYK inverted,
 * 255 for no ink; libjpeg hands the values over as stored. */
static void cmyk_to_gray(const JSAMPLE *cmyk, JSAMPLE *gray, JDIMENSION width, boolean inverted) {
    for (JDIMENSION x = 0; x < width; x++, cmyk += 4) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) {
            c = 255 - c, m = 255 - m, y = 255 - y, k = 255 - k;
        }
        unsigned r = (c * k + 127) / 255, g = (m * k + 127) / 255, b = (y * k + 127) / 255;
        gray[x] = (JSAMPLE)((77 * r + 150 * g + 29 * b + 128) >> 8);
    }
}

int jpeg_gray_read_pixels(jpeg_gray_decoder *decoder, unsigned char *pixels, size_t stride, int keep_truncated) {
    if (setjmp(decoder->recovery)) {
        return -1;
    }
    decoder->keep_truncated = keep_truncated;
    jpeg_start_decompress(&decoder->info);
    JSAMPARRAY cmyk_row = NULL;
    if (decoder->cmyk) {
        cmyk_row = (*decoder->info.mem->alloc_sarray)((j_common_ptr)&decoder->info, JPOOL_IMAGE,
                                                      decoder->info.output_width * 4, 1);
    }
    while (decoder->info.output_scanline < decoder->info.output_height) {
        JSAMPROW row = pixels + (size_t)decoder->info.output_scanline * stride;
        if (cmyk_row == NULL) {
            jpeg_read_scanlines(&decoder->info, &row, 1);
        } else {
            jpeg_read_scanlines(&decoder->info, cmyk_row, 1);
            cmyk_to_gray(cmyk_row[0], row, decoder->info.output_width, decoder->info.saw_Adobe_marker);
        }
    }
    jpeg_finish_decompress(&decoder->info);
    return decoder->truncated;
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
