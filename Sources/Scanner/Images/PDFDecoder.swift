import CPDFRender

/// Renders PDF pages with poppler (through cairo), each page its own
/// picture, at the resolution asked and no finer.
///
/// poppler is loaded by the first PDF, not at start-up (see
/// `pdf_render.h`); without it, a PDF fails with `missingLibrary` and
/// every other format still reads.
///
/// Each page's size in pixels is worked out from its size in points and
/// checked against the limit before anything is rendered. Cairo 1.16 has no
/// 8-bit gray surface, so a page is drawn on white in 32-bit RGB and turned
/// to luma at once; only one page's surface exists at a time.
enum PDFDecoder {
    /// poppler-glib's soname on Debian 12, and the package that installs it.
    static let library = (soname: "libpoppler-glib.so.8", package: "libpoppler-glib8")

    /// poppler sets up its global state on the first document it opens,
    /// without a lock of its own.
    private static let opening = Lock()

    /// poppler, loaded once, or why it cannot be.
    private static let poppler = load(library.soname)

    /// The library `soname` with the functions rendering needs, or the
    /// loader's reason why not.
    static func load(_ soname: String) -> Result<Poppler, MissingLibrary> {
        let (loaded, error) = withErrorMessage { pdf_library_open(soname, $0, $1) }
        guard let loaded else { return .failure(MissingLibrary(reason: error)) }
        return .success(Poppler(functions: loaded))
    }

    /// The loaded library's function table, which nothing changes after
    /// loading and which is never freed.
    struct Poppler: @unchecked Sendable {
        let functions: OpaquePointer
    }

    struct MissingLibrary: Error {
        let reason: String
    }

    /// `call`'s result, given a buffer for its message, and the message
    /// (empty when it wrote none).
    private static func withErrorMessage<T>(_ call: (UnsafeMutablePointer<CChar>?, Int) -> T) -> (T, String) {
        var buffer = [UInt8](repeating: 0, count: 512)
        let result = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { call($0.baseAddress, $0.count) }
        }
        return (result, String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self))
    }

    static func forEachPage(
        _ bytes: UnsafeRawBufferPointer, name: String, limit: ImageSizeLimit, dotsPerInch: Int,
        _ body: (ImagePage) -> Bool
    ) throws(ImageLoadError) {
        let poppler: OpaquePointer
        switch Self.poppler {
        case .success(let loaded): poppler = loaded.functions
        case .failure(let missing):
            throw .missingLibrary(name: name, format: .pdf, package: library.package, reason: missing.reason)
        }
        let (document, error) = withErrorMessage { message, size in
            opening.withLock { pdf_document_open(poppler, bytes.baseAddress, bytes.count, message, size) }
        }
        guard let document else { throw .corrupt(name: name, format: .pdf, reason: "poppler: " + error) }
        defer { pdf_document_close(document) }
        let count = Int(pdf_document_page_count(document))
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
        var points = (width: 0.0, height: 0.0)
        guard pdf_document_page_size(document, Int32(index), &points.width, &points.height) else {
            throw corrupt("the page cannot be read")
        }
        let scale = Double(dotsPerInch) / 72
        let size = (width: (points.width * scale).rounded(.up), height: (points.height * scale).rounded(.up))
        // Checked as doubles first: a page can claim any size, or none.
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else {
            throw corrupt("the page has no usable size (\(points.width)x\(points.height) points)")
        }
        let width = Int(min(size.width, 1e9)), height = Int(min(size.height, 1e9))
        return try limit.makeFrame(width: width, height: height, format: .pdf, name: name) { pixels throws(ImageLoadError) in
            let (drawn, error) = withErrorMessage { message, size in
                pdf_document_render_page(document, Int32(index), Int32(width), Int32(height), scale, message, size)
            }
            guard let image = drawn else { throw corrupt(error) }
            defer { pdf_page_image_free(image) }
            // RGB24 is a native-endian 0x00RRGGBB word: B, G, R, unused in memory.
            let stride = Int(pdf_page_image_stride(image))
            let data = pdf_page_image_data(image)
            LumaConversion.convert(
                UnsafeRawBufferPointer(start: data, count: stride * height),
                layout: .init(bytesPerPixel: 4, red: 2, green: 1, blue: 0), width: width, height: height,
                sourceStride: stride, into: pixels, destinationStride: width)
        }
    }
}
