#include "zxing_bridge.h"

#include <ZXing/ReadBarcode.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

using namespace ZXing;

namespace {

struct FormatPair {
    uint32_t ours;
    BarcodeFormat theirs;
};

const FormatPair formatTable[] = {
    {ZXB_FORMAT_QR, BarcodeFormat::QRCode},
    {ZXB_FORMAT_EAN8, BarcodeFormat::EAN8},
    {ZXB_FORMAT_EAN13, BarcodeFormat::EAN13},
    {ZXB_FORMAT_UPCA, BarcodeFormat::UPCA},
    {ZXB_FORMAT_UPCE, BarcodeFormat::UPCE},
    {ZXB_FORMAT_CODE39, BarcodeFormat::Code39},
    {ZXB_FORMAT_CODE93, BarcodeFormat::Code93},
    {ZXB_FORMAT_CODE128, BarcodeFormat::Code128},
    {ZXB_FORMAT_PDF417, BarcodeFormat::PDF417},
    {ZXB_FORMAT_AZTEC, BarcodeFormat::Aztec},
    {ZXB_FORMAT_DATAMATRIX, BarcodeFormat::DataMatrix},
    {ZXB_FORMAT_CODABAR, BarcodeFormat::Codabar},
    {ZXB_FORMAT_ITF, BarcodeFormat::ITF},
    {ZXB_FORMAT_DATABAR, BarcodeFormat::DataBar},
    {ZXB_FORMAT_DATABAR_EXPANDED, BarcodeFormat::DataBarExpanded},
    {ZXB_FORMAT_MAXICODE, BarcodeFormat::MaxiCode},
};

BarcodeFormats toZXing(uint32_t formats) {
    BarcodeFormats result;
    for (const auto &pair : formatTable)
        if (formats & pair.ours) result |= pair.theirs;
    return result;
}

uint32_t fromZXing(BarcodeFormat format) {
    for (const auto &pair : formatTable)
        if (pair.theirs == format) return pair.ours;
    return ZXB_FORMAT_NONE;
}

char *copyString(const std::string &s) {
    char *copy = static_cast<char *>(std::malloc(s.size() + 1));
    if (!copy) throw std::bad_alloc();
    std::memcpy(copy, s.data(), s.size());
    copy[s.size()] = '\0';
    return copy;
}

// Copies into a fixed field, truncating; the fields hold short identifiers.
void copyShort(char *field, size_t size, const std::string &s) {
    size_t n = s.size() < size - 1 ? s.size() : size - 1;
    std::memcpy(field, s.data(), n);
    field[n] = '\0';
}

DecodeHints hintsFrom(const zxb_options &o) {
    DecodeHints hints;
    hints.setFormats(toZXing(o.formats))
        .setTryHarder(o.try_harder)
        .setTryRotate(o.try_rotate)
        .setTryDownscale(o.try_downscale)
        .setIsPure(o.is_pure)
        .setTryCode39ExtendedMode(o.try_code39_extended)
        // Codabar's start and stop characters are part of its data, as zbar reports them.
        .setReturnCodabarStartEnd(true)
        .setBinarizer(static_cast<Binarizer>(o.binarizer))
        .setMaxNumberOfSymbols(static_cast<uint8_t>(o.max_symbols > 0 && o.max_symbols < 255 ? o.max_symbols : 255));
    if (o.downscale_factor >= 2 && o.downscale_factor <= 4)
        hints.setDownscaleFactor(static_cast<uint8_t>(o.downscale_factor));
    if (o.downscale_threshold > 0 && o.downscale_threshold <= 0xffff)
        hints.setDownscaleThreshold(static_cast<uint16_t>(o.downscale_threshold));
    if (o.character_set) hints.setCharacterSet(o.character_set);
    return hints;
}

void fill(zxb_result &out, const Result &r) {
    out.format = fromZXing(r.format());
    std::string text = r.text();
    out.text = copyString(text);
    out.text_length = text.size();
    const ByteArray &bytes = r.bytes();
    out.bytes = static_cast<uint8_t *>(std::malloc(bytes.size() ? bytes.size() : 1));
    if (!out.bytes) throw std::bad_alloc();
    if (!bytes.empty()) std::memcpy(out.bytes, bytes.data(), bytes.size());
    out.bytes_length = bytes.size();
    out.has_eci = r.hasECI();
    out.content_type = static_cast<zxb_content_type>(r.contentType());
    copyShort(out.symbology_identifier, sizeof out.symbology_identifier, r.symbologyIdentifier());
    copyShort(out.ec_level, sizeof out.ec_level, r.ecLevel());
    const Position &p = r.position();
    for (int i = 0; i < 4; ++i) out.corners[i] = {p[i].x, p[i].y};
}

void freeResults(zxb_results *results) {
    for (size_t i = 0; i < results->count; ++i) {
        std::free(results->results[i].text);
        std::free(results->results[i].bytes);
    }
    std::free(results->results);
    std::free(results->error);
    results->results = nullptr;
    results->count = 0;
    results->error = nullptr;
}

// Records `message` as the only outcome; a failed copy leaves a fixed text.
void fail(zxb_results *results, const char *message) {
    freeResults(results);
    size_t n = std::strlen(message);
    results->error = static_cast<char *>(std::malloc(n + 1));
    if (results->error) std::memcpy(results->error, message, n + 1);
}

} // namespace

extern "C" zxb_options zxb_default_options(uint32_t formats) {
    DecodeHints defaults;
    zxb_options o{};
    o.formats = formats;
    o.try_harder = defaults.tryHarder();
    o.try_rotate = defaults.tryRotate();
    o.try_downscale = defaults.tryDownscale();
    o.is_pure = defaults.isPure();
    o.try_code39_extended = defaults.tryCode39ExtendedMode();
    o.binarizer = static_cast<zxb_binarizer>(defaults.binarizer());
    o.max_symbols = defaults.maxNumberOfSymbols();
    o.downscale_factor = defaults.downscaleFactor();
    o.downscale_threshold = defaults.downscaleThreshold();
    o.character_set = nullptr;
    return o;
}

extern "C" zxb_results *zxb_read(const uint8_t *data, int width, int height, int stride, const zxb_options *options) {
    auto *results = static_cast<zxb_results *>(std::calloc(1, sizeof(zxb_results)));
    if (!results) return nullptr;
    if (!data || !options || width <= 0 || height <= 0 || stride < width) {
        fail(results, "invalid image geometry or missing options");
        return results;
    }
    if (toZXing(options->formats).empty()) {
        fail(results, "no barcode format requested");
        return results;
    }
    if (options->binarizer < ZXB_BINARIZER_LOCAL_AVERAGE || options->binarizer > ZXB_BINARIZER_BOOL_CAST) {
        fail(results, "unknown binarizer");
        return results;
    }
    try {
        ImageView image(data, width, height, ImageFormat::Lum, stride);
        Results found = ReadBarcodes(image, hintsFrom(*options));
        if (found.empty()) return results;
        results->results = static_cast<zxb_result *>(std::calloc(found.size(), sizeof(zxb_result)));
        if (!results->results) throw std::bad_alloc();
        for (const Result &r : found) {
            if (!r.isValid()) continue;
            // Count first so that a throw in fill frees what it copied.
            zxb_result &out = results->results[results->count++];
            fill(out, r);
        }
    } catch (const std::exception &e) {
        fail(results, e.what());
    } catch (...) {
        fail(results, "unknown C++ exception in zxing-cpp");
    }
    return results;
}

extern "C" void zxb_results_free(zxb_results *results) {
    if (!results) return;
    freeResults(results);
    std::free(results);
}
