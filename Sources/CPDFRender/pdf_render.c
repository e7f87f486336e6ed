#include "pdf_render.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* glib's GError, a public struct whose layout glib keeps stable; every other
 * glib and poppler type stays opaque here, as no header of theirs is used. */
typedef struct {
    uint32_t domain;
    int code;
    char *message;
} glib_error;

/* cairo's few types used here, opaque but for two values of its stable ABI. */
typedef struct cairo_surface cairo_surface_t;
typedef struct cairo cairo_t;
enum { CAIRO_STATUS_SUCCESS = 0, CAIRO_FORMAT_RGB24 = 1 };

struct pdf_library {
    void *(*bytes_new_static)(const void *data, size_t size);
    void (*bytes_unref)(void *bytes);
    void (*error_free)(glib_error *error);
    void (*object_unref)(void *object);
    void *(*document_new_from_bytes)(void *bytes, const char *password, glib_error **error);
    int (*document_get_n_pages)(void *document);
    void *(*document_get_page)(void *document, int index);
    void (*page_get_size)(void *page, double *width, double *height);
    void (*page_render)(void *page, cairo_t *context);
    cairo_surface_t *(*image_surface_create)(int format, int width, int height);
    int (*surface_status)(cairo_surface_t *surface);
    unsigned char *(*image_surface_get_data)(cairo_surface_t *surface);
    int (*image_surface_get_stride)(cairo_surface_t *surface);
    void (*surface_flush)(cairo_surface_t *surface);
    void (*surface_destroy)(cairo_surface_t *surface);
    cairo_t *(*create)(cairo_surface_t *surface);
    void (*set_source_rgb)(cairo_t *context, double red, double green, double blue);
    void (*paint)(cairo_t *context);
    void (*scale)(cairo_t *context, double x, double y);
    void (*destroy)(cairo_t *context);
};

struct pdf_page_image {
    const pdf_library *library;
    cairo_surface_t *surface;
};

struct pdf_document {
    const pdf_library *library;
    void *bytes;
    void *document;
};

pdf_library *pdf_library_open(const char *name, char *error, size_t error_size) {
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(error, error_size, "%s", dlerror());
        return NULL;
    }
    pdf_library *library = calloc(1, sizeof *library);
    if (!library) {
        snprintf(error, error_size, "out of memory");
        dlclose(handle);
        return NULL;
    }
    /* dlsym on the handle also searches the libraries it loaded: glib's
     * and cairo's functions come from poppler's own. */
    struct {
        const char *symbol;
        void **slot;
    } functions[] = {
        {"g_bytes_new_static", (void **)&library->bytes_new_static},
        {"g_bytes_unref", (void **)&library->bytes_unref},
        {"g_error_free", (void **)&library->error_free},
        {"g_object_unref", (void **)&library->object_unref},
        {"poppler_document_new_from_bytes", (void **)&library->document_new_from_bytes},
        {"poppler_document_get_n_pages", (void **)&library->document_get_n_pages},
        {"poppler_document_get_page", (void **)&library->document_get_page},
        {"poppler_page_get_size", (void **)&library->page_get_size},
        {"poppler_page_render", (void **)&library->page_render},
        {"cairo_image_surface_create", (void **)&library->image_surface_create},
        {"cairo_surface_status", (void **)&library->surface_status},
        {"cairo_image_surface_get_data", (void **)&library->image_surface_get_data},
        {"cairo_image_surface_get_stride", (void **)&library->image_surface_get_stride},
        {"cairo_surface_flush", (void **)&library->surface_flush},
        {"cairo_surface_destroy", (void **)&library->surface_destroy},
        {"cairo_create", (void **)&library->create},
        {"cairo_set_source_rgb", (void **)&library->set_source_rgb},
        {"cairo_paint", (void **)&library->paint},
        {"cairo_scale", (void **)&library->scale},
        {"cairo_destroy", (void **)&library->destroy},
    };
    for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++) {
        *functions[i].slot = dlsym(handle, functions[i].symbol);
        if (!*functions[i].slot) {
            snprintf(error, error_size, "%s has no %s", name, functions[i].symbol);
            free(library);
            dlclose(handle);
            return NULL;
        }
    }
    return library;
}

pdf_document *pdf_document_open(const pdf_library *library, const void *bytes, size_t length, char *error,
                                size_t error_size) {
    pdf_document *document = calloc(1, sizeof *document);
    if (!document) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    document->library = library;
    document->bytes = library->bytes_new_static(bytes, length);
    glib_error *failure = NULL;
    document->document = library->document_new_from_bytes(document->bytes, NULL, &failure);
    if (!document->document) {
        snprintf(error, error_size, "%s", failure && failure->message ? failure->message : "the document cannot be opened");
        if (failure) library->error_free(failure);
        pdf_document_close(document);
        return NULL;
    }
    return document;
}

int pdf_document_page_count(const pdf_document *document) {
    return document->library->document_get_n_pages(document->document);
}

bool pdf_document_page_size(const pdf_document *document, int index, double *width, double *height) {
    void *page = document->library->document_get_page(document->document, index);
    if (!page) return false;
    document->library->page_get_size(page, width, height);
    document->library->object_unref(page);
    return true;
}

pdf_page_image *pdf_document_render_page(const pdf_document *document, int index, int width, int height, double scale,
                                         char *error, size_t error_size) {
    const pdf_library *library = document->library;
    pdf_page_image *image = calloc(1, sizeof *image);
    if (!image) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    image->library = library;
    image->surface = library->image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    if (library->surface_status(image->surface) != CAIRO_STATUS_SUCCESS || !library->image_surface_get_data(image->surface)) {
        snprintf(error, error_size, "cairo cannot make a %dx%d surface", width, height);
        pdf_page_image_free(image);
        return NULL;
    }
    void *page = document->library->document_get_page(document->document, index);
    if (!page) {
        snprintf(error, error_size, "the page cannot be read");
        pdf_page_image_free(image);
        return NULL;
    }
    cairo_t *context = library->create(image->surface);
    library->set_source_rgb(context, 1, 1, 1);
    library->paint(context);
    library->scale(context, scale, scale);
    library->page_render(page, context);
    library->destroy(context);
    library->object_unref(page);
    library->surface_flush(image->surface);
    return image;
}

const unsigned char *pdf_page_image_data(const pdf_page_image *image) {
    return image->library->image_surface_get_data(image->surface);
}

int pdf_page_image_stride(const pdf_page_image *image) {
    return image->library->image_surface_get_stride(image->surface);
}

void pdf_page_image_free(pdf_page_image *image) {
    if (!image) return;
    /* A failed create still returns a surface (in an error state) to destroy. */
    if (image->surface) image->library->surface_destroy(image->surface);
    free(image);
}

void pdf_document_close(pdf_document *document) {
    if (!document) return;
    if (document->document) document->library->object_unref(document->document);
    if (document->bytes) document->library->bytes_unref(document->bytes);
    free(document);
}
