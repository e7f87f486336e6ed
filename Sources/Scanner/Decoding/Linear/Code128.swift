/// Code 128 (ISO/IEC 15417) on one scan line, read left to right.
///
/// Characters are matched run by run through the line's own width calibration
/// (`CalibratedSymbol`), so ink spread and blur do not bias them. A symbol is start, data, the mod-103 check
/// character and the stop pattern with its final bar, between quiet zones.
enum Code128 {
    static func decode(_ runs: ScanRuns) -> [LinearRead] {
        var matcher = CalibratedMatcher(Code128Patterns.set)
        // Start (6) + one data (6) + check (6) + stop (7) + trailing quiet zone.
        return SymbolScan.reads(RunWidths.sanitized(runs), minimumRuns: 26) { symbol($0, from: $1, &matcher) }
    }

    private static func symbol(_ runs: UnsafeBufferPointer<Float>, from start: Int,
                               _ matcher: inout CalibratedMatcher) -> LinearRead? {
        // The stop's final bar is 2 modules.
        guard let symbol = CalibratedSymbol(runs, from: start, starts: Code128Patterns.startA..<(Code128Patterns.startC + 1),
                                            stop: Code128Patterns.stop, finalBar: 1.2...3.0, &matcher) else { return nil }
        let values = symbol.values
        // Start, at least one data character, check character; no start character among them.
        guard values.count >= 3, values.dropFirst().allSatisfy({ $0 < Code128Patterns.startA }) else { return nil }
        var sum = values[0]
        for i in 1..<(values.count - 1) { sum += i * values[i] }
        guard sum % 103 == values[values.count - 1] else { return nil }
        guard let text = Code128Text.interpret(start: values[0], data: values.dropFirst().dropLast()) else { return nil }
        return LinearRead(symbology: .code128, bytes: text.bytes, isGS1: text.isGS1,
                          firstRun: start, endRun: symbol.endRun, margin: symbol.margin)
    }
}
