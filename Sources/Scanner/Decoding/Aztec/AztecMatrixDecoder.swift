/// Decodes a sampled symbol matrix: orientation from the core, mode message, data layers.
enum AztecMatrixDecoder {
    /// A whole symbol in any orientation (e.g. rendered modules). Square sizes only.
    static func decode(_ m: BitMatrix) -> AztecRead? {
        guard m.width == m.height, m.width >= 11, m.width % 2 == 1 else { return nil }
        let c = m.width / 2
        for compact in [true, false] {
            let r = AztecGrid.modeRingRadius(compact: compact)
            guard c >= r else { continue }
            let seen: (Int, Int) -> Bool = { m[c + $0, c + $1] }
            for o in AztecOrientation.candidates(radius: r, maxMismatches: 2, dark: seen) {
                let canonical: (Int, Int) -> Bool = { u, v in let (x, y) = o.map(u, v); return seen(x, y) }
                guard let mode = AztecModeMessage.decode(compact: compact, allowRune: m.width == 11, dark: canonical),
                      mode.runeValue != nil || m.width == AztecGrid.size(layers: mode.layers, compact: compact)
                else { continue }
                return decode(orient(m, o), mode: mode, mirrored: o.mirrored)
            }
        }
        return nil
    }

    /// The matrix turned to canonical orientation.
    static func orient(_ m: BitMatrix, _ o: AztecOrientation) -> BitMatrix {
        if o == .identity { return m }
        guard var out = BitMatrix(width: m.width, height: m.height) else { return m }
        let c = m.width / 2
        for v in -c...c {
            for u in -c...c {
                let (x, y) = o.map(u, v)
                out[c + u, c + v] = m[c + x, c + y]
            }
        }
        return out
    }

    /// A rune's value as three digits (zxing-cpp's convention: "068").
    static func rune(_ mode: AztecModeMessage, mirrored: Bool, corners: [MatrixPoint]) -> AztecRead? {
        guard let value = mode.runeValue else { return nil }
        let digits = String(value)
        let text = String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        return AztecRead(bytes: Array(text.utf8), text: text, isGS1: false, isRune: true, compact: true, layers: 0,
                         dataCodewords: 0, readerInit: false, mirrored: mirrored, corners: corners,
                         correctedCodewords: mode.correctedWords, ecis: [], structuredAppend: nil)
    }

    /// A canonically oriented matrix whose mode message is known.
    static func decode(_ m: BitMatrix, mode: AztecModeMessage, mirrored: Bool) -> AztecRead? {
        if mode.runeValue != nil { return rune(mode, mirrored: mirrored, corners: []) }
        guard m.width == AztecGrid.size(layers: mode.layers, compact: mode.compact) else { return nil }
        let bits = AztecCodewords.extractBits(m, layers: mode.layers, compact: mode.compact)
        guard let c = AztecCodewords.correct(bits, layers: mode.layers, dataCodewords: mode.dataCodewords),
              let msg = AztecDataDecoder.decode(c.bits) else { return nil }
        return AztecRead(bytes: msg.bytes, text: msg.text, isGS1: msg.isGS1, isRune: false, compact: mode.compact,
                         layers: mode.layers, dataCodewords: mode.dataCodewords, readerInit: mode.readerInit,
                         mirrored: mirrored, corners: [], correctedCodewords: c.corrected + mode.correctedWords,
                         ecis: msg.ecis, structuredAppend: msg.structuredAppend)
    }
}
