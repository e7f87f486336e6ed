/// One decoded MaxiCode symbol.
struct MaxiCodeRead: Sendable {
    var bytes: [UInt8]
    var text: String
    /// 2–6.
    var mode: Int
    var mirrored: Bool
    /// Outer corners in image pixels, clockwise from the symbol's own top-left (empty when
    /// decoded from a bare grid).
    var corners: [MatrixPoint]
    /// Codewords Reed–Solomon changed, primary and secondary message together.
    var correctedCodewords: Int
    var ecis: [Int]
    var structuredAppend: MaxiCodeStructuredAppend?
}

extension MaxiCodeRead: MatrixSymbolRead {
    /// MaxiCode has no FNC1: GS1 data comes in mode 2 or 3's structured carrier message.
    var isGS1: Bool { false }

    var symbolInfo: MatrixSymbolInfo {
        MatrixSymbolInfo(version: "mode \(mode)", errorCorrectionLevel: nil, mask: nil, mirrored: mirrored,
                         correctedCodewords: correctedCodewords)
    }

    var sequencePart: SequencePart? { structuredAppend.map { SequencePart(index: $0.index, count: $0.count) } }
}
