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
     * functions come from poppler's own glib. */
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

bool pdf_document_render_page(const pdf_document *document, int index, cairo_t *context) {
    void *page = document->library->document_get_page(document->document, index);
    if (!page) return false;
    document->library->page_render(page, context);
    document->library->object_unref(page);
    return true;
}

void pdf_document_close(pdf_document *document) {
    if (!document) return;
    if (document->document) document->library->object_unref(document->document);
    if (document->bytes) document->library->bytes_unref(document->bytes);
    free(document);
}
