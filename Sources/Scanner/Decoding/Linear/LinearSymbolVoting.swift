/// Groups the reads of many parallel scan lines into symbols, and counts how
/// many independent lines saw each. Lines that lie close together see the same
/// pixels (and the same print defect), so only lines at least `minSeparation`
/// apart (perpendicular to the lines) count as separate evidence.
///
/// A symbol loses when, at the same place, the same symbology (EAN/UPC counted
/// as one family, add-ons as another) was read with a different payload and
/// comparable evidence: the winner needs at least twice the rival's lines,
/// else both are dropped. One of them is a misread, and nothing says which.
enum LinearSymbolVoting {
    struct Input: Sendable, Hashable {
        var read: LinearLineRead
        /// The scan line's index and its perpendicular position (pixels) in its family of parallel lines.
        var line: Int
        var offset: Float
    }

    struct VotedSymbol: Sendable, Hashable {
        var symbology: Symbology
        var bytes: [UInt8]
        var isGS1: Bool
        /// Independent lines (at least `minSeparation` apart) that read it.
        var evidence: Int
        /// Some line read a DataBar's linkage flag set (see `LinearRead.linked`).
        var linked: Bool
        /// The clearest character margin among its reads (see `LinearRead.margin`).
        var margin: Float
        /// Extent along the lines (samples) and across them (offsets).
        var start: Float
        var end: Float
        var minOffset: Float
        var maxOffset: Float
        /// The extent along the first and the last line that read it: a
        /// tilted symbol's outline is a parallelogram, not the box.
        var first: ClosedRange<Float>
        var last: ClosedRange<Float>
        /// Read on the lines' reversed runs: the symbol reads against the
        /// lines' direction (it is turned half a turn from them).
        var reversed: Bool
    }

    /// `maxGap`: lines further apart than this (perpendicular) with no read between them are
    /// taken as different symbols, so two equal labels stacked on a shelf stay two.
    static func vote(_ inputs: [Input], minSeparation: Float, maxGap: Float) -> [VotedSymbol] {
        var groups: [VotedSymbol] = []
        var lastCounted: [Float] = []
        for input in inputs.sorted(by: { $0.offset < $1.offset }) {
            let r = input.read
            if let g = groups.indices.first(where: { i in
                groups[i].symbology == r.read.symbology && groups[i].bytes == r.read.bytes
                    && groups[i].start < r.end && r.start < groups[i].end
                    && input.offset - groups[i].maxOffset <= maxGap
            }) {
                groups[g].start = min(groups[g].start, r.start)
                groups[g].end = max(groups[g].end, r.end)
                if input.offset == groups[g].minOffset {
                    groups[g].first = min(groups[g].first.lowerBound, r.start)...max(groups[g].first.upperBound, r.end)
                }
                groups[g].last = input.offset == groups[g].maxOffset
                    ? min(groups[g].last.lowerBound, r.start)...max(groups[g].last.upperBound, r.end) : r.start...r.end
                groups[g].maxOffset = input.offset
                groups[g].margin = max(groups[g].margin, r.read.margin)
                groups[g].linked = groups[g].linked || r.read.linked
                if input.offset - lastCounted[g] >= minSeparation {
                    groups[g].evidence += 1
                    lastCounted[g] = input.offset
                }
            } else {
                groups.append(VotedSymbol(symbology: r.read.symbology, bytes: r.read.bytes, isGS1: r.read.isGS1,
                                          evidence: 1, linked: r.read.linked, margin: r.read.margin, start: r.start, end: r.end,
                                          minOffset: input.offset, maxOffset: input.offset,
                                          first: r.start...r.end, last: r.start...r.end, reversed: r.reversed))
                lastCounted.append(input.offset)
            }
        }
        var keep = [Bool](repeating: true, count: groups.count)
        for i in groups.indices {
            for j in groups.indices where j > i && areRivals(groups[i], groups[j], maxGap: maxGap) {
                let a = groups[i].evidence, b = groups[j].evidence
                if a < 2 * b { keep[i] = false }
                if b < 2 * a { keep[j] = false }
            }
        }
        return groups.indices.filter { keep[$0] }.map { groups[$0] }
    }

    private static func family(_ s: Symbology) -> String {
        switch s {
        case .ean13, .upca, .ean8, .upce: return "retail"
        case .ean2, .ean5: return "add-on"
        default: return s.rawValue
        }
    }

    /// Same family, different payload, overlapping along and across the lines.
    private static func areRivals(_ a: VotedSymbol, _ b: VotedSymbol, maxGap: Float) -> Bool {
        (a.symbology != b.symbology || a.bytes != b.bytes)
            && family(a.symbology) == family(b.symbology)
            && a.start < b.end && b.start < a.end
            && a.minOffset <= b.maxOffset + maxGap && b.minOffset <= a.maxOffset + maxGap
    }
}
