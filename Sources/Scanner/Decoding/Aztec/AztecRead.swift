/// One decoded Aztec symbol.
struct AztecRead: Sendable {
    var bytes: [UInt8]
    var text: String
    var isGS1: Bool
    var isRune: Bool
    var compact: Bool
    /// Data layers (0 for a rune).
    var layers: Int
    var dataCodewords: Int
    var readerInit: Bool
    var mirrored: Bool
    /// Outer corners of the symbol in image pixels, clockwise from the canonical top-left
    /// (empty when decoded from a bare matrix).
    var corners: [MatrixPoint]
    /// Codewords changed by Reed–Solomon (data layers plus mode message words).
    var correctedCodewords: Int
    var ecis: [Int]
    var structuredAppend: AztecStructuredAppend?
}

extension AztecRead: MatrixSymbolRead {
    var symbolInfo: MatrixSymbolInfo {
        MatrixSymbolInfo(version: isRune ? "rune" : (compact ? "C" : "F") + String(layers), errorCorrectionLevel: nil, mask: nil,
                         mirrored: mirrored, correctedCodewords: correctedCodewords)
    }

    var sequencePart: SequencePart? {
        structuredAppend.map { SequencePart(index: $0.index, count: $0.count, id: $0.id.isEmpty ? nil : $0.id) }
    }
}
