// DataBar Limited (ISO/IEC 24724 §6): guard, left character (26 modules),
// check character (18 modules, one of 89 patterns: the mod-89 weighted sum
// of the two data characters' elements), right character, guard. The value
// left × 2013571 + right is the GTIN's first 13 digits (leading 0 or 1).

enum DataBarLimited {
    /// The 89 check character patterns, by checksum value (the standard's table).
    static let checkPatterns = WidthPatternSet(patterns: [
        [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 2, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 1, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 3, 2, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 2, 1, 2, 3, 1, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 3, 1, 1, 1],
        [1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 3, 2, 1, 1],
        [1, 1, 1, 1, 1, 2, 1, 1, 1, 2, 3, 1, 1, 1],
        [1, 1, 1, 1, 1, 2, 1, 2, 1, 1, 3, 1, 1, 1],
        [1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 3, 1, 1, 1],
        [1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 3, 2, 1, 1],
        [1, 1, 1, 2, 1, 1, 1, 1, 1, 2, 3, 1, 1, 1],
        [1, 1, 1, 2, 1, 1, 1, 2, 1, 1, 3, 1, 1, 1],
        [1, 1, 1, 2, 1, 2, 1, 1, 1, 1, 3, 1, 1, 1],
        [1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1],
        [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 3, 2, 1, 1],
        [1, 2, 1, 1, 1, 1, 1, 1, 1, 2, 3, 1, 1, 1],
        [1, 2, 1, 1, 1, 1, 1, 2, 1, 1, 3, 1, 1, 1],
        [1, 2, 1, 1, 1, 2, 1, 1, 1, 1, 3, 1, 1, 1],
        [1, 2, 1, 2, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1],
        [1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 2, 3, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 2, 1, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 2, 2, 1, 2, 2, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 3, 2, 1, 2, 1, 1, 1],
        [1, 1, 1, 1, 1, 2, 1, 1, 2, 1, 2, 2, 1, 1],
        [1, 1, 1, 1, 1, 2, 1, 1, 2, 2, 2, 1, 1, 1],
        [1, 1, 1, 1, 1, 2, 1, 2, 2, 1, 2, 1, 1, 1],
        [1, 1, 1, 1, 1, 3, 1, 1, 2, 1, 2, 1, 1, 1],
        [1, 1, 1, 2, 1, 1, 1, 1, 2, 1, 2, 2, 1, 1],
        [1, 1, 1, 2, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1],
        [1, 1, 1, 2, 1, 1, 1, 2, 2, 1, 2, 1, 1, 1],
        [1, 1, 1, 2, 1, 2, 1, 1, 2, 1, 2, 1, 1, 1],
        [1, 1, 1, 3, 1, 1, 1, 1, 2, 1, 2, 1, 1, 1],
        [1, 2, 1, 1, 1, 1, 1, 1, 2, 1, 2, 2, 1, 1],
        [1, 2, 1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1],
        [1, 2, 1, 1, 1, 1, 1, 2, 2, 1, 2, 1, 1, 1],
        [1, 2, 1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 1, 1],
        [1, 2, 1, 2, 1, 1, 1, 1, 2, 1, 2, 1, 1, 1],
        [1, 3, 1, 1, 1, 1, 1, 1, 2, 1, 2, 1, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 3, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 1, 3, 2, 1, 2, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 2, 3, 1, 1, 2, 1, 1],
        [1, 1, 1, 2, 1, 1, 1, 1, 3, 1, 1, 2, 1, 1],
        [1, 2, 1, 1, 1, 1, 1, 1, 3, 1, 1, 2, 1, 1],
        [1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 2, 3, 1, 1],
        [1, 1, 1, 1, 1, 1, 2, 1, 1, 2, 2, 2, 1, 1],
        [1, 1, 1, 1, 1, 1, 2, 1, 1, 3, 2, 1, 1, 1],
        [1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1],
        [1, 1, 1, 2, 1, 1, 2, 1, 1, 1, 2, 2, 1, 1],
        [1, 1, 1, 2, 1, 1, 2, 1, 1, 2, 2, 1, 1, 1],
        [1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 2, 1, 1, 1],
        [1, 1, 1, 2, 1, 2, 2, 1, 1, 1, 2, 1, 1, 1],
        [1, 1, 1, 3, 1, 1, 2, 1, 1, 1, 2, 1, 1, 1],
        [1, 2, 1, 1, 1, 1, 2, 1, 1, 1, 2, 2, 1, 1],
        [1, 2, 1, 1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 1],
        [1, 2, 1, 2, 1, 1, 2, 1, 1, 1, 2, 1, 1, 1],
        [1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 2, 3, 1, 1],
        [1, 1, 1, 1, 2, 1, 1, 1, 1, 2, 2, 2, 1, 1],
        [1, 1, 1, 1, 2, 1, 1, 1, 1, 3, 2, 1, 1, 1],
        [1, 1, 1, 1, 2, 1, 1, 2, 1, 1, 2, 2, 1, 1],
        [1, 1, 1, 1, 2, 1, 1, 2, 1, 2, 2, 1, 1, 1],
        [1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 2, 2, 1, 1],
        [1, 2, 1, 1, 2, 1, 1, 1, 1, 1, 2, 2, 1, 1],
        [1, 2, 1, 1, 2, 1, 1, 1, 1, 2, 2, 1, 1, 1],
        [1, 2, 1, 1, 2, 1, 1, 2, 1, 1, 2, 1, 1, 1],
        [1, 2, 1, 1, 2, 2, 1, 1, 1, 1, 2, 1, 1, 1],
        [1, 2, 1, 2, 2, 1, 1, 1, 1, 1, 2, 1, 1, 1],
        [1, 3, 1, 1, 2, 1, 1, 1, 1, 1, 2, 1, 1, 1],
        [1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 2, 3, 1, 1],
        [1, 1, 2, 1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1],
        [1, 1, 2, 1, 1, 1, 1, 1, 1, 3, 2, 1, 1, 1],
        [1, 1, 2, 1, 1, 1, 1, 2, 1, 1, 2, 2, 1, 1],
        [1, 1, 2, 1, 1, 1, 1, 2, 1, 2, 2, 1, 1, 1],
        [1, 1, 2, 1, 1, 1, 1, 3, 1, 1, 2, 1, 1, 1],
        [1, 1, 2, 1, 1, 2, 1, 1, 1, 1, 2, 2, 1, 1],
        [1, 1, 2, 1, 1, 2, 1, 1, 1, 2, 2, 1, 1, 1],
        [1, 1, 2, 2, 1, 1, 1, 1, 1, 1, 2, 2, 1, 1],
        [2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1],
        [2, 1, 1, 1, 1, 1, 1, 1, 1, 3, 2, 1, 1, 1],
        [2, 1, 1, 1, 1, 1, 1, 2, 1, 1, 2, 2, 1, 1],
        [2, 1, 1, 1, 1, 1, 1, 2, 1, 2, 2, 1, 1, 1],
        [2, 1, 1, 1, 1, 1, 1, 3, 1, 1, 2, 1, 1, 1],
        [2, 1, 1, 1, 1, 2, 1, 1, 1, 2, 2, 1, 1, 1],
        [2, 1, 1, 1, 1, 2, 1, 2, 1, 1, 2, 1, 1, 1],
        [2, 1, 1, 2, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1],
        [2, 1, 1, 1, 1, 1, 1, 1, 2, 2, 1, 2, 1, 1],
    ], modulesPerCharacter: 18)

    /// Checksum weights 3^k mod 89 over the left then right character's elements.
    static let weights: [Int] = {
        var w = [Int](), p = 1
        for _ in 0..<28 { w.append(p); p = p * 3 % 89 }
        return w
    }()

    static let minimumCheckMargin: Float = 0.5
    /// The check is only mod 89: Limited characters must be read more clearly than others.
    static let minimumMargin: Float = 0.8
    static let maximumDistancePerElement: Float = 0.3

    static func decode(_ runs: ScanRuns) -> [LinearRead] {
        let line = DataBarLine(runs)
        var reads: [LinearRead] = []
        for backward in [false, true] {
            line.runs(backward: backward).withUnsafeBufferPointer { r in
                guard r.count >= 46 else { return }
                for s in stride(from: 2, through: r.count - 44, by: 2) {
                    if let read = symbol(r, at: s, line: line, backward: backward) { reads.append(read) }
                }
            }
        }
        return reads
    }

    /// The symbol whose left character starts at run `s` (a light run after the guard bar).
    private static func symbol(_ r: UnsafeBufferPointer<Float>, at s: Int, line: DataBarLine, backward: Bool) -> LinearRead? {
        let module = DataBarFinderSet.span(r, s + 14, 14) / 18
        // Cheap tests first: guards and character spans, then the check pattern.
        guard module > 0, module.isFinite,
              r[s - 1] > 0.3 * module, r[s - 1] < 2.5 * module, // guard bars
              r[s + 42] > 0.3 * module, r[s + 42] < 2.5 * module,
              r[s + 43] > 0.3 * module, r[s + 43] < 2.5 * module,
              s + 44 >= r.count || r[s + 44] > 3 * module, // space after the right guard
              DataBarFinderSet.plausible(DataBarFinderSet.span(r, s, 14), modules: 26, moduleSize: module),
              DataBarFinderSet.plausible(DataBarFinderSet.span(r, s + 28, 14), modules: 26, moduleSize: module),
              let check = checkPatterns.match(r, at: s + 14), check.margin >= minimumCheckMargin,
              check.distance <= DataBarCharacterSet.maximumDistancePerElement * 14,
              let left = DataBarCharacterSet.limited.read(r, from: s, step: 1, firstIsDark: false,
                                                          minimumMargin: minimumMargin, maximumDistancePerElement: maximumDistancePerElement),
              let right = DataBarCharacterSet.limited.read(r, from: s + 28, step: 1, firstIsDark: false,
                                                           minimumMargin: minimumMargin, maximumDistancePerElement: maximumDistancePerElement)
        else { return nil }
        var sum = 0
        for j in 0..<14 { sum += left.widths[j] * weights[j] + right.widths[j] * weights[14 + j] }
        guard sum % 89 == check.index else { return nil }
        var value = left.value * 2_013_571 + right.value
        // The linkage flag adds this: a GS1 Composite's 2D component above (`CompositeSearch`).
        let linked = value >= 2_015_133_531_096
        if linked { value -= 2_015_133_531_096 }
        guard value < 2_000_000_000_000 else { return nil }
        let a = line.sourceIndex(s - 1, backward: backward), b = line.sourceIndex(s + 43, backward: backward)
        return LinearRead(symbology: .databarLimited, bytes: DataBarOmni.gtinPayload(value), isGS1: true, linked: linked,
                          firstRun: min(a, b), endRun: max(a, b) + 1, margin: min(left.margin, right.margin) / 26)
    }
}
