import CTIFFDecode

/// Decodes TIFF with libtiff's RGBA interface, every page its own picture.
///
/// Each page's size is checked against the limit before its pixels are
/// allocated, and it is read in bands of rows, so the colour buffer stays
/// small however large the page.
enum TIFFDecoder {
    /// Rows converted per band: a few megabytes of RGBA for the widest page.
    private static let bandRows = 64

    static func forEachPage(
        _ bytes: UnsafeRawBufferPointer, name: String, limit: ImageSizeLimit, _ body: (ImagePage) -> Bool
    ) throws(ImageLoadError) {
        var message = [CChar](repeating: 0, count: 256)
        guard let reader = tiff_reader_open(bytes.baseAddress, bytes.count, &message, message.count) else {
            throw .corrupt(name: name, format: .tiff, reason: "libtiff: " + message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        defer { tiff_reader_close(reader) }
        let count = Int(tiff_reader_page_count(reader))
        for index in 0..<count {
            let fragment = ImagePage.fragment("page", number: index + 1, of: count)
            let pageName = fragment.map { name + "#" + $0 } ?? name
            let frame = Result { () throws(ImageLoadError) in try decodePage(index, of: reader, name: pageName, limit: limit) }
            guard body(ImagePage(fragment: fragment, frame: frame)) else { return }
        }
    }

    private static func decodePage(_ index: Int, of reader: OpaquePointer, name: String, limit: ImageSizeLimit) throws(ImageLoadError) -> Frame {
        func failure() -> ImageLoadError {
            .corrupt(name: name, format: .tiff, reason: "libtiff: " + String(cString: tiff_reader_message(reader)))
        }
        var width: UInt32 = 0, height: UInt32 = 0
        guard tiff_reader_select_page(reader, Int32(index), &width, &height) == 0 else { throw failure() }
        let columns = Int(width)
        return try limit.makeFrame(width: columns, height: Int(height), format: .tiff, name: name) {
            pixels throws(ImageLoadError) in
            let band = UnsafeMutableRawBufferPointer.allocate(byteCount: columns * 4 * bandRows, alignment: 16)
            defer { band.deallocate() }
            var row = 0
            while row < Int(height) {
                let rows = min(bandRows, Int(height) - row)
                guard tiff_reader_read_rows(reader, UInt32(row), UInt32(rows), band.baseAddress!.assumingMemoryBound(to: UInt8.self)) == 0 else {
                    throw failure()
                }
                LumaConversion.convert(
                    UnsafeRawBufferPointer(band), layout: .rgba, width: columns, height: rows, sourceStride: columns * 4,
                    into: UnsafeMutableRawBufferPointer(rebasing: pixels[(row * columns)...]), destinationStride: columns)
                row += rows
            }
        }
    }
}
