/// Code 128 (ISO/IEC 15417) on one scan line, read left to right.
///
/// Characters are matched run by run through the line's own width calibration
/// (`CalibratedMatcher`), so ink spread and blur do not bias them. A symbol is start, data, the mod-103 check
/// character and the stop pattern with its final bar, between quiet zones.
enum Code128 {
    /// The standard asks for 10 modules. Photos are often cropped close and
    /// printers skimp, so half of it is accepted: the start, stop and check
    /// character already make a random match very unlikely, and 5 modules still
    /// rule out starting inside a neighbouring symbol's bars.
    static let quietZoneModules: Float = 5
    /// A character is accepted when its runs lie within this many modules
    /// (summed over the six runs) of the best pattern...
    static let maxDistance: Float = 1.8
    /// ...and the second best is at least this much farther. Patterns lie at
    /// least 2 apart (one module moved between neighbouring runs), so a character
    /// blended halfway between two is refused.
    static let minMargin: Float = 0.6
    /// Neighbouring characters span the same 11 modules, edge to similar edge
    /// (so neither ink spread nor blur changes it much); a change in width
    /// beyond this ratio is a lost, spurious or misplaced edge, not perspective.
    /// One module more or less (9%) is refused.
    static let maxWidthRatio: Float = 1.06

    static func decode(_ runs: ScanRuns) -> [LinearRead] {
        let widths = RunWidths.sanitized(runs)
        var matcher = CalibratedMatcher(Code128Patterns.set)
        return widths.withUnsafeBufferPointer { buffer in
            var reads: [LinearRead] = []
            var start = 1
            // Start (6) + one data (6) + check (6) + stop (7) + trailing quiet zone.
            while start + 26 <= buffer.count {
                if let read = symbol(buffer, from: start, &matcher) {
                    reads.append(read)
                    start = read.endRun + 1
                } else {
                    start += 2
                }
            }
            return reads
        }
    }

    /// A match good enough to trust (and learnt from), or nil.
    static func character(_ runs: UnsafeBufferPointer<Float>, at start: Int,
                          _ matcher: inout CalibratedMatcher) -> WidthPatternSet.Match? {
        guard let m = matcher.match(runs, at: start),
              m.distance <= maxDistance, m.margin >= minMargin else { return nil }
        matcher.learn(runs, at: start, pattern: m.index)
        return m
    }

    private static func width(_ runs: UnsafeBufferPointer<Float>, _ start: Int, _ count: Int) -> Float {
        var total: Float = 0
        for i in start..<(start + count) { total += runs[i] }
        return total
    }

    private static func symbol(_ runs: UnsafeBufferPointer<Float>, from start: Int,
                               _ matcher: inout CalibratedMatcher) -> LinearRead? {
        // The start characters lie far apart: matched among themselves with the raw
        // runs, the best one gives a first calibration, with which it must then
        // win among all patterns.
        matcher.reset()
        guard let guess = matcher.match(runs, at: start, allowed: Code128Patterns.startA..<(Code128Patterns.startC + 1)),
              guess.distance <= 2 * maxDistance else { return nil }
        matcher.learn(runs, at: start, pattern: guess.index)
        guard let first = character(runs, at: start, &matcher), first.index == guess.index else { return nil }
        var charWidth = width(runs, start, 6)
        guard runs[start - 1] >= quietZoneModules * charWidth / 11 else { return nil }

        var values = [first.index]
        var margin = first.margin
        var position = start + 6
        while true {
            // A character, and after the stop its final bar and the quiet zone, must fit.
            guard position + 6 <= runs.count else { return nil }
            let w = width(runs, position, 6)
            guard w <= charWidth * maxWidthRatio, w * maxWidthRatio >= charWidth,
                  let m = character(runs, at: position, &matcher) else { return nil }
            charWidth = 0.5 * (charWidth + w)  // follows perspective, averages edge noise
            margin = min(margin, m.margin)
            if m.index == Code128Patterns.stop { break }
            guard m.index < Code128Patterns.startA else { return nil }
            values.append(m.index)
            position += 6
        }
        let module = charWidth / 11
        // The stop's final bar is 2 modules; ink spread and blur move it by well under one.
        guard position + 7 < runs.count,
              runs[position + 6] >= 1.2 * module, runs[position + 6] <= 3.0 * module,
              runs[position + 7] >= quietZoneModules * module else { return nil }

        // Start, at least one data character, check character.
        guard values.count >= 3 else { return nil }
        var sum = values[0]
        for i in 1..<(values.count - 1) { sum += i * values[i] }
        guard sum % 103 == values[values.count - 1] else { return nil }
        guard let text = Code128Text.interpret(start: values[0], data: values.dropFirst().dropLast()) else { return nil }
        return LinearRead(symbology: .code128, bytes: text.bytes, isGS1: text.isGS1,
                          firstRun: start, endRun: position + 7, margin: margin / 11)
    }
}
