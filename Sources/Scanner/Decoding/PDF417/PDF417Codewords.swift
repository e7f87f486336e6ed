/// PDF417's codewords (ISO/IEC 15438, shared with MicroPDF417): each value 0–928 is drawn as
/// 4 bars and 4 spaces over 17 modules, in one of three clusters (0, 3 and 6) whose patterns are
/// disjoint, so a pattern alone tells its value and its cluster. The patterns are
/// `PDF417CodewordTable.swift`, derived from zint's renders by scripts/derive-pdf417-codewords.
enum PDF417Codewords {
    static let valueCount = 929
    static let modules = 17

    struct Codeword: Sendable, Hashable {
        let value: Int
        /// The standard's cluster number: 0, 3 or 6.
        let cluster: Int
        /// 0, 1 or 2: the cluster a PDF417 row r uses is r mod 3.
        var clusterIndex: Int { cluster / 3 }
    }

    /// The codeword drawn by 8 element widths in modules (bar first, then alternating), nil when
    /// they do not make one of the 2787 patterns (wrong total, a width outside 1–6, no such pattern).
    static func lookup<W: Collection<Int>>(_ widths: W) -> Codeword? {
        guard widths.count == 8 else { return nil }
        var bits: UInt32 = 0
        var total = 0
        var bar = true
        for w in widths {
            guard w >= 1, w <= 6 else { return nil }
            total += w
            guard total <= modules else { return nil }
            bits = bits << UInt32(w) | (bar ? (1 << UInt32(w)) - 1 : 0)
            bar.toggle()
        }
        guard total == modules else { return nil }
        return lookup(pattern: bits)
    }

    /// The codeword of a 17-module pattern (highest bit first, 1 = bar), nil when none.
    static func lookup(pattern: UInt32) -> Codeword? {
        guard pattern >> 16 == 1 else { return nil }
        let entry = Int(byPattern[Int(pattern & 0xFFFF)])
        guard entry != 0 else { return nil }
        return Codeword(value: (entry - 1) & 0x3FF, cluster: 3 * ((entry - 1) >> 10))
    }

    /// The pattern of `value` in cluster 0, 3 or 6; nil when either is out of range.
    static func pattern(value: Int, cluster: Int) -> UInt32? {
        guard value >= 0, value < valueCount, cluster == 0 || cluster == 3 || cluster == 6 else { return nil }
        return patterns[cluster / 3][value]
    }

    /// The 8 element widths of a 17-module pattern, bar first.
    static func widths(pattern: UInt32) -> [Int] {
        var widths: [Int] = []
        widths.reserveCapacity(8)
        var bit = 16
        while bit >= 0 {
            let dark = pattern >> UInt32(bit) & 1
            var run = 0
            while bit >= 0, pattern >> UInt32(bit) & 1 == dark { run += 1; bit -= 1 }
            widths.append(run)
        }
        return widths
    }

    /// The low 16 bits of every pattern (the first module is always a bar) to
    /// 1 + value + 1024·cluster index; 0 where no pattern is.
    private static let byPattern: [UInt16] = {
        var table = [UInt16](repeating: 0, count: 1 << 16)
        for (cluster, values) in patterns.enumerated() {
            for (value, pattern) in values.enumerated() {
                table[Int(pattern & 0xFFFF)] = UInt16(1 + value + 1024 * cluster)
            }
        }
        return table
    }()
}
