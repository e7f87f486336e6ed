/// The data layers: bits read in 2-module-wide bands spiralling from the outermost layer inwards
/// (each layer counter-clockwise from its top-left: left side down, bottom right, right side up,
/// top left; in each domino the outer module first), cut into codewords whose size grows with
/// the layer count, corrected by Reed–Solomon, then un-stuffed.
enum AztecCodewords {
    struct Corrected: Sendable {
        /// The message bits of the data codewords, stuffing removed.
        var bits: [Bool]
        var codewords: [Int]
        var corrected: Int
    }

    static func codewordSize(layers: Int) -> Int {
        switch layers {
        case ...2: return 6
        case 3...8: return 8
        case 9...22: return 10
        default: return 12
        }
    }

    static func field(codewordSize: Int) -> GaloisField {
        switch codewordSize {
        case 6: return .aztec6
        case 8: return .aztec8
        case 10: return .aztec10
        default: return .aztec12
        }
    }

    /// Bits in the data layers of a symbol of this size.
    static func layerBitCount(layers: Int, compact: Bool) -> Int {
        (0..<layers).reduce(0) { $0 + 8 * ((layers - $1) * 4 + (compact ? 9 : 12)) }
    }

    /// Reads the layer bits of a canonically oriented symbol matrix.
    static func extractBits(_ m: BitMatrix, layers: Int, compact: Bool) -> [Bool] {
        let map = AztecGrid.coordinateMap(layers: layers, compact: compact)
        let base = map.count
        var bits: [Bool] = []
        bits.reserveCapacity(layerBitCount(layers: layers, compact: compact))
        for i in 0..<layers {
            let side = (layers - i) * 4 + (compact ? 9 : 12)
            let low = 2 * i, high = base - 1 - 2 * i
            var left: [Bool] = [], bottom: [Bool] = [], right: [Bool] = [], top: [Bool] = []
            for j in 0..<side {
                for k in 0..<2 {
                    left.append(m[map[low + k], map[low + j]])
                    bottom.append(m[map[low + j], map[high - k]])
                    right.append(m[map[high - k], map[high - j]])
                    top.append(m[map[high - j], map[low + k]])
                }
            }
            bits += left + bottom + right + top
        }
        return bits
    }

    /// Splits the layer bits into codewords (the leftover bits come first and are padding),
    /// corrects them and returns the data codewords' bits. nil when Reed–Solomon fails, the counts
    /// are impossible, or a data codeword is all zeros or all ones (never produced by stuffing).
    static func correct(_ layerBits: [Bool], layers: Int, dataCodewords: Int) -> Corrected? {
        let size = codewordSize(layers: layers)
        let total = layerBits.count / size
        let offset = layerBits.count % size
        // At least one check word, and the mode message must not claim more than the layers hold.
        guard dataCodewords >= 1, dataCodewords < total else { return nil }
        var words = [Int](repeating: 0, count: total)
        for w in 0..<total {
            var v = 0
            for b in 0..<size { v = v << 1 | (layerBits[offset + w * size + b] ? 1 : 0) }
            words[w] = v
        }
        guard let c = ReedSolomon.decode(words, ecCount: total - dataCodewords, field: field(codewordSize: size)) else {
            return nil
        }
        let all = (1 << size) - 1
        var bits: [Bool] = []
        bits.reserveCapacity(dataCodewords * size)
        for w in c.codewords.prefix(dataCodewords) {
            guard w != 0, w != all else { return nil }
            // A word whose first size-1 bits are all equal carries a stuffed complement bit.
            let keep = (w == 1 || w == all - 1) ? size - 1 : size
            for b in 0..<keep { bits.append((w >> (size - 1 - b)) & 1 == 1) }
        }
        return Corrected(bits: bits, codewords: c.codewords, corrected: c.corrected)
    }
}
