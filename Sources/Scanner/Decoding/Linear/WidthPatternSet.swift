/// Matching a window of runs against the patterns of an (n, k) symbology:
/// each character is `n` runs that together span `k` modules (EAN/UPC: 4 runs,
/// 7 modules; Code 128: 6, 11; Code 93: 6, 9). This is the one matcher the
/// linear decoders share; wide/narrow symbologies (Code 39, ITF, Codabar)
/// may use it with their patterns written in modules (narrow 1, wide 2 or 3)
/// or classify wide/narrow themselves.
struct WidthPatternSet: Sendable {
    /// Module widths of every pattern, `runsPerCharacter` per pattern, flattened.
    let widths: [UInt8]
    /// The same as Floats, which the hot loop compares with.
    private let moduleWidths: [Float]
    let runsPerCharacter: Int
    let modulesPerCharacter: Int

    init(patterns: [[UInt8]], modulesPerCharacter: Int) {
        runsPerCharacter = patterns.first?.count ?? 0
        self.modulesPerCharacter = modulesPerCharacter
        let widths = patterns.flatMap { $0 }
        self.widths = widths
        moduleWidths = widths.map(Float.init)
    }

    var count: Int { runsPerCharacter == 0 ? 0 : widths.count / runsPerCharacter }

    struct Match: Sendable, Hashable {
        /// Index of the best pattern.
        var index: Int
        /// Its distance, in modules summed over the runs.
        var distance: Float
        /// Second-best distance minus best distance, in modules: how clearly it won.
        var margin: Float
        /// The second-best pattern, and how much further than the best the
        /// third-best lies: a character with a check digit may stand on a
        /// near tie that the check resolves (`EANDecoder.digits`).
        var runnerUp: Int
        var thirdMargin: Float
    }

    /// The best pattern for `runsPerCharacter` runs of `runs` from `start`, scaled so that they
    /// span `modulesPerCharacter` modules; nil if the window is out of range or empty.
    /// `allowed` restricts the candidates (e.g. only odd-parity EAN patterns).
    func match(_ runs: UnsafeBufferPointer<Float>, at start: Int, allowed: Range<Int>? = nil) -> Match? {
        guard start >= 0, start + runsPerCharacter <= runs.count, count > 0 else { return nil }
        var total: Float = 0
        for i in 0..<runsPerCharacter { total += runs[start + i] }
        guard total > 0 else { return nil }
        let scale = Float(modulesPerCharacter) / total
        var best = Float.infinity, second = Float.infinity, third = Float.infinity, bestIndex = -1, secondIndex = -1
        let lower = max(allowed?.lowerBound ?? 0, 0), upper = min(allowed?.upperBound ?? count, count)
        guard lower < upper else { return nil }
        let n = runsPerCharacter
        moduleWidths.withUnsafeBufferPointer { widths in
            for p in lower..<upper {
                var d: Float = 0
                let base = p * n
                // The sum only grows: once it reaches the third best, this pattern changes nothing.
                for i in 0..<n {
                    d += abs(runs[start + i] * scale - widths[base + i])
                    if d >= third { break }
                }
                if d < best {
                    (third, second, secondIndex) = (second, best, bestIndex)
                    (best, bestIndex) = (d, p)
                } else if d < second {
                    (third, second, secondIndex) = (second, d, p)
                } else if d < third {
                    third = d
                }
            }
        }
        guard bestIndex >= 0 else { return nil }
        return Match(index: bestIndex, distance: best, margin: second - best, runnerUp: secondIndex, thirdMargin: third - best)
    }
}
