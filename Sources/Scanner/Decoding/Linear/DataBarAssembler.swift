// Collects DataBar reads from many scan lines of one image and emits whole
// symbols: Omni/Truncated from two halves on one line, Stacked and Stacked
// Omni from a left half and a right half on two lines (the halves lie one
// above the other, so their spans along the lines coincide), Expanded and
// Expanded Stacked from the chains of pairs on one or several lines.

/// A symbol assembled from one or more lines.
struct DataBarSymbolRead: Sendable, Hashable {
    var symbology: Symbology
    var bytes: [UInt8]
    var isGS1: Bool
    /// The caller's positions of the lines that contributed.
    var lines: [Float]
    var margin: Float
    /// Independent lines behind the weakest part: a stacked symbol's halves
    /// are joined only by the mod-79 checksum, so each half must be read on
    /// lines of its own for the symbol to count more than once.
    var evidence: Int
    /// The linkage flag (see `LinearRead.linked`).
    var linked = false
}

struct DataBarAssembler: Sendable {
    /// Bounds on what one image may store.
    static let maximumHalves = 2048
    static let maximumChains = 1024

    private(set) var halves: [DataBarPairRead] = []
    private(set) var chains: [DataBarExpandedChain] = []
    /// Where each reading is in `chains`.
    private var chainIndex: [[Int]: Int] = [:]

    /// Reads one line; `position` is the caller's position of the line across the image.
    mutating func add(_ runs: ScanRuns, at position: Float) {
        add(DataBarLineFinds(runs, at: position))
    }

    /// Takes one line's finds, made once for its own reads too.
    mutating func add(_ finds: DataBarLineFinds) {
        var counted = Set<Int>()
        for half in finds.halves {
            // Many lines read the same half: keep one, and count the lines.
            if let i = halves.firstIndex(where: { $0.side == half.side && $0.value == half.value && $0.finder == half.finder
                && abs($0.innerEdge - half.innerEdge) < 4 * half.moduleSize }) {
                if counted.insert(i).inserted { halves[i].sightings += 1 }
            } else if halves.count < Self.maximumHalves {
                counted.insert(halves.count)
                halves.append(half)
            }
        }
        for chain in finds.chains {
            let reading = chain.reading
            if let i = chainIndex[reading] {
                chains[i].lines.insert(chain.line)
            } else if chains.count < Self.maximumChains {
                chainIndex[reading] = chains.count
                chains.append(chain)
            }
        }
    }

    /// Two halves of one stacked symbol: one above the other, the left half's outer end over
    /// the right half's inner end.
    /// A half read on one line alone must clear its characters' margin
    /// rule twice over to be joined across lines: only the mod-79 checksum
    /// joins it, and an Omni's left half read backwards passes for a right
    /// half on its own bars (a wrong GTIN in 1000 noisy renders, whose
    /// weakest character won by 0.49 modules).
    static let singleLineMargin = 2 * DataBarCharacterSet.minimumMargin / 16

    static func stacked(_ left: DataBarPairRead, _ right: DataBarPairRead) -> Bool {
        let module = (left.moduleSize + right.moduleSize) / 2
        guard left.line != right.line, abs(left.moduleSize - right.moduleSize) < 0.25 * module,
              [left, right].allSatisfy({ $0.sightings > 1 || $0.margin >= Self.singleLineMargin }) else { return false }
        return abs(left.outerEdge - right.innerEdge) <= 3 * module && abs(left.innerEdge - right.outerEdge) <= 3 * module
    }

    func symbols() -> [DataBarSymbolRead] {
        var out: [DataBarSymbolRead] = []
        func emit(_ s: DataBarSymbolRead) {
            if !out.contains(where: { $0.symbology == s.symbology && $0.bytes == s.bytes }) { out.append(s) }
        }
        for l in halves where l.side == .left {
            for r in halves where r.side == .right {
                let sameLine = l.line == r.line && DataBarOmni.adjacent(l, r)
                guard sameLine || Self.stacked(l, r), let (bytes, linked) = DataBarOmni.payload(left: l, right: r) else { continue }
                emit(DataBarSymbolRead(symbology: .databar, bytes: bytes, isGS1: true,
                                       lines: sameLine ? [l.line] : [l.line, r.line], margin: min(l.margin, r.margin),
                                       evidence: sameLine ? 1 : min(l.sightings, r.sightings), linked: linked))
            }
        }
        // Expanded: chains grouped by module size (one symbol's rows share it), then assembled.
        var groups: [[DataBarExpandedChain]] = []
        for chain in chains {
            if let g = groups.firstIndex(where: { abs($0[0].moduleSize - chain.moduleSize) < 0.2 * chain.moduleSize }) {
                groups[g].append(chain)
            } else { groups.append([chain]) }
        }
        for group in groups {
            guard let symbol = DataBarExpanded.assemble(group) else { continue }
            let lines = Array(Set(symbol.lines)).sorted()
            emit(DataBarSymbolRead(symbology: .databarExpanded, bytes: symbol.bytes, isGS1: true, lines: lines, margin: symbol.margin,
                                   evidence: lines.count, linked: symbol.linked))
        }
        return out
    }
}
