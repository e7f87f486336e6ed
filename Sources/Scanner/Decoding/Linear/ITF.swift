/// Interleaved 2 of 5 (ISO/IEC 16390), including ITF-14.
///
/// Digits come in pairs: the five bars carry the first digit, the five spaces
/// between them the second; each digit has exactly two wide elements. Start is
/// four narrow runs (bar space bar space), stop is wide bar, narrow space, narrow bar.
/// Wide and narrow are told apart inside each group of five (the two widest are
/// wide, and the second widest must clearly exceed the third), so the reader
/// follows the symbol's own wide:narrow ratio (2:1 to 3:1) and slow changes of
/// scale along the line.
///
/// Rules against partial and random reads, since plain ITF has no check digit:
/// quiet zones of `quietNarrow` narrow widths (the standard asks 10; 7 tolerates
/// tight crops), at least `minDigits` digits, and a 14-digit read (ITF-14, the
/// common GS1 use) must carry a valid GS1 check digit.
enum ITFDecoder {
    static let minDigits = 6
    static let quietNarrow: Float = 7
    /// Second-widest over third-widest element of a group of five.
    static let minWideRatio: Float = 1.4

    /// Wide elements of digits 0...9, bit 4 = first element (weights 1, 2, 4, 7, parity).
    static let wideMask: [UInt8] = [
        0b00110, 0b10001, 0b01001, 0b11000, 0b00101,
        0b10100, 0b01100, 0b00011, 0b10010, 0b01010,
    ]

    static func decode(_ runs: ScanRuns) -> [LinearRead] {
        // Start (4 runs) and a stop (3) with its quiet zone.
        SymbolScan.reads(runs.widths, minimumRuns: 8) { decode($0, at: $1) }
    }

    private static func decode(_ w: UnsafeBufferPointer<Float>, at s: Int) -> LinearRead? {
        var narrow = (w[s] + w[s + 1] + w[s + 2] + w[s + 3]) / 4
        for i in s..<(s + 4) where w[i] < 0.5 * narrow || w[i] > 1.6 * narrow { return nil }
        guard w[s - 1] >= quietNarrow * narrow else { return nil }
        var digits: [UInt8] = []
        var margin = Float.infinity
        var p = s + 4
        // Bounded: every step consumes 10 runs.
        while p + 3 < w.count {
            if isStop(w, at: p, narrow: narrow) {
                guard digits.count >= minDigits,
                      digits.count != 14 || GTIN.hasValidCheckDigit(String(decoding: digits, as: UTF8.self))
                else { return nil }
                return LinearRead(symbology: .itf, bytes: digits, firstRun: s, endRun: p + 3, margin: margin)
            }
            guard p + 10 <= w.count,
                  let bars = group(w, at: p, narrow: narrow),
                  let spaces = group(w, at: p + 1, narrow: narrow) else { return nil }
            digits.append(bars.digit + 48)
            digits.append(spaces.digit + 48)
            margin = min(margin, bars.margin, spaces.margin)
            narrow = 0.5 * narrow + 0.25 * (bars.narrow + spaces.narrow)  // follow perspective
            p += 10
        }
        return nil
    }

    /// Wide bar, narrow space, narrow bar, then a quiet zone.
    private static func isStop(_ w: UnsafeBufferPointer<Float>, at p: Int, narrow: Float) -> Bool {
        w[p] >= 1.5 * narrow && w[p] <= 4 * narrow &&
            w[p + 1] >= 0.5 * narrow && w[p + 1] <= 1.6 * narrow &&
            w[p + 2] >= 0.5 * narrow && w[p + 2] <= 1.6 * narrow &&
            w[p + 3] >= quietNarrow * narrow
    }

    /// The digit of five elements at `p`, `p+2`, ..., `p+8`; nil unless exactly two are clearly wide
    /// and their narrow width agrees with the line's (within 0.5x...2x).
    private static func group(_ w: UnsafeBufferPointer<Float>, at p: Int, narrow: Float)
        -> (digit: UInt8, margin: Float, narrow: Float)?
    {
        // The two widest and the third widest of the five.
        var first = -1, second = -1
        for k in 0..<5 {
            let v = w[p + 2 * k]
            if first < 0 || v > w[p + 2 * first] { second = first; first = k }
            else if second < 0 || v > w[p + 2 * second] { second = k }
        }
        var third: Float = 0, narrowSum: Float = 0
        for k in 0..<5 where k != first && k != second {
            third = max(third, w[p + 2 * k])
            narrowSum += w[p + 2 * k]
        }
        let wide2 = w[p + 2 * second]
        let groupNarrow = narrowSum / 3
        guard third > 0, wide2 / third >= minWideRatio,
              groupNarrow >= 0.5 * narrow, groupNarrow <= 2 * narrow,
              w[p + 2 * first] <= 4 * groupNarrow else { return nil }
        let mask = UInt8(1 << (4 - first) | 1 << (4 - second))
        guard let digit = wideMask.firstIndex(of: mask) else { return nil }
        return (UInt8(digit), (wide2 - third) / groupNarrow, groupNarrow)
    }
}
