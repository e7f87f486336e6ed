/// The frame of a symbol whose characters all span the same number of
/// modules in six runs, matched through the line's own width calibration
/// (`CalibratedMatcher`): Code 128 and Code 93. A start character, then
/// characters up to the stop, each about as wide as the last, then a final
/// bar and a quiet zone. What the values mean, and their check characters,
/// are each symbology's own.
struct CalibratedSymbol {
    /// The characters' values, the start's first and the stop's left out.
    var values: [Int]
    /// The run after the final bar (the quiet zone).
    var endRun: Int
    /// The least clear character's margin, in modules.
    var margin: Float

    /// The standard asks for 10 modules. Photos are often cropped close and
    /// printers skimp, so half of it is accepted: the start, stop and check
    /// characters already make a random match very unlikely, and 5 modules
    /// still rule out starting inside a neighbouring symbol's bars.
    static let quietZoneModules: Float = 5
    /// A character is accepted when its runs lie within this many modules
    /// (summed over the six runs) of the best pattern...
    static let maxDistance: Float = 1.8
    /// ...and the second best is at least this much farther. Patterns lie at
    /// least 2 apart (one module moved between neighbouring runs), so a character
    /// blended halfway between two is refused.
    static let minMargin: Float = 0.6
    /// Neighbouring characters span the same modules, edge to similar edge
    /// (so neither ink spread nor blur changes it much); a change in width
    /// beyond this ratio is a lost, spurious or misplaced edge, not perspective.
    /// One module more or less (9% of Code 128's 11, 11% of Code 93's 9) is refused.
    static let maxWidthRatio: Float = 1.06

    /// A match good enough to trust (and learnt from), or nil.
    static func character(_ runs: UnsafeBufferPointer<Float>, at start: Int,
                          _ matcher: inout CalibratedMatcher) -> WidthPatternSet.Match? {
        guard let m = matcher.match(runs, at: start),
              m.distance <= maxDistance, m.margin >= minMargin else { return nil }
        matcher.learn(runs, at: start, pattern: m.index)
        return m
    }

    /// The symbol from `start` (its start character, one of `starts`) to the
    /// `stop` character, whose final bar spans `finalBar` modules; nil unless
    /// every character is clear and the quiet zones hold.
    init?(_ runs: UnsafeBufferPointer<Float>, from start: Int, starts: Range<Int>, stop: Int,
          finalBar: ClosedRange<Float>, _ matcher: inout CalibratedMatcher) {
        let modules = Float(matcher.set.modulesPerCharacter)
        // The quiet zone first: most places along a line have none, and it
        // costs a sum where the start character costs a match against every pattern.
        guard start >= 1, start + 6 <= runs.count else { return nil }
        var charWidth = Self.width(runs, start)
        guard runs[start - 1] >= Self.quietZoneModules * charWidth / modules else { return nil }
        // The start characters are matched among themselves with the raw runs;
        // the best one gives a first calibration, with which it must then win
        // among all patterns.
        matcher.reset()
        guard let guess = matcher.match(runs, at: start, allowed: starts),
              guess.distance <= 2 * Self.maxDistance else { return nil }
        matcher.learn(runs, at: start, pattern: guess.index)
        guard let first = Self.character(runs, at: start, &matcher), first.index == guess.index else { return nil }

        var values = [first.index]
        var margin = first.margin
        var position = start + 6
        while true {
            // A character, and after the stop its final bar and the quiet zone, must fit.
            guard position + 6 <= runs.count else { return nil }
            let w = Self.width(runs, position)
            guard w <= charWidth * Self.maxWidthRatio, w * Self.maxWidthRatio >= charWidth,
                  let m = Self.character(runs, at: position, &matcher) else { return nil }
            charWidth = 0.5 * (charWidth + w)  // follows perspective, averages edge noise
            margin = min(margin, m.margin)
            if m.index == stop { break }
            values.append(m.index)
            position += 6
        }
        let module = charWidth / modules
        // Ink spread and blur move the final bar by well under a module.
        guard position + 7 < runs.count,
              runs[position + 6] >= finalBar.lowerBound * module, runs[position + 6] <= finalBar.upperBound * module,
              runs[position + 7] >= Self.quietZoneModules * module else { return nil }
        self.values = values
        self.endRun = position + 7
        self.margin = margin / modules
    }

    private static func width(_ runs: UnsafeBufferPointer<Float>, _ start: Int) -> Float {
        var total: Float = 0
        for i in start..<(start + 6) { total += runs[i] }
        return total
    }
}
