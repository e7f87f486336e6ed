/// The image file formats the loader decodes, recognised by their first
/// bytes rather than by file extension (extensions lie; magic bytes don't).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg = "JPEG"
    case png = "PNG"
    case webP = "WebP"
    /// Netpbm: PBM (P1/P4), PGM (P2/P5) and PPM (P3/P6).
    case pnm = "PNM"
    /// Every page; classic and BigTIFF, either byte order.
    case tiff = "TIFF"
    case gif = "GIF"
    /// Windows and OS/2 bitmaps.
    case bmp = "BMP"
    /// Every page, rendered.
    case pdf = "PDF"

    /// The format whose signature starts `bytes`, or `nil` for anything else.
    public init?(detecting bytes: UnsafeRawBufferPointer) {
        if bytes.holds([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.holds([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.holds("RIFF") && bytes.holds("WEBP", at: 8) {
            self = .webP
        } else if bytes.count >= 3, bytes[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[1]),
            PNMDecoder.isWhitespace(bytes[2]) || bytes[2] == UInt8(ascii: "#")
        {
            self = .pnm
        } else if [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], [0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B]]
            .contains(where: { bytes.holds($0) })
        {
            self = .tiff
        } else if bytes.holds("GIF87a") || bytes.holds("GIF89a") {
            self = .gif
        } else if bytes.holds("BM"), bytes.count >= 26,
            BMPDecoder.headerSizes.contains(Int(bytes[14]) | Int(bytes[15]) << 8 | Int(bytes[16]) << 16 | Int(bytes[17]) << 24)
        {
            // "BM" alone starts too much text; the header size must be a real one.
            self = .bmp
        } else if Self.hasPDFHeader(bytes) {
            self = .pdf
        } else {
            return nil
        }
    }

    /// `%PDF-` within the first kilobyte, where PDF readers look for it.
    private static func hasPDFHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let signature = Array("%PDF-".utf8)
        let end = min(bytes.count, 1024) - signature.count
        guard end >= 0 else { return false }
        return (0...end).contains { offset in signature.indices.allSatisfy { bytes[offset + $0] == signature[$0] } }
    }
}
