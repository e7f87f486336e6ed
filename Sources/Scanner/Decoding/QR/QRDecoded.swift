/// The QR-family symbol kinds this decoder reads.
enum QRSymbolType: String, Sendable {
    case qr          // QR Code Model 2 (ISO/IEC 18004)
    case microQR     // Micro QR M1–M4
    case rmqr        // Rectangular Micro QR (ISO/IEC 23941)
}

enum QRErrorCorrectionLevel: String, Sendable, CaseIterable {
    case L, M, Q, H
}

/// Structured append header: this symbol is `index` (0-based) of `count`; `parity` is the XOR of
/// all data bytes of the whole message.
struct QRStructuredAppend: Sendable, Hashable {
    let index: Int
    let count: Int
    let parity: Int
}

struct QRDecoded: Sendable {
    /// The message bytes as encoded (Kanji as Shift-JIS, ECI segments raw, FNC1 '%' → 0x1D).
    var bytes: [UInt8]
    var text: String
    var symbolType: QRSymbolType
    /// QR 1–40, Micro QR 1–4 (M1–M4), rMQR 1–32 (size index + 1).
    var version: Int
    /// "7", "M3", "R13x77".
    var versionName: String
    /// nil for Micro QR M1, which has error detection only.
    var ecLevel: QRErrorCorrectionLevel?
    var mask: Int
    /// True when the symbol was read mirrored (its matrix transposed).
    var mirrored: Bool
    var correctedCodewords: Int
    var isGS1: Bool
    /// FNC1 in second position: the AIM application indicator ("01", "A"...), also prefixed to `bytes`.
    var applicationIndicator: String?
    var structuredAppend: QRStructuredAppend?
    /// ECI designators in the order they appear.
    var ecis: [Int]
    /// Character set chosen for byte-mode data outside any ECI ("UTF-8", "ISO-8859-1",
    /// "SHIFT_JIS"), nil when there was no such data.
    var byteEncodingGuess: String?
}
