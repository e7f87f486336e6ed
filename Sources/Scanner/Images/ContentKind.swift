/// What a file that is not a readable image really holds, told from its
/// first bytes, so that "not an image" can name it and say what to do, as
/// `file(1)` would: a batch over a mixed folder then explains every refusal.
public enum ContentKind: Sendable, Hashable {
    case empty
    /// Only zero bytes, as a sparse or preallocated file reads.
    case zeros
    case text
    case html
    /// XML, SVG included: a vector drawing must be rendered first.
    case xml
    /// ZIP, and what is built on it: .docx, .xlsx, .odt, .jar, .epub.
    case zip
    case gzip
    case bzip2
    case xz
    case zstd
    case sevenZip
    case elf
    case sqlite
    /// A picture in a format `scan` has no decoder for, such as HEIC.
    case unsupportedImage(String)
    /// A video or sound file.
    case media(String)
    /// A YUV4MPEG2 recording, which `--input` replays.
    case y4mRecording

    /// The kind of `bytes`, or nil when nothing here recognises them.
    public init?(detecting bytes: UnsafeRawBufferPointer) {
        if bytes.isEmpty {
            self = .empty
        } else if bytes.allSatisfy({ $0 == 0 }) {
            self = .zeros
        } else if bytes.holds("YUV4MPEG2") {
            self = .y4mRecording
        } else if bytes.holds([0x50, 0x4B, 0x03, 0x04]) || bytes.holds([0x50, 0x4B, 0x05, 0x06]) {
            self = .zip
        } else if bytes.holds([0x1F, 0x8B]) {
            self = .gzip
        } else if bytes.holds("BZh") {
            self = .bzip2
        } else if bytes.holds([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
            self = .xz
        } else if bytes.holds([0x28, 0xB5, 0x2F, 0xFD]) {
            self = .zstd
        } else if bytes.holds([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) {
            self = .sevenZip
        } else if bytes.holds([0x7F, 0x45, 0x4C, 0x46]) {
            self = .elf
        } else if bytes.holds("SQLite format 3\0") {
            self = .sqlite
        } else if let kind = Self.isoMedia(bytes) {
            self = kind
        } else if bytes.holds("RIFF"), bytes.holds("AVI ", at: 8) {
            self = .media("an AVI video")
        } else if bytes.holds("RIFF"), bytes.holds("WAVE", at: 8) {
            self = .media("a WAV sound file")
        } else if bytes.holds([0x1A, 0x45, 0xDF, 0xA3]) {
            self = .media("a Matroska or WebM video")
        } else if bytes.holds("ID3") || bytes.holds("OggS") || bytes.holds("fLaC") {
            self = .media("a sound file")
        } else if bytes.holds([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || bytes.holds([0xFF, 0x4F, 0xFF, 0x51]) {
            self = .unsupportedImage("JPEG 2000")
        } else if bytes.holds([0xFF, 0x0A]) || bytes.holds([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) {
            self = .unsupportedImage("JPEG XL")
        } else if bytes.holds("8BPS") {
            self = .unsupportedImage("Photoshop")
        } else if bytes.holds([0x00, 0x00, 0x01, 0x00]) {
            self = .unsupportedImage("Windows icon")
        } else if let kind = Self.markup(bytes) {
            self = kind
        } else if Self.isText(bytes) {
            self = .text
        } else {
            return nil
        }
    }

    /// What the file is, as a phrase: "it looks like a ZIP archive".
    public var description: String {
        switch self {
        case .empty: "it is empty"
        case .zeros: "it holds only zero bytes"
        case .text: "it looks like text"
        case .html: "it looks like an HTML page"
        case .xml: "it looks like XML or SVG"
        case .zip: "it looks like a ZIP archive (or a document built on one, such as .docx)"
        case .gzip: "it looks like gzip-compressed data"
        case .bzip2: "it looks like bzip2-compressed data"
        case .xz: "it looks like xz-compressed data"
        case .zstd: "it looks like zstd-compressed data"
        case .sevenZip: "it looks like a 7-Zip archive"
        case .elf: "it looks like a program (ELF)"
        case .sqlite: "it looks like an SQLite database"
        case .unsupportedImage(let format): "it looks like a \(format) image, which scan has no decoder for"
        case .media(let what): "it looks like \(what)"
        case .y4mRecording: "it is a YUV4MPEG2 recording"
        }
    }

    /// What to do about it, where that is more than "give an image".
    public var advice: String? {
        switch self {
        case .xml: "render a vector drawing to PNG first"
        case .zip, .sevenZip: "unpack the images from it"
        case .gzip, .bzip2, .xz, .zstd: "decompress it first"
        case .unsupportedImage: "convert it to PNG or JPEG"
        case .media: "to scan video, record it as .y4m or MJPEG and replay that with --input"
        case .y4mRecording: "replay it with scan --input"
        case .empty, .zeros, .text, .html, .elf, .sqlite: nil
        }
    }

    /// ISO base media (MP4, QuickTime, HEIF, AVIF): an `ftyp` box whose
    /// brand tells pictures from video.
    private static func isoMedia(_ bytes: UnsafeRawBufferPointer) -> ContentKind? {
        guard bytes.holds("ftyp", at: 4), bytes.count >= 12 else { return nil }
        let brand = String(decoding: bytes[8..<12], as: UTF8.self)
        switch brand {
        case "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1": return .unsupportedImage("HEIC/HEIF")
        case "avif", "avis": return .unsupportedImage("AVIF")
        default: return .media("an MP4 or QuickTime video")
        }
    }

    /// HTML or XML, judged by the first tag after any byte-order mark and space.
    private static func markup(_ bytes: UnsafeRawBufferPointer) -> ContentKind? {
        let head = String(decoding: bytes.prefix(512), as: UTF8.self)
            .trimmingPrefix("\u{FEFF}").drop(while: \.isWhitespace).lowercased()
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") { return .html }
        if head.hasPrefix("<?xml") || head.hasPrefix("<svg") { return .xml }
        return nil
    }

    /// Valid UTF-8 in what was sniffed (a cut at the end allowed), with no
    /// control characters but tab, line feed, carriage return and form feed.
    private static func isText(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let controls = bytes.contains { $0 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains($0) || $0 == 0x7F }
        guard !controls else { return false }
        // A multi-byte character may be cut by the sniff's end: drop up to 3 bytes.
        return (0...min(3, bytes.count)).contains { cut in
            String(validating: bytes[..<(bytes.count - cut)], as: UTF8.self) != nil
        }
    }
}
