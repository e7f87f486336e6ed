#ifndef TIFF_DECODE_H
#define TIFF_DECODE_H

#include <stddef.h>
#include <stdint.h>

/* Reads the pages of a TIFF held in memory as RGBA rows, through libtiff's
 * RGBA interface (every photometric, bit depth, compression and tiling it
 * knows), one page and one band of rows at a time so that the caller checks
 * each page's size before it allocates anything.
 *
 * libtiff reports through variadic callbacks; this file turns them into one
 * message per reader instead of lines on standard error. */

typedef struct tiff_reader tiff_reader;

/* Opens `data` (which must stay valid until the reader is closed). Returns
 * NULL on failure with the reason in `message`. */
tiff_reader *tiff_reader_open(const void *data, size_t size, char *message, size_t message_size);

/* The number of pages (directories). */
int tiff_reader_page_count(tiff_reader *reader);

/* Makes page `index` (0-based) current and gives its size. Returns 0, or -1
 * on failure (see tiff_reader_message). */
int tiff_reader_select_page(tiff_reader *reader, int index, uint32_t *width, uint32_t *height);

/* Reads `rows` rows of the current page from `first_row`, top row first,
 * as R,G,B,A bytes into `rgba` (width * rows * 4 bytes). Returns 0, or -1. */
int tiff_reader_read_rows(tiff_reader *reader, uint32_t first_row, uint32_t rows, uint8_t *rgba);

/* The last failure's message from libtiff (empty if none). */
const char *tiff_reader_message(const tiff_reader *reader);

void tiff_reader_close(tiff_reader *reader);

#endif
