/// PDF417's start pattern (8 1 1 1 1 1 1 3, 17 modules) and stop pattern (7 1 1 3 1 1 1 2 1,
/// 18 modules), bar first, read from the symbol's start side towards its stop side.
enum PDF417Guard: Sendable, Hashable {
    case start, stop

    var widths: [Int] {
        switch self {
        case .start: [8, 1, 1, 1, 1, 1, 1, 3]
        case .stop: [7, 1, 1, 3, 1, 1, 1, 2, 1]
        }
    }

    var modules: Int { self == .start ? 17 : 18 }

    /// Whether `runs` (pixel widths, or sub-pixel) match the pattern in this order: every element
    /// within 0.6 module (plus half a pixel of quantisation) of its width at the runs' own module
    /// size. Returns that module size, nil when they do not match.
    func match<R: RandomAccessCollection<Double>>(_ runs: R) -> Double? where R.Index == Int {
        let w = widths
        guard runs.count == w.count else { return nil }
        var total = 0.0
        for r in runs { total += r }
        let module = total / Double(modules)
        guard module > 0.5 else { return nil }
        var i = runs.startIndex
        for expected in w {
            guard abs(runs[i] - Double(expected) * module) <= 0.6 * module + 0.5 else { return nil }
            i += 1
        }
        return module
    }
}
