/// The mode message around the bullseye: layer count and data codeword count, protected by
/// Reed–Solomon over GF(16) (compact: 2 data + 5 check words of 4 bits; full range: 4 + 6).
/// A rune is a compact core without data layers whose message is XORed with 1010…; its 8 data
/// bits are its value.
struct AztecModeMessage: Sendable, Hashable {
    let compact: Bool
    let layers: Int
    let dataCodewords: Int
    let readerInit: Bool
    /// 0...255 for an Aztec Rune, nil otherwise.
    let runeValue: Int?
    let correctedWords: Int

    /// Offsets (from the centre) of the message bits in reading order: clockwise from the top-left,
    /// skipping the orientation marks and, in full range, the centre reference lines.
    static func bitOffsets(compact: Bool) -> [(Int, Int)] {
        let r = AztecGrid.modeRingRadius(compact: compact)
        let along = compact ? Array(-3...3) : Array(-5...5).filter { $0 != 0 }
        var out: [(Int, Int)] = []
        for k in along { out.append((k, -r)) }
        for k in along { out.append((r, k)) }
        for k in along.reversed() { out.append((k, r)) }
        for k in along.reversed() { out.append((-r, k)) }
        return out
    }

    /// Decodes the message from a core seen in canonical orientation; `dark(u, v)` reads an offset
    /// from the centre. Compact messages also try the rune reading.
    static func decode(compact: Bool, allowRune: Bool, dark: (Int, Int) -> Bool) -> AztecModeMessage? {
        let bits = bitOffsets(compact: compact).map { dark($0.0, $0.1) }
        let wordCount = compact ? 7 : 10, dataWords = compact ? 2 : 4
        func words(_ xor: Bool) -> [Int] {
            (0..<wordCount).map { w in
                (0..<4).reduce(0) { acc, b in
                    let i = w * 4 + b
                    return acc << 1 | ((bits[i] != (xor && i % 2 == 0)) ? 1 : 0)
                }
            }
        }
        if let c = ReedSolomon.decode(words(false), ecCount: wordCount - dataWords, field: .aztecParameter) {
            let value = c.codewords.prefix(dataWords).reduce(0) { $0 << 4 | $1 }
            var layers: Int, count: Int, readerInit = false
            if compact {
                layers = (value >> 6) + 1
                count = value & 0x3F
                // Reader initialisation sets a count bit no 1-layer compact symbol can need.
                if layers == 1, count & 0x20 != 0 { readerInit = true; count &= 0x1F }
            } else {
                layers = (value >> 11) + 1
                count = value & 0x7FF
                if layers <= 22, count & 0x400 != 0 { readerInit = true; count &= 0x3FF }
            }
            return AztecModeMessage(compact: compact, layers: layers, dataCodewords: count + 1,
                                    readerInit: readerInit, runeValue: nil, correctedWords: c.corrected)
        }
        if compact, allowRune,
           let c = ReedSolomon.decode(words(true), ecCount: wordCount - dataWords, field: .aztecParameter) {
            return AztecModeMessage(compact: true, layers: 0, dataCodewords: 0, readerInit: false,
                                    runeValue: c.codewords[0] << 4 | c.codewords[1], correctedWords: c.corrected)
        }
        return nil
    }
}
