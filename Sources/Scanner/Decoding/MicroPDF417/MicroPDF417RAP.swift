/// MicroPDF417's Row Address Patterns (ISO/IEC 24728): 3 bars and 3 spaces over 10 modules, bar
/// first. The left and right RAPs of a row come from one cycle of 52 patterns, the centre RAP (3
/// and 4 columns) from another; each row takes the next pattern of each cycle, and the sizes start
/// at different places, so a row's RAPs tell both its size and its row. The cycles are
/// MicroPDF417RAPTable.swift, derived from zint's renders.
enum MicroPDF417RAP {
    enum Kind: Sendable { case side, centre }

    static let modules = 10

    /// A RAP read from 6 measured widths (any unit), bar first: its kind and cycle position.
    struct Match: Sendable, Hashable {
        let kind: Kind
        let position: Int
    }

    /// The RAP these widths draw, nil when they round to no pattern or a width lies too near a
    /// rounding boundary (0.35 of a module): no guess.
    static func match<W: Collection<Float>>(_ widths: W) -> Match? {
        guard widths.count == 6 else { return nil }
        var total: Float = 0
        for w in widths { total += w }
        guard total > 0, total.isFinite else { return nil }
        let module = total / Float(modules)
        var key = 0, sum = 0
        for w in widths {
            let m = w / module
            let rounded = m.rounded()
            guard rounded >= 1, rounded <= 5, abs(m - rounded) < 0.35 else { return nil }
            key = key * 8 + Int(rounded)
            sum += Int(rounded)
        }
        guard sum == modules else { return nil }
        return byWidths[key]
    }

    /// The 6 widths of a 10-module pattern, bar first: read as a codeword's 17 modules are, with
    /// 7 light modules appended, which only lengthen the last space.
    static func widths(pattern: UInt16) -> [Int] {
        var widths = PDF417Codewords.widths(pattern: UInt32(pattern) << UInt32(PDF417Codewords.modules - modules))
        widths[widths.count - 1] -= PDF417Codewords.modules - modules
        return widths
    }

    /// Widths (3 bits each, bar first) to the RAP.
    private static let byWidths: [Int: Match] = {
        var table: [Int: Match] = [:]
        for (kind, cycle) in [(Kind.side, sideCycle), (.centre, centreCycle)] {
            for (position, pattern) in cycle.enumerated() {
                let key = widths(pattern: pattern).reduce(0) { $0 * 8 + $1 }
                table[key] = Match(kind: kind, position: position)
            }
        }
        return table
    }()
}
