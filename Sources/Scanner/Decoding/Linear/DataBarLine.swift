// A scan line as the DataBar decoders walk it: its runs in both reading
// directions (DataBar halves and pairs are read outside-in, so a symbol's
// right half is read on the reversed line), with the way back to the line's
// own run indices and positions, and the finder search they share.

struct DataBarLine: Sendable {
    let source: ScanRuns
    let forward: [Float]
    let backward: [Float]
    /// The backward runs start with an added empty light run (the line ended dark).
    private let padded: Bool

    init(_ runs: ScanRuns) {
        source = runs
        forward = runs.widths.map { $0.isFinite && $0 > 0 ? $0 : 0 }
        var back = Array(forward.reversed())
        padded = back.count % 2 == 0
        if padded { back.insert(0, at: 0) }
        backward = back
    }

    func runs(backward isBackward: Bool) -> [Float] { isBackward ? backward : forward }

    /// The source index of run `i` read in the given direction.
    func sourceIndex(_ i: Int, backward isBackward: Bool) -> Int {
        isBackward ? forward.count - 1 - (padded ? i - 1 : i) : i
    }

    /// The position along the source line of the boundary before run `i` in reading order.
    func position(before i: Int, backward isBackward: Bool) -> Float {
        let e = source.edges
        if !isBackward { return i >= 0 && i < e.count ? e[i] : 0 }
        let s = sourceIndex(i, backward: true) + 1 // the source boundary after that run
        return s >= 0 && s < e.count ? e[s] : 0
    }
}

/// A finder pattern found on a line.
struct DataBarFinderHit: Sendable, Hashable {
    var backward: Bool
    /// Index of the finder's first run, in its reading direction.
    var start: Int
    var pattern: Int
    /// The pattern appeared mirrored (Expanded finders "2" in reading order).
    var mirrored: Bool
    var moduleSize: Float
    /// Dark runs' excess width over their nominal width, in pixels.
    var darkBias: Float
    var margin: Float
}

/// The finder patterns of one DataBar family, and the search for them.
struct DataBarFinderSet: Sendable {
    let patterns: [[UInt8]]
    private let set: WidthPatternSet
    private let mirroredSet: WidthPatternSet

    /// Neighbouring finders differ by 2 modules (one module moved); the checksum covers the
    /// finder values, so a finder needs only a modest clear win.
    static let minimumMargin: Float = 0.5
    static let maximumDistance: Float = 2.5

    /// The elements that every pattern has alike (each family's finders end
    /// in two one-module elements), as written and mirrored: index and modules.
    private let shared: [(index: Int, modules: Float)]
    private let mirroredShared: [(index: Int, modules: Float)]

    init(patterns: [[UInt8]]) {
        self.patterns = patterns
        set = WidthPatternSet(patterns: patterns, modulesPerCharacter: 15)
        mirroredSet = WidthPatternSet(patterns: patterns.map { Array($0.reversed()) }, modulesPerCharacter: 15)
        let count = patterns.first?.count ?? 0
        shared = (0..<count).compactMap { i in
            patterns.allSatisfy({ $0.count == count && $0[i] == patterns[0][i] }) ? (i, Float(patterns[0][i])) : nil
        }
        mirroredShared = shared.map { (count - 1 - $0.index, $0.modules) }
    }

    /// Whether the window at `start`, whose five runs sum to `total`, is
    /// already further than `maximumDistance` from every pattern in the
    /// elements they share alone: their terms of the match's distance, with
    /// its scale, bound it from below. The finder search tries every run of
    /// every line; this spares most of them the match against each pattern.
    private func isFar(_ runs: UnsafeBufferPointer<Float>, at start: Int, total: Float, mirrored: Bool) -> Bool {
        guard total > 0 else { return false }
        let scale = Float(15) / total
        var bound: Float = 0
        for element in mirrored ? mirroredShared : shared { bound += abs(runs[start + element.index] * scale - element.modules) }
        return bound > Self.maximumDistance
    }

    /// Finders at `start` in `runs`: as written, or (with `mirrored`) mirrored.
    func hit(_ runs: UnsafeBufferPointer<Float>, at start: Int, mirrored: Bool, backward: Bool) -> DataBarFinderHit? {
        guard start >= 0, start + 5 <= runs.count else { return nil }
        var total: Float = 0
        for i in 0..<5 { total += runs[start + i] }
        guard !isFar(runs, at: start, total: total, mirrored: mirrored),
              let m = (mirrored ? mirroredSet : set).match(runs, at: start),
              m.distance <= Self.maximumDistance, m.margin >= Self.minimumMargin else { return nil }
        let module = total / 15
        guard module.isFinite, module > 0 else { return nil }
        let p = patterns[m.index]
        var bias: Float = 0
        var darkCount: Float = 0, lightCount: Float = 0, darkSum: Float = 0, lightSum: Float = 0
        for i in 0..<5 {
            let expected = Float(p[mirrored ? 4 - i : i]) * module
            if (start + i) % 2 == 1 { darkSum += runs[start + i] - expected; darkCount += 1 } else { lightSum += runs[start + i] - expected; lightCount += 1 }
        }
        bias = (darkSum / darkCount - lightSum / lightCount) / 2
        bias = Swift.max(-0.4 * module, Swift.min(0.4 * module, bias))
        return DataBarFinderHit(backward: backward, start: start, pattern: m.index, mirrored: mirrored,
                                moduleSize: module, darkBias: bias, margin: m.margin)
    }

    /// Sum of `count` runs from `start`, 0 if out of range.
    static func span(_ runs: UnsafeBufferPointer<Float>, _ start: Int, _ count: Int) -> Float {
        guard start >= 0, count >= 0, start + count <= runs.count else { return 0 }
        var total: Float = 0
        for i in start..<(start + count) { total += runs[i] }
        return total
    }

    /// A character of `modules` next to a finder of this module size must span about that many modules.
    static func plausible(_ width: Float, modules: Int, moduleSize: Float) -> Bool {
        let expected = Float(modules) * moduleSize
        return width > expected * 0.75 && width < expected * 1.3
    }
}
