// DataBar Expanded and Expanded Stacked (ISO/IEC 24724 §7): pairs of
// 17-module characters around finders A...F; the finder sequence (a table
// of the standard) fixes each pair's place; the check character holds the
// weighted sum mod 211 and the character count. A line yields chains of
// consecutive pairs; chains from one line (Expanded) or from the rows of a
// stacked symbol (several lines) are placed on the sequence and joined.

/// One pair as read on a line, in the symbol's reading order.
struct DataBarExpandedPair: Sendable, Hashable {
    /// Finder 0...5 (A...F) and whether it is the mirrored ("2") form.
    var finder: Int
    var mirrored: Bool
    var left: DataBarCharacterRead?
    var right: DataBarCharacterRead?

    var identity: Int { finder * 2 + (mirrored ? 1 : 0) }
}

/// Consecutive pairs read on one line, in reading order.
struct DataBarExpandedChain: Sendable, Hashable {
    var pairs: [DataBarExpandedPair]
    var line: Float
    /// Source run range of the chain on its line.
    var firstRun: Int
    var endRun: Int
    var moduleSize: Float
    /// Position along the line of the chain's start (reading order) and end.
    var startEdge: Float
    var endEdge: Float
    /// Positions of the lines on which these same pairs were read.
    var lines: Set<Float> = []

    /// What the pairs read, finders and character values, without how
    /// closely each was measured: every line across a row measures its
    /// characters a little differently, and is one more sighting of the
    /// same chain, not a chain of its own.
    var reading: [Int] {
        pairs.flatMap { [$0.identity, $0.left?.value ?? -1, $0.right?.value ?? -1] }
    }
}

enum DataBarExpanded {
    static let finders = DataBarFinderSet(patterns: [
        [1, 8, 4, 1, 1], [3, 6, 4, 1, 1], [3, 4, 6, 1, 1], [3, 2, 8, 1, 1], [2, 6, 5, 1, 1], [2, 2, 9, 1, 1],
    ])

    /// The finder sequences by number of pairs (identity = finder × 2 + mirrored).
    static let sequences: [[Int]] = {
        let a1 = 0, a2 = 1, b1 = 2, b2 = 3, c1 = 4, c2 = 5, d1 = 6, d2 = 7, e1 = 8, e2 = 9, f1 = 10, f2 = 11
        return [
            [a1],
            [a1, a2],
            [a1, b2, b1],
            [a1, c2, b1, d2],
            [a1, e2, b1, d2, c1],
            [a1, e2, b1, d2, d1, f2],
            [a1, e2, b1, d2, e1, f2, f1],
            [a1, a2, b1, b2, c1, c2, d1, d2],
            [a1, a2, b1, b2, c1, c2, d1, e2, e1],
            [a1, a2, b1, b2, c1, c2, d1, e2, f1, f2],
            [a1, a2, b1, b2, c1, d2, d1, e2, e1, f2, f1],
        ]
    }()

    /// Checksum weights 3^k mod 211, 8 per weight row.
    static let weights: [Int] = {
        var w = [Int](), p = 1
        for _ in 0..<(23 * 8) { w.append(p); p = p * 3 % 211 }
        return w
    }()

    /// Every chain of pairs on a line, in both reading directions.
    static func chains(on runs: ScanRuns, at position: Float) -> [DataBarExpandedChain] {
        let line = DataBarLine(runs)
        let w = line.forward
        var chains: [DataBarExpandedChain] = []
        w.withUnsafeBufferPointer { r in
            guard r.count >= 14 else { return }
            var hits: [(DataBarFinderHit, DataBarExpandedPair)] = []
            // From the run after the guard bar: a symbol read from its end
            // (upside down) starts with its last finder when that pair has
            // no right character, and the finder starts at run 2.
            for f in 2...(r.count - 5) {
                for mirrored in [false, true] {
                    guard let hit = finders.hit(r, at: f, mirrored: mirrored, backward: false) else { continue }
                    let m = hit.moduleSize
                    let left = DataBarFinderSet.plausible(DataBarFinderSet.span(r, f - 8, 8), modules: 17, moduleSize: m)
                        ? DataBarCharacterSet.expanded.read(r, from: f - 8, step: 1, firstIsDark: (f - 8) % 2 == 1, darkBias: hit.darkBias) : nil
                    let right = f + 13 <= r.count && DataBarFinderSet.plausible(DataBarFinderSet.span(r, f + 5, 8), modules: 17, moduleSize: m)
                        ? DataBarCharacterSet.expanded.read(r, from: f + 12, step: -1, firstIsDark: (f + 12) % 2 == 1, darkBias: hit.darkBias) : nil
                    guard left != nil || right != nil else { continue }
                    hits.append((hit, DataBarExpandedPair(finder: hit.pattern, mirrored: mirrored, left: left, right: right)))
                }
            }
            // Chains: each hit followed by the hit one pair (21 runs) further on, if any.
            var successor = [Int?](repeating: nil, count: hits.count)
            var hasPredecessor = [Bool](repeating: false, count: hits.count)
            for (i, h) in hits.enumerated() {
                if let k = hits.indices.first(where: { hits[$0].0.start == h.0.start + 21
                    && abs(hits[$0].0.moduleSize - h.0.moduleSize) < 0.25 * h.0.moduleSize }) {
                    successor[i] = k; hasPredecessor[k] = true
                }
            }
            for i in hits.indices where !hasPredecessor[i] {
                var group = [i]
                while let next = successor[group[group.count - 1]], group.count < 11 { group.append(next) }
                // The last pair ends at its right character, or, without one
                // (an odd character count), at its finder and the guard bar.
                let tail = hits[group[group.count - 1]]
                // Likewise the first starts at its left character, or at the
                // guard bar before its finder.
                let head = hits[i]
                let first = head.0.start - (head.1.left == nil ? 1 : 8)
                let last = min(tail.0.start + (tail.1.right == nil ? 6 : 13), r.count) - 1
                let module = group.map { hits[$0].0.moduleSize }.reduce(0, +) / Float(group.count)
                let pairs = group.map { hits[$0].1 }
                let start = line.position(before: first, backward: false), end = line.position(before: last + 1, backward: false)
                chains.append(DataBarExpandedChain(pairs: pairs, line: position, firstRun: first, endRun: last + 1,
                                                   moduleSize: module, startEdge: start, endEdge: end, lines: [position]))
                // The same pairs read the other way: order reversed, forms swapped, characters swapped.
                let back = pairs.reversed().map {
                    DataBarExpandedPair(finder: $0.finder, mirrored: !$0.mirrored, left: $0.right, right: $0.left)
                }
                chains.append(DataBarExpandedChain(pairs: back, line: position, firstRun: first, endRun: last + 1,
                                                   moduleSize: module, startEdge: end, endEdge: start, lines: [position]))
            }
        }
        return chains
    }

    /// A complete symbol from chains: its pairs by place in the finder sequence.
    struct Symbol: Sendable, Hashable {
        var bytes: [UInt8]
        /// The pairs placed, in sequence order.
        var pairs: [DataBarExpandedPair]
        var margin: Float
        /// The line of each chain placed.
        var lines: [Float]
        /// The linkage flag, the bit field's first bit.
        var linked: Bool
    }

    /// Places chains on each finder sequence; the longest sequence fully covered whose check
    /// character holds gives the symbol. A chain of one pair, or a palindromic one, fits its
    /// sequence both ways round, so placements are searched (depth first, bounded), each chain
    /// placed where it fits without contradicting what is placed, or left out.
    static func assemble(_ chains: [DataBarExpandedChain]) -> Symbol? {
        var unique: [DataBarExpandedChain] = []
        var index: [[Int]: Int] = [:]
        for chain in chains.prefix(256) {
            if let i = index[chain.reading] { unique[i].lines.formUnion(chain.lines) } else {
                index[chain.reading] = unique.count
                unique.append(chain)
            }
        }
        // Every placement whose check holds: a pair read both ways fits a
        // finder sequence twice, and one wrong combination in 211 passes the
        // check, so two messages that fit are a guess, and neither is read.
        var found: Symbol?
        for sequence in sequences.reversed() {
            var search = Placement(sequence: sequence, chains: unique)
            for symbol in search.run() where symbol.bytes != found?.bytes {
                guard found == nil else { return nil }
                found = symbol
            }
        }
        // The check decides nothing that the lines outvote (`DataBarExpandedVotes`).
        guard let found, DataBarExpandedVotes(unique).clearlyBest(found.pairs) else { return nil }
        return found
    }

    private struct Placement {
        let sequence: [Int]
        let chains: [DataBarExpandedChain]
        /// Where each chain fits (offsets), computed once.
        let fits: [[Int]]
        var placed: [DataBarExpandedPair?]
        var used: [Int] = []
        var budget = 1 << 16

        init(sequence: [Int], chains: [DataBarExpandedChain]) {
            self.sequence = sequence
            self.chains = chains
            placed = [DataBarExpandedPair?](repeating: nil, count: sequence.count)
            fits = chains.map { chain in
                let m = chain.pairs.count
                guard m <= sequence.count else { return [] }
                return (0...(sequence.count - m)).filter { offset in
                    (0..<m).allSatisfy { k in
                        let p = chain.pairs[k]
                        // Inner pairs need both characters; the sequence's last pair may lack its right one.
                        return p.identity == sequence[offset + k] && p.left != nil
                            && (p.right != nil || offset + k == sequence.count - 1)
                    }
                }
            }
        }

        /// The first placement of each message whose check holds, until two
        /// messages differ. Placements of a message already found add
        /// nothing: under noise the search meets the same message thousands
        /// of times.
        private(set) var symbols: [Symbol] = []

        mutating func run() -> [Symbol] {
            guard fits.contains(where: { $0.contains(0) }) else { return [] } // nothing holds the check character
            visit(0)
            return symbols
        }

        /// Whether the search is over: two different messages fit.
        private var ambiguous: Bool { symbols.count > 1 }

        private mutating func visit(_ c: Int) {
            budget -= 1
            guard budget > 0, !ambiguous else { return }
            if placed.allSatisfy({ $0 != nil }) {
                let pairs = placed.compactMap { $0 }
                if let (bytes, margin, linked) = checked(pairs), !symbols.contains(where: { $0.bytes == bytes }) {
                    symbols.append(Symbol(bytes: bytes, pairs: pairs, margin: margin, lines: used.map { chains[$0].line }, linked: linked))
                }
                return
            }
            guard c < chains.count else { return }
            for offset in fits[c] {
                let pairs = chains[c].pairs
                var fresh = false, conflict = false
                for (k, p) in pairs.enumerated() {
                    if let old = placed[offset + k] {
                        if old.left?.value != p.left?.value || old.right?.value != p.right?.value { conflict = true; break }
                    } else { fresh = true }
                }
                guard !conflict, fresh else { continue }
                let saved = placed
                for (k, p) in pairs.enumerated() { placed[offset + k] = p }
                used.append(c)
                visit(c + 1)
                used.removeLast()
                placed = saved
            }
            visit(c + 1)
        }
    }

    /// The payload of a full pair sequence whose check character holds, its margin and linkage flag.
    private static func checked(_ pairs: [DataBarExpandedPair]) -> ([UInt8], Float, Bool)? {
        guard let check = pairs.first?.left else { return nil }
        var data: [DataBarCharacterRead] = []
        var sum = 0
        var margin = check.margin
        for (k, pair) in pairs.enumerated() {
            let row = 4 * pair.finder + (pair.mirrored ? 2 : 0) - 1
            if k > 0, let l = pair.left {
                for j in 0..<8 { sum += l.widths[j] * weights[8 * row + j] }
                data.append(l); margin = min(margin, l.margin)
            }
            if let r = pair.right {
                for j in 0..<8 { sum += r.widths[j] * weights[8 * (row + 1) + j] }
                data.append(r); margin = min(margin, r.margin)
            }
        }
        let total = data.count + 1
        guard check.value == 211 * (total - 4) + sum % 211 else { return nil }
        var bits = DataBarBits()
        for c in data { bits.append(c.value, count: 12) }
        guard let bytes = DataBarExpandedDecoding.decode(bits) else { return nil }
        return (bytes, margin / 17, bits.value(at: 0, count: 1) == 1)
    }

    /// Expanded symbols read whole on one line.
    static func decode(_ runs: ScanRuns) -> [LinearRead] {
        reads(chains(on: runs, at: 0))
    }

    /// The symbols that one line's `chains` each hold whole.
    static func reads(_ chains: [DataBarExpandedChain]) -> [LinearRead] {
        var reads: [LinearRead] = []
        for chain in chains {
            // Every finder sequence begins with A1, the check character's
            // pair: a chain that begins otherwise is no symbol whole, and
            // on texture most chains do.
            guard chain.pairs.first?.identity == sequences[0][0], let symbol = assemble([chain]) else { continue }
            reads.append(LinearRead(symbology: .databarExpanded, bytes: symbol.bytes, isGS1: true, linked: symbol.linked,
                                    firstRun: chain.firstRun, endRun: chain.endRun, margin: symbol.margin))
        }
        return reads
    }
}
