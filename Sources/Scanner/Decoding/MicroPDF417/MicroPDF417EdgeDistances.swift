/// Codewords and RAPs read by edge-to-similar-edge distances (ISO/IEC 15438's way of reading
/// PDF417): each bar with the space after it, and each space with the bar after it, measured in
/// modules of the part's own width. Ink spread or a dark threshold widens every bar and narrows
/// every space by the same amount, which these sums cancel, where single widths round wrong
/// (a thick print). The sums alone tell every codeword and RAP apart (checked by
/// MicroPDF417TableTests), so they index both.
enum MicroPDF417EdgeDistances {
    /// The codeword whose 8 widths from `k` give these sums, nil when none.
    static func codeword(_ w: [Float], at k: Int) -> PDF417Codewords.Codeword? {
        guard k >= 0, k + 8 <= w.count, let key = key(w, at: k, count: 8, modules: PDF417Codewords.modules) else { return nil }
        return codewords[key]
    }

    /// The RAP whose 6 widths from `k` give these sums, nil when none.
    static func rap(_ w: [Float], at k: Int) -> MicroPDF417RAP.Match? {
        guard k >= 0, k + 6 <= w.count, let key = key(w, at: k, count: 6, modules: MicroPDF417RAP.modules) else { return nil }
        return raps[key]
    }

    /// The `count - 2` sums of neighbouring widths in modules, rounded, 4 bits each; nil when one
    /// lies within `margin` of a rounding boundary (no guess) or outside 2–15.
    private static func key(_ w: [Float], at k: Int, count: Int, modules: Int) -> Int? {
        var total: Float = 0
        for j in k..<(k + count) { total += w[j] }
        guard total > 0, total.isFinite else { return nil }
        let scale = Float(modules) / total
        var key = 0
        for j in k..<(k + count - 2) {
            let e = (w[j] + w[j + 1]) * scale
            let rounded = e.rounded()
            guard rounded >= 2, rounded <= 15, abs(e - rounded) < margin else { return nil }
            key = key << 4 | Int(rounded)
        }
        return key
    }

    static let margin: Float = 0.4

    static func key(widths: [Int]) -> Int {
        (0..<(widths.count - 2)).reduce(0) { $0 << 4 | (widths[$1] + widths[$1 + 1]) }
    }

    private static let codewords: [Int: PDF417Codewords.Codeword] = {
        var table: [Int: PDF417Codewords.Codeword] = [:]
        table.reserveCapacity(3 * PDF417Codewords.valueCount)
        for cluster in [0, 3, 6] {
            for value in 0..<PDF417Codewords.valueCount {
                guard let pattern = PDF417Codewords.pattern(value: value, cluster: cluster) else { continue }
                table[key(widths: PDF417Codewords.widths(pattern: pattern))] = PDF417Codewords.Codeword(value: value, cluster: cluster)
            }
        }
        return table
    }()

    private static let raps: [Int: MicroPDF417RAP.Match] = {
        var table: [Int: MicroPDF417RAP.Match] = [:]
        for (kind, cycle) in [(MicroPDF417RAP.Kind.side, MicroPDF417RAP.sideCycle), (.centre, MicroPDF417RAP.centreCycle)] {
            for (position, pattern) in cycle.enumerated() {
                table[key(widths: MicroPDF417RAP.widths(pattern: pattern))] = MicroPDF417RAP.Match(kind: kind, position: position)
            }
        }
        return table
    }()

    /// Distinct keys, as many as patterns: what makes the sums enough.
    static var isUnambiguous: Bool { codewords.count == 3 * PDF417Codewords.valueCount && raps.count == 104 }
}
