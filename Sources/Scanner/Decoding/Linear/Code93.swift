/// Code 93 (AIM USS-93) on one scan line, read left to right: start, data,
/// check characters C and K (both must hold), stop and its 1-module
/// termination bar, between quiet zones. Full ASCII shifts are decoded.
enum Code93 {
    /// Half the standard's 10 modules, for photos cropped close; the two check
    /// characters carry the weight against random matches.
    static let quietZoneModules: Float = 5
    /// Acceptance of one character, as in `Code128`: patterns lie at least 2
    /// modules apart.
    static let maxDistance: Float = 1.8
    static let minMargin: Float = 0.6
    /// As in `Code128`: one module more or less (11%) is refused.
    static let maxWidthRatio: Float = 1.06

    static func decode(_ runs: ScanRuns) -> [LinearRead] {
        let widths = RunWidths.sanitized(runs)
        var matcher = CalibratedMatcher(Code93Patterns.set)
        return widths.withUnsafeBufferPointer { buffer in
            var reads: [LinearRead] = []
            var start = 1
            // Start + one data + C + K + stop (6 runs each), termination bar, quiet zone.
            while start + 31 <= buffer.count {
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

    static func character(_ runs: UnsafeBufferPointer<Float>, at start: Int,
                          _ matcher: inout CalibratedMatcher) -> WidthPatternSet.Match? {
        guard let m = matcher.match(runs, at: start),
              m.distance <= maxDistance, m.margin >= minMargin else { return nil }
        matcher.learn(runs, at: start, pattern: m.index)
        return m
    }

    private static func width(_ runs: UnsafeBufferPointer<Float>, _ start: Int) -> Float {
        var total: Float = 0
        for i in start..<(start + 6) { total += runs[i] }
        return total
    }

    private static func symbol(_ runs: UnsafeBufferPointer<Float>, from start: Int,
                               _ matcher: inout CalibratedMatcher) -> LinearRead? {
        // A first calibration from the start pattern alone, then it must win among all.
        matcher.reset()
        let star = Code93Patterns.startStop
        guard let guess = matcher.match(runs, at: start, allowed: star..<(star + 1)),
              guess.distance <= 2 * maxDistance else { return nil }
        matcher.learn(runs, at: start, pattern: star)
        guard let first = character(runs, at: start, &matcher), first.index == star else { return nil }
        var charWidth = width(runs, start)
        guard runs[start - 1] >= quietZoneModules * charWidth / 9 else { return nil }

        var values: [Int] = []
        var margin = first.margin
        var position = start + 6
        while true {
            guard position + 6 <= runs.count else { return nil }
            let w = width(runs, position)
            guard w <= charWidth * maxWidthRatio, w * maxWidthRatio >= charWidth,
                  let m = character(runs, at: position, &matcher) else { return nil }
            charWidth = 0.5 * (charWidth + w)  // follows perspective, averages edge noise
            margin = min(margin, m.margin)
            if m.index == Code93Patterns.startStop { break }
            values.append(m.index)
            position += 6
        }
        let module = charWidth / 9
        // Termination bar: one module, give or take blur and ink spread.
        guard position + 7 < runs.count,
              runs[position + 6] >= 0.4 * module, runs[position + 6] <= 2.0 * module,
              runs[position + 7] >= quietZoneModules * module else { return nil }

        guard values.count >= 3,
              checkHolds(values.dropLast(2), values[values.count - 2], cycle: 20),
              checkHolds(values.dropLast(), values[values.count - 1], cycle: 15),
              let bytes = fullASCII(values.dropLast(2)) else { return nil }
        return LinearRead(symbology: .code93, bytes: bytes, firstRun: start, endRun: position + 7,
                          margin: margin / 9)
    }

    /// Weights 1, 2, ... from the rightmost character, restarting after `cycle`; mod 47.
    private static func checkHolds(_ values: ArraySlice<Int>, _ check: Int, cycle: Int) -> Bool {
        var sum = 0
        for (i, v) in values.reversed().enumerated() { sum += (i % cycle + 1) * v }
        return sum % 47 == check
    }

    /// Values to ASCII: a shift character and the letter after it make one byte.
    private static func fullASCII(_ values: ArraySlice<Int>) -> [UInt8]? {
        var bytes: [UInt8] = []
        var shift: Int?
        for v in values {
            if let s = shift {
                guard (10...35).contains(v), let b = shifted(s, letter: v - 10) else { return nil }
                bytes.append(b)
                shift = nil
            } else if v >= Code93Patterns.shiftDollar {
                shift = v
            } else {
                bytes.append(Code93Patterns.alphabet[v])
            }
        }
        return shift == nil ? bytes : nil
    }

    /// The full ASCII table shared with Code 39 (ISO/IEC 16388 Annex), letter 0-25.
    private static func shifted(_ shift: Int, letter n: Int) -> UInt8? {
        switch shift {
        case Code93Patterns.shiftDollar: return UInt8(n + 1)            // SOH..SUB
        case Code93Patterns.shiftPlus: return UInt8(n + 0x61)           // a..z
        case Code93Patterns.shiftSlash:                                 // ! .. / and :
            if n <= 14 { return UInt8(n + 0x21) }
            return n == 25 ? 0x3A : nil
        default:                                                        // (%)
            switch n {
            case 0...4: return UInt8(0x1B + n)                          // ESC FS GS RS US
            case 5...9: return UInt8(0x3B + n - 5)                      // ; < = > ?
            case 10...14: return UInt8(0x5B + n - 10)                   // [ \ ] ^ _
            case 15...19: return UInt8(0x7B + n - 15)                   // { | } ~ DEL
            case 20: return 0x00
            case 21: return 0x40
            case 22: return 0x60
            default: return 0x7F                                        // X, Y, Z: DEL
            }
        }
    }
}
