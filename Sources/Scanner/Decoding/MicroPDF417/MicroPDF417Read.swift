/// One decoded MicroPDF417 symbol.
struct MicroPDF417Read: Sendable {
    var bytes: [UInt8]
    var text: String
    var size: MicroPDF417Size
    /// Codewords Reed–Solomon changed or filled in (erasures: codewords no line read clearly).
    var correctedCodewords: Int
    var ecis: [Int]
    /// Linkage (920 or 918 first, or a CC-A): the 2D part of a GS1 Composite, whose data joins a
    /// linear symbol's.
    var linked: Bool
    /// Outer corners in image pixels, clockwise from the symbol's own top-left (empty when
    /// decoded from bare codewords).
    var corners: [MatrixPoint]
    /// A CC-A's bit stream (no bytes, no text): its data codewords' base-928 compaction.
    var compositeBits: DataBarBits? = nil
}

extension MicroPDF417Read: MatrixSymbolRead {
    var isGS1: Bool { false }

    var symbolInfo: MatrixSymbolInfo {
        MatrixSymbolInfo(version: "\(size.rows)x\(size.columns)", errorCorrectionLevel: "\(size.ecCount)", mask: nil, mirrored: false,
                         correctedCodewords: correctedCodewords)
    }

    var sequencePart: SequencePart? { nil }
}
