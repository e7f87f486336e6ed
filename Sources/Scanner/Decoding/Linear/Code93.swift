/// Code 93 (AIM USS-93) on one scan line, read left to right: start, data,
/// check characters C and K (both must hold), stop and its 1-module
/// termination bar, between quiet zones. Full ASCII shifts are decoded.
enum Code93 {
    static func decode(_ runs: ScanRuns) -> [LinearRead] {
        var matcher = CalibratedMatcher(Code93Patterns.set)
        // Start + one data + C + K + stop (6 runs each), termination bar, quiet zone.
        return SymbolScan.reads(RunWidths.sanitized(runs), minimumRuns: 31) { symbol($0, from: $1, &matcher) }
    }

    private static func symbol(_ runs: UnsafeBufferPointer<Float>, from start: Int,
                               _ matcher: inout CalibratedMatcher) -> LinearRead? {
        // Termination bar: one module, give or take blur and ink spread.
        let star = Code93Patterns.startStop
        guard let symbol = CalibratedSymbol(runs, from: start, starts: star..<(star + 1), stop: star,
                                            finalBar: 0.4...2.0, &matcher) else { return nil }
        let values = symbol.values.dropFirst()
        guard values.count >= 3,
              checkHolds(values.dropLast(2), values[values.endIndex - 2], cycle: 20),
              checkHolds(values.dropLast(), values[values.endIndex - 1], cycle: 15),
              let bytes = fullASCII(values.dropLast(2)) else { return nil }
        return LinearRead(symbology: .code93, bytes: bytes, firstRun: start, endRun: symbol.endRun, margin: symbol.margin)
    }

    /// Weights 1, 2, ... from the rightmost character, restarting after `cycle`; mod 47.
    private static func checkHolds(_ values: ArraySlice<Int>, _ check: Int, cycle: Int) -> Bool {
        var sum = 0
        for (i, v) in values.reversed().enumerated() { sum += (i % cycle + 1) * v }
        return sum % 47 == check
    }

    /// Values to ASCII: a shift character and the letter after it make one
    /// byte, by Code 39's full ASCII table.
    private static func fullASCII(_ values: ArraySlice<Int>) -> [UInt8]? {
        var bytes: [UInt8] = []
        var shift: UInt8?
        for v in values {
            if let s = shift {
                guard v < Code93Patterns.shiftDollar, let b = Code39Interpretation.shifted(s, Code93Patterns.alphabet[v]) else { return nil }
                bytes.append(b)
                shift = nil
            } else if v >= Code93Patterns.shiftDollar {
                shift = Code93Patterns.shiftCharacters[v - Code93Patterns.shiftDollar]
            } else {
                bytes.append(Code93Patterns.alphabet[v])
            }
        }
        return shift == nil ? bytes : nil
    }
}
