/// Matching (n, k) characters along one line through the line's own width
/// calibration. Print gain, blur and the edge detector move every edge in ways
/// that depend on the element: bars print wider and spaces narrower (ink
/// spread), and under blur a 1-module element measures wider or narrower than
/// one module depending on how edges are found. Left in, these biases add up over
/// a character's runs and eat the margin between patterns that differ by one
/// module moved between neighbours. So the matcher learns, from the characters
/// already read (the start character first), how wide a k-module bar and a
/// k-module space measure on this line, and maps measured widths back to
/// modules before the shared `WidthPatternSet` match.
struct CalibratedMatcher {
    let set: WidthPatternSet
    /// The widest element of the symbology, in modules.
    let widest: Int
    /// Learned measured width, in modules, of a k-module bar (index k - 1) and,
    /// after those, of a k-module space; `weight` 0 where not seen yet.
    /// Inline, as a matcher is made for every line and every attempt on it.
    private var measured = Slots(repeating: 0)
    private var weight = Slots(repeating: 0)
    /// Points of the current calibration curve, bars then spaces.
    private var curve = Slots(repeating: 0)
    private var window = Slots(repeating: 0)

    /// Room for a character's runs, and for bars and spaces of up to 4 modules
    /// (Code 128, Code 93, EAN/UPC).
    private typealias Slots = InlineArray<8, Float>

    /// How many characters each estimate averages over, so that it follows a
    /// slow change along the line but not one character's noise.
    private static let memory: Float = 8

    init(_ set: WidthPatternSet) {
        self.set = set
        let widest = Int(set.widths.max() ?? 1)
        precondition(2 * widest <= Slots.count && set.runsPerCharacter <= Slots.count, "a set too wide for CalibratedMatcher")
        self.widest = widest
        reset()
    }

    /// Starts a new symbol: widths are taken at face value, and nothing an
    /// earlier attempt learnt is left, so an attempt reads the same whatever
    /// was tried before it.
    mutating func reset() {
        for i in 0..<(2 * widest) {
            weight[i] = 0
            measured[i] = 0
            curve[i] = Float(i % widest + 1)
        }
    }

    /// The best pattern for the calibrated runs from `start` (a bar first,
    /// unless `barFirst` is false: an EAN/UPC left-hand digit).
    mutating func match(_ runs: UnsafeBufferPointer<Float>, at start: Int, allowed: Range<Int>? = nil, barFirst: Bool = true) -> WidthPatternSet.Match? {
        let n = set.runsPerCharacter
        guard start >= 0, start <= runs.count - n else { return nil }
        var total: Float = 0
        for i in 0..<n { total += runs[start + i] }
        guard total > 0 else { return nil }
        let module = total / Float(set.modulesPerCharacter)
        for i in 0..<n { window[i] = modules(runs[start + i] / module, isBar: (i % 2 == 0) == barFirst) }
        return window.span.withUnsafeBufferPointer { set.match(UnsafeBufferPointer(rebasing: $0[0..<n]), at: 0, allowed: allowed) }
    }

    /// Learns from a character read as `pattern` at `start`.
    mutating func learn(_ runs: UnsafeBufferPointer<Float>, at start: Int, pattern: Int, barFirst: Bool = true) {
        let n = set.runsPerCharacter
        guard start >= 0, start <= runs.count - n, pattern >= 0, pattern < set.count else { return }
        var total: Float = 0
        for i in 0..<n { total += runs[start + i] }
        guard total > 0 else { return }
        let module = total / Float(set.modulesPerCharacter)
        for i in 0..<n { note(runs[start + i] / module, modules: Int(set.widths[pattern * n + i]), isBar: (i % 2 == 0) == barFirst) }
        fitCurves()
    }

    /// Learns from single elements known to span one module (EAN/UPC guard
    /// bars and spaces), measured in modules: `runs` from `start`, a bar
    /// first unless `barFirst` is false.
    mutating func learnModules(_ runs: UnsafeBufferPointer<Float>, at start: Int, count: Int, module: Float, barFirst: Bool = true) {
        guard start >= 0, start + count <= runs.count, module > 0 else { return }
        for i in 0..<count { note(runs[start + i] / module, modules: 1, isBar: (i % 2 == 0) == barFirst) }
        fitCurves()
    }

    /// One element of `k` modules measured as `width` modules.
    private mutating func note(_ width: Float, modules k: Int, isBar: Bool) {
        guard k >= 1, k <= widest else { return }
        let slot = (isBar ? 0 : widest) + k - 1
        weight[slot] = min(weight[slot] + 1, Self.memory)
        measured[slot] += (width - measured[slot]) / weight[slot]
    }

    /// The bars' curve and the spaces'.
    private mutating func fitCurves() {
        fitCurve(0)
        fitCurve(widest)
    }

    /// Curve points from the learned widths; an unseen width is its module count
    /// plus the average offset of the seen ones. Kept increasing so it can be inverted.
    private mutating func fitCurve(_ base: Int) {
        var offset: Float = 0, seen: Float = 0
        for k in 0..<widest where weight[base + k] > 0 {
            offset += measured[base + k] - Float(k + 1)
            seen += 1
        }
        if seen > 0 { offset /= seen }
        for k in 0..<widest {
            var point = weight[base + k] > 0 ? measured[base + k] : Float(k + 1) + offset
            if k > 0 { point = max(point, curve[base + k - 1] + 0.3) }
            curve[base + k] = point
        }
    }

    /// A measured width (in modules) mapped back through the curve: piecewise
    /// linear between the learned points, slope 1 beyond them.
    private func modules(_ width: Float, isBar: Bool) -> Float {
        let base = isBar ? 0 : widest
        if width <= curve[base] { return 1 + width - curve[base] }
        for k in 1..<widest where width <= curve[base + k] {
            let lo = curve[base + k - 1], hi = curve[base + k]
            return Float(k) + (width - lo) / (hi - lo)
        }
        return Float(widest) + width - curve[base + widest - 1]
    }
}
