#ifndef PDF_RENDER_H
#define PDF_RENDER_H

#include <stdbool.h>
#include <stddef.h>

/* PDF pages through poppler-glib, loaded with dlopen when the first PDF is
 * read rather than at start-up: poppler and the libraries it pulls in (glib,
 * gobject, nss, lcms...) are a third of the program's, and loading them cost
 * every run about 5 ms of CPU, in the scan process and in each reader helper
 * it starts, for a format few runs read. A machine without poppler still
 * scans every other format, and a PDF then fails with the loader's message.
 * Pages are drawn with cairo, which poppler-glib loads, so its functions are
 * looked up there too: nothing that does not read a PDF links cairo (an
 * embedding of the library, such as the checkout sample, does not). */

typedef struct pdf_library pdf_library;
typedef struct pdf_document pdf_document;

/* The library with the soname `name` and every function used here, or NULL
 * with the reason (dlerror's message) in `error`. It is never unloaded. */
pdf_library *pdf_library_open(const char *name, char *error, size_t error_size);

/* A document over `bytes`, which must stay valid until it is closed, or NULL
 * with poppler's message in `error`. */
pdf_document *pdf_document_open(const pdf_library *library, const void *bytes, size_t length, char *error,
                                size_t error_size);

int pdf_document_page_count(const pdf_document *document);

/* The size of page `index` in points; false when the page cannot be read. */
bool pdf_document_page_size(const pdf_document *document, int index, double *width, double *height);

typedef struct pdf_page_image pdf_page_image;

/* Page `index` drawn on white at `scale` pixels per point, in a `width` x
 * `height` image of cairo's RGB24 (a native-endian 0x00RRGGBB word a pixel),
 * or NULL with the reason in `error`. */
pdf_page_image *pdf_document_render_page(const pdf_document *document, int index, int width, int height, double scale,
                                         char *error, size_t error_size);
const unsigned char *pdf_page_image_data(const pdf_page_image *image);
/* Bytes from one row to the next. */
int pdf_page_image_stride(const pdf_page_image *image);
void pdf_page_image_free(pdf_page_image *image);

void pdf_document_close(pdf_document *document);

#endif
