/// Decodes a sampled module grid in the symbol's own orientation: codewords, error correction,
/// message.
enum MaxiCodeMatrixDecoder {
    static func decode(_ m: BitMatrix, mirrored: Bool = false) -> MaxiCodeRead? {
        guard m.width == MaxiCodeGrid.columns, m.height == MaxiCodeGrid.rows,
              let c = MaxiCodeCodewords.correct(MaxiCodeGrid.codewords(m)),
              let message = MaxiCodeDataDecoder.decode(c) else { return nil }
        return MaxiCodeRead(bytes: message.bytes, text: message.text, mode: c.mode, mirrored: mirrored, corners: [],
                            correctedCodewords: c.corrected, ecis: message.ecis, structuredAppend: message.structuredAppend)
    }
}
