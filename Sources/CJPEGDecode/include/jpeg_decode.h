#ifndef JPEG_DECODE_H
#define JPEG_DECODE_H

#include <stddef.h>

/* Decodes a JPEG held in memory to 8-bit gray, in two steps so that the
 * caller can check the dimensions before it allocates any pixels.
 *
 * libjpeg's default error handler calls exit(); this decoder recovers with
 * setjmp/longjmp inside C instead (a longjmp must never cross Swift frames)
 * and reports failures as a status plus a message. */

typedef struct jpeg_gray_decoder jpeg_gray_decoder;

/* A new decoder, or NULL when out of memory. */
jpeg_gray_decoder *jpeg_gray_create(void);

/* Reads the header of `data` (which must stay valid until the decoder is
 * destroyed) and prepares a decode scaled by 1/scale_denom (1, 2, 4 or 8).
 * On success returns 0 and sets the stored image size and the output size;
 * on failure returns -1 (see jpeg_gray_message). */
int jpeg_gray_read_header(jpeg_gray_decoder *decoder, const unsigned char *data, size_t size,
                          int scale_denom, int *image_width, int *image_height,
                          int *output_width, int *output_height);

/* Decodes the pixels into `pixels`, which holds output_height rows of
 * `stride` bytes (stride >= output_width). Returns 0, 1 for a truncated
 * stream kept, or -1 on failure. A truncated stream, whether it ends at the
 * end of the data or at a marker, is a failure, not a silently gray-filled
 * image, unless `keep_truncated` is nonzero: then what arrived is decoded,
 * the rest gray, and 1 says so. A progressive image of over 100 scans and
 * one needing over 160 MiB inside libjpeg fail. CMYK and YCCK images
 * (Adobe's inverted CMYK included) come out as gray too. */
int jpeg_gray_read_pixels(jpeg_gray_decoder *decoder, unsigned char *pixels, size_t stride, int keep_truncated);

/* The last failure's message from libjpeg (empty if none). */
const char *jpeg_gray_message(const jpeg_gray_decoder *decoder);

void jpeg_gray_destroy(jpeg_gray_decoder *decoder);

#endif
