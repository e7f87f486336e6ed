/// Codabar (as in ANSI/AIM BC3): characters of 4 bars and 3 spaces, each wide
/// or narrow, separated by a light intercharacter gap; the symbol starts and
/// ends with one of A, B, C, D, which stay in the payload as zbarimg prints
/// them (`A40156B`).
///
/// Wide/narrow is decided inside each character: it has either 2 wide
/// elements (digits, `-`, `$`) or 3 (`:` `/` `.` `+` and A-D), so the split
/// falls after the 5th or the 4th smallest width; the chosen split must be a
/// clear jump (ratio >= `minWideRatio`) and clearly larger than the other one.
///
/// Codabar has no check character, so: quiet zones of `quietNarrow` narrow
/// widths (standard 10), a narrow width consistent from each character to the
/// next, gaps no wider than `maxGapNarrow` narrow widths, and at least `minDataCharacters`
/// between start and stop. Shorter reads are what bar-like texture or text
/// yields by chance (each character is only 7 runs with 2-3 wide), while real
/// Codabar payloads (library, blood bank, courier numbers) are longer.
enum CodabarDecoder {
    static let minDataCharacters = 4
    static let quietNarrow: Float = 7
    static let maxGapNarrow: Float = 4
    static let minWideRatio: Float = 1.4
    /// The chosen split's ratio must exceed the other one's by this factor (else 2 vs 3 wide is a guess).
    static let splitDominance: Float = 1.25

    /// Characters and their wide elements (bit 6 = first bar, 1 = wide).
    static let alphabet: [UInt8] = Array("0123456789-$:/.+ABCD".utf8)
    static let wideMask: [UInt8] = [
        0b0000011, 0b0000110, 0b0001001, 0b1100000, 0b0010010,
        0b1000010, 0b0100001, 0b0100100, 0b0110000, 0b1001000,
        0b0001100, 0b0011000, 0b1000101, 0b1010001, 0b1010100,
        0b0010101, 0b0011010, 0b0101001, 0b0001011, 0b0001110,
    ]

    static func decode(_ runs: ScanRuns) -> [LinearRead] {
        // Start, a gap and the first run after it.
        SymbolScan.reads(runs.widths, minimumRuns: 9) { decode($0, at: $1) }
    }

    private static func isStartStop(_ c: UInt8) -> Bool { c >= UInt8(ascii: "A") && c <= UInt8(ascii: "D") }

    private static func decode(_ w: UnsafeBufferPointer<Float>, at s: Int) -> LinearRead? {
        guard let start = character(w, at: s), isStartStop(start.char),
              w[s - 1] >= quietNarrow * start.narrow else { return nil }
        var text: [UInt8] = [start.char]
        var margin = start.margin
        // The character before's: seen at a slant, the narrow width shrinks
        // along the symbol (a keystone of 20 % makes the stop character's
        // two thirds of the start's, and its quiet zone 7 of the start's).
        var narrow = start.narrow
        var p = s + 7
        // Bounded: every step consumes 8 runs.
        while p + 8 < w.count {
            guard w[p] <= maxGapNarrow * narrow, let c = character(w, at: p + 1),
                  c.narrow >= 0.6 * narrow, c.narrow <= 1.6 * narrow else { return nil }
            text.append(c.char)
            margin = min(margin, c.margin)
            narrow = c.narrow
            p += 8
            if isStartStop(c.char) {
                guard text.count >= minDataCharacters + 2, w[p] >= quietNarrow * narrow else { return nil }
                return LinearRead(symbology: .codabar, bytes: text, firstRun: s, endRun: p, margin: margin)
            }
        }
        return nil
    }

    /// The character of the 7 runs at `p` (a bar first), its margin (the jump at the split, in
    /// narrow widths) and its mean narrow width.
    private static func character(_ w: UnsafeBufferPointer<Float>, at p: Int) -> (char: UInt8, margin: Float, narrow: Float)? {
        guard p + 7 <= w.count else { return nil }
        // The four widest, descending (no allocation: this runs at every bar of every line).
        var t: (Float, Float, Float, Float) = (0, 0, 0, 0)
        var smallest = Float.infinity
        for k in 0..<7 {
            let x = w[p + k]
            smallest = min(smallest, x)
            if x > t.0 { t = (x, t.0, t.1, t.2) }
            else if x > t.1 { t = (t.0, x, t.1, t.2) }
            else if x > t.2 { t = (t.0, t.1, x, t.2) }
            else if x > t.3 { t.3 = x }
        }
        guard smallest > 0 else { return nil }
        let v6 = t.0, v5 = t.1, v4 = t.2, v3 = t.3
        let r2 = v5 / v4, r3 = v4 / v3
        let wideCount: Int
        if r2 >= minWideRatio && r2 >= splitDominance * r3 { wideCount = 2 }
        else if r3 >= minWideRatio && r3 >= splitDominance * r2 { wideCount = 3 }
        else { return nil }
        let threshold = wideCount == 2 ? v4 : v3  // the widest narrow element
        var mask: UInt8 = 0
        var narrowSum: Float = 0
        for k in 0..<7 {
            if w[p + k] > threshold { mask |= 1 << (6 - k) } else { narrowSum += w[p + k] }
        }
        guard let index = wideMask.firstIndex(of: mask) else { return nil }
        let narrow = narrowSum / Float(7 - wideCount)
        guard v6 <= 4 * narrow else { return nil }
        return (alphabet[index], ((wideCount == 2 ? v5 : v4) - threshold) / narrow, narrow)
    }
}
