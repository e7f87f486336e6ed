import CPoppler
// cairo.h reaches us through poppler.h and through CCairo; clang may credit
// its declarations to either module depending on build order: import both.
import CCairo

/// Renders PDF pages with poppler (through cairo), each page its own
/// picture, at the resolution asked and no finer.
///
/// Each page's size in pixels is worked out from its size in points and
/// checked against the limit before anything is rendered. Cairo 1.16 has no
/// 8-bit gray surface, so a page is drawn on white in 32-bit RGB and turned
/// to luma at once; only one page's surface exists at a time.
enum PDFDecoder {
    /// poppler sets up its global state on the first document it opens,
    /// without a lock of its own.
    private static let opening = Lock()

    static func forEachPage(
        _ bytes: UnsafeRawBufferPointer, name: String, limit: ImageSizeLimit, dotsPerInch: Int,
        _ body: (ImagePage) -> Bool
    ) throws(ImageLoadError) {
        let data = g_bytes_new_static(bytes.baseAddress, gsize(bytes.count))
        defer { g_bytes_unref(data) }
        var error: UnsafeMutablePointer<GError>?
        let document = opening.withLock { poppler_document_new_from_bytes(data, nil, &error) }
        guard let document else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "the document cannot be opened"
            if let error { g_error_free(error) }
            throw .corrupt(name: name, format: .pdf, reason: "poppler: " + message)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(document)) }
        let count = Int(poppler_document_get_n_pages(document))
        guard count > 0 else { throw .corrupt(name: name, format: .pdf, reason: "the document has no pages") }
        for index in 0..<count {
            let fragment = ImagePage.fragment("page", number: index + 1, of: count)
            let pageName = fragment.map { name + "#" + $0 } ?? name
            let frame = Result { () throws(ImageLoadError) in
                try render(page: index, of: document, name: pageName, limit: limit, dotsPerInch: dotsPerInch)
            }
            guard body(ImagePage(fragment: fragment, frame: frame)) else { return }
        }
    }

    private static func render(
        page index: Int, of document: OpaquePointer, name: String, limit: ImageSizeLimit, dotsPerInch: Int
    ) throws(ImageLoadError) -> Frame {
        func corrupt(_ reason: String) -> ImageLoadError { .corrupt(name: name, format: .pdf, reason: reason) }
        guard let page = poppler_document_get_page(document, Int32(index)) else { throw corrupt("the page cannot be read") }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var points = (width: 0.0, height: 0.0)
        poppler_page_get_size(page, &points.width, &points.height)
        let scale = Double(dotsPerInch) / 72
        let size = (width: (points.width * scale).rounded(.up), height: (points.height * scale).rounded(.up))
        // Checked as doubles first: a page can claim any size, or none.
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else {
            throw corrupt("the page has no usable size (\(points.width)x\(points.height) points)")
        }
        let width = Int(min(size.width, 1e9)), height = Int(min(size.height, 1e9))
        return try limit.makeFrame(width: width, height: height, format: .pdf, name: name) { pixels throws(ImageLoadError) in
            let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
                throw corrupt("cairo cannot make a \(width)x\(height) surface")
            }
            let context = cairo_create(surface)
            cairo_set_source_rgb(context, 1, 1, 1)
            cairo_paint(context)
            cairo_scale(context, scale, scale)
            poppler_page_render(page, context)
            cairo_destroy(context)
            cairo_surface_flush(surface)
            // RGB24 is a native-endian 0x00RRGGBB word: B, G, R, unused in memory.
            let stride = Int(cairo_image_surface_get_stride(surface))
            LumaConversion.convert(
                UnsafeRawBufferPointer(start: data, count: stride * height),
                layout: .init(bytesPerPixel: 4, red: 2, green: 1, blue: 0), width: width, height: height,
                sourceStride: stride, into: pixels, destinationStride: width)
        }
    }
}
