// A plain C face over zxing-cpp 1.4 (C++ only), so that Swift needs no C++
// interop. Every C++ exception is caught inside and returned as a message.
#ifndef ZXING_BRIDGE_H
#define ZXING_BRIDGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Formats, as our own bits: the bridge translates them to zxing's enum so
// that a change in zxing's values cannot silently change ours.
typedef enum {
    ZXB_FORMAT_NONE = 0,
    ZXB_FORMAT_QR = 1u << 0,
    ZXB_FORMAT_EAN8 = 1u << 1,
    ZXB_FORMAT_EAN13 = 1u << 2,
    ZXB_FORMAT_UPCA = 1u << 3,
    ZXB_FORMAT_UPCE = 1u << 4,
    ZXB_FORMAT_CODE39 = 1u << 5,
    ZXB_FORMAT_CODE93 = 1u << 6,
    ZXB_FORMAT_CODE128 = 1u << 7,
    ZXB_FORMAT_PDF417 = 1u << 8,
    ZXB_FORMAT_AZTEC = 1u << 9,
    ZXB_FORMAT_DATAMATRIX = 1u << 10,
    ZXB_FORMAT_CODABAR = 1u << 11,
    ZXB_FORMAT_ITF = 1u << 12,
    ZXB_FORMAT_DATABAR = 1u << 13,
    ZXB_FORMAT_DATABAR_EXPANDED = 1u << 14,
    ZXB_FORMAT_MAXICODE = 1u << 15,
} zxb_format;

typedef enum {
    ZXB_BINARIZER_LOCAL_AVERAGE = 0,
    ZXB_BINARIZER_GLOBAL_HISTOGRAM = 1,
    ZXB_BINARIZER_FIXED_THRESHOLD = 2,
    ZXB_BINARIZER_BOOL_CAST = 3,
} zxb_binarizer;

typedef enum {
    ZXB_CONTENT_TEXT = 0,
    ZXB_CONTENT_BINARY = 1,
    ZXB_CONTENT_MIXED = 2,
    ZXB_CONTENT_GS1 = 3,
    ZXB_CONTENT_ISO15434 = 4,
    ZXB_CONTENT_UNKNOWN_ECI = 5,
} zxb_content_type;

typedef struct {
    uint32_t formats;             // zxb_format bits; 0 is rejected (zxing would read everything)
    bool try_harder;
    bool try_rotate;
    bool try_downscale;
    bool is_pure;                 // a single, perfectly aligned, generated symbol
    bool try_code39_extended;     // Code 39 full ASCII
    zxb_binarizer binarizer;
    int max_symbols;              // 1...255; 0 means 255
    int downscale_factor;         // 2...4; 0 keeps zxing's default (3)
    int downscale_threshold;      // min(width, height) from which to downscale; 0 keeps 500
    const char *character_set;    // fallback when no ECI says otherwise, e.g. "Shift_JIS"; NULL to guess
} zxb_options;

typedef struct {
    int32_t x;
    int32_t y;
} zxb_point;

typedef struct {
    uint32_t format;              // one zxb_format bit
    char *text;                   // UTF-8, NUL-terminated; text_length excludes the NUL
    size_t text_length;
    uint8_t *bytes;               // the payload without character set conversion
    size_t bytes_length;
    bool has_eci;
    zxb_content_type content_type;
    char symbology_identifier[8]; // "]Q1" etc., empty when none
    char ec_level[8];             // "M", "23%" etc., empty when none
    zxb_point corners[4];         // top-left, top-right, bottom-right, bottom-left of the symbol
} zxb_result;

typedef struct {
    zxb_result *results;
    size_t count;
    char *error;                  // NULL on success
} zxb_results;

// Returns options with zxing's defaults for `formats`.
zxb_options zxb_default_options(uint32_t formats);

// Decodes a gray image. `data` points at the top-left pixel; rows are `stride`
// bytes apart. Never returns NULL unless memory is exhausted; free the result
// with zxb_results_free. zxing 1.4's 1D readers can abort the process (a
// failed assertion no handler catches): the Scanner library calls them only
// in its helper process (ReadHelper.swift).
zxb_results *zxb_read(const uint8_t *data, int width, int height, int stride, const zxb_options *options);

void zxb_results_free(zxb_results *results);

#ifdef __cplusplus
}
#endif

#endif
