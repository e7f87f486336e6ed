#include "tiff_decode.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

/* The name libtiff knows the in-memory file by. */
#define MEMORY_NAME "memory"

struct tiff_reader {
    const unsigned char *data;
    toff_t size;
    toff_t position;
    TIFF *tiff;
    char message[256];
};

/* The first error is the cause; later ones are consequences. */
static int on_error(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tiff;
    (void)module;
    struct tiff_reader *reader = user_data;
    if (reader->message[0] == 0) {
        vsnprintf(reader->message, sizeof reader->message, format, arguments);
        /* Messages about the file start with its name, which is ours, not the user's. */
        size_t prefix = strlen(MEMORY_NAME ": ");
        if (strncmp(reader->message, MEMORY_NAME ": ", prefix) == 0)
            memmove(reader->message, reader->message + prefix, strlen(reader->message + prefix) + 1);
    }
    return 1; /* handled: nothing reaches standard error */
}

/* Warnings (unknown tags, odd but readable files) are not failures. */
static int on_warning(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tiff;
    (void)user_data;
    (void)module;
    (void)format;
    (void)arguments;
    return 1;
}

static tmsize_t read_proc(thandle_t handle, void *buffer, tmsize_t count) {
    struct tiff_reader *reader = (struct tiff_reader *)handle;
    if (count < 0) return -1;
    toff_t available = reader->position < reader->size ? reader->size - reader->position : 0;
    toff_t n = (toff_t)count < available ? (toff_t)count : available;
    memcpy(buffer, reader->data + reader->position, (size_t)n);
    reader->position += n;
    return (tmsize_t)n;
}

static tmsize_t write_proc(thandle_t handle, void *buffer, tmsize_t count) {
    (void)handle;
    (void)buffer;
    (void)count;
    return -1;
}

static toff_t seek_proc(thandle_t handle, toff_t offset, int whence) {
    struct tiff_reader *reader = (struct tiff_reader *)handle;
    toff_t base = whence == SEEK_CUR ? reader->position : whence == SEEK_END ? reader->size : 0;
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    reader->position = base + offset;
    return reader->position;
}

static int close_proc(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t size_proc(thandle_t handle) { return ((struct tiff_reader *)handle)->size; }

/* Memory-mapping is refused so libtiff reads through read_proc only. */
static int map_proc(thandle_t handle, void **base, toff_t *size) {
    (void)handle;
    (void)base;
    (void)size;
    return 0;
}

static void unmap_proc(thandle_t handle, void *base, toff_t size) {
    (void)handle;
    (void)base;
    (void)size;
}

tiff_reader *tiff_reader_open(const void *data, size_t size, char *message, size_t message_size) {
    struct tiff_reader *reader = calloc(1, sizeof *reader);
    if (!reader) {
        snprintf(message, message_size, "out of memory");
        return NULL;
    }
    reader->data = data;
    reader->size = size;
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) {
        free(reader);
        snprintf(message, message_size, "out of memory");
        return NULL;
    }
    TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, reader);
    TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, reader);
    /* No single allocation beyond what the largest allowed page needs in
     * RGBA strips: a hostile strip size fails instead of exhausting memory. */
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, 512 * 1024 * 1024);
    /* "m": read through read_proc, never a mapping. */
    reader->tiff = TIFFClientOpenExt(MEMORY_NAME, "rm", (thandle_t)reader, read_proc, write_proc, seek_proc,
                                     close_proc, size_proc, map_proc, unmap_proc, options);
    TIFFOpenOptionsFree(options);
    if (!reader->tiff) {
        snprintf(message, message_size, "%s", reader->message[0] ? reader->message : "not a readable TIFF");
        free(reader);
        return NULL;
    }
    return reader;
}

int tiff_reader_page_count(tiff_reader *reader) {
    tdir_t count = TIFFNumberOfDirectories(reader->tiff);
    return count > 0 ? (int)count : 1;
}

int tiff_reader_select_page(tiff_reader *reader, int index, uint32_t *width, uint32_t *height) {
    reader->message[0] = 0;
    if (!TIFFSetDirectory(reader->tiff, (tdir_t)index)) {
        if (!reader->message[0]) snprintf(reader->message, sizeof reader->message, "page %d cannot be read", index + 1);
        return -1;
    }
    if (!TIFFGetField(reader->tiff, TIFFTAG_IMAGEWIDTH, width) || !TIFFGetField(reader->tiff, TIFFTAG_IMAGELENGTH, height)) {
        snprintf(reader->message, sizeof reader->message, "the page has no width or height");
        return -1;
    }
    char reason[1024];
    if (!TIFFRGBAImageOK(reader->tiff, reason)) {
        snprintf(reader->message, sizeof reader->message, "%s", reason);
        return -1;
    }
    return 0;
}

int tiff_reader_read_rows(tiff_reader *reader, uint32_t first_row, uint32_t rows, uint8_t *rgba) {
    reader->message[0] = 0;
    TIFFRGBAImage image;
    char reason[1024];
    /* Stop on the first damaged strip or tile instead of filling it gray. */
    if (!TIFFRGBAImageBegin(&image, reader->tiff, 1, reason)) {
        snprintf(reader->message, sizeof reader->message, "%s", reason);
        return -1;
    }
    image.req_orientation = ORIENTATION_TOPLEFT;
    image.row_offset = (int)first_row;
    image.col_offset = 0;
    int ok = TIFFRGBAImageGet(&image, (uint32_t *)rgba, image.width, rows);
    TIFFRGBAImageEnd(&image);
    /* Some read errors are reported without failing the call. */
    if (!ok || reader->message[0]) {
        if (!reader->message[0]) snprintf(reader->message, sizeof reader->message, "the pixel data cannot be decoded");
        return -1;
    }
    return 0;
}

const char *tiff_reader_message(const tiff_reader *reader) { return reader->message; }

void tiff_reader_close(tiff_reader *reader) {
    if (!reader) return;
    TIFFClose(reader->tiff);
    free(reader);
}
