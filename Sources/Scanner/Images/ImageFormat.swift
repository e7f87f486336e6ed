/// The image file formats the loader decodes, recognised by their first
/// bytes rather than by file extension (extensions lie; magic bytes don't).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg = "JPEG"
    case png = "PNG"
    case webP = "WebP"
    /// Netpbm: PBM (P1/P4), PGM (P2/P5) and PPM (P3/P6).
    case pnm = "PNM"

    /// The format whose signature starts `bytes`, or `nil` for anything else.
    public init?(detecting bytes: UnsafeRawBufferPointer) {
        func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count
                && signature.indices.allSatisfy { bytes[offset + $0] == signature[$0] }
        }
        if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) {
            self = .webP
        } else if bytes.count >= 3, bytes[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[1]),
            PNMDecoder.isWhitespace(bytes[2]) || bytes[2] == UInt8(ascii: "#")
        {
            self = .pnm
        } else {
            return nil
        }
    }
}
