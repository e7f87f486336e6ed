/// The 2- and 5-digit add-ons (ISO/IEC 15420 annex) that follow an EAN/UPC
/// symbol on the same line: guard 1-1-2, then left-set digits separated by a
/// 1-1 (space, bar) delineator; their A/B parity pattern is the check.
/// Read only right after a main symbol, never alone: a lone add-on is too short
/// to be told from bar-like texture.
enum EANAddOnDecoder {
    /// Gap between the main symbol's last bar and the add-on's first bar, in the main symbol's modules at its end
    /// (the standard allows 7 to 12; one module of slack each side for measuring).
    static let gapModules: ClosedRange<Float> = 6...13

    /// EAN-5: parity (bit 4 = first digit, 1 = even/B) for each value of the weighted sum mod 10.
    static let parity5: [UInt8] = [
        0b11000, 0b10100, 0b10010, 0b10001, 0b01100,
        0b00110, 0b00011, 0b01010, 0b01001, 0b00101,
    ]

    /// The add-on after the light run `gapRun` (the main symbol's right quiet zone), if any.
    static func decode(_ w: UnsafeBufferPointer<Float>, gapRun: Int, mainModule: Float) -> LinearRead? {
        guard gapRun >= 0, gapRun < w.count, mainModule > 0 else { return nil }
        let gap = w[gapRun] / mainModule
        guard gapModules.contains(gap) else { return nil }
        return decode(w, gapRun: gapRun, digitCount: 5, mainModule: mainModule)
            ?? decode(w, gapRun: gapRun, digitCount: 2, mainModule: mainModule)
    }

    private static func decode(_ w: UnsafeBufferPointer<Float>, gapRun q: Int, digitCount: Int, mainModule: Float) -> LinearRead? {
        let runCount = 3 + 4 * digitCount + 2 * (digitCount - 1)
        let modules = Float(4 + 7 * digitCount + 2 * (digitCount - 1))
        let first = q + 1
        guard first + runCount < w.count else { return nil }
        let module = EANDecoder.span(w, at: first, count: runCount) / modules
        guard module >= 0.75 * mainModule, module <= 1.33 * mainModule,
              EANDecoder.isQuiet(w, at: first + runCount, module: module),
              EANDecoder.isGuard(w, at: first, count: 2, module: module),
              w[first + 2] >= 1.3 * module, w[first + 2] <= 2.7 * module else { return nil }
        let starts = (0..<digitCount).map { first + 3 + 6 * $0 }
        for at in starts.dropFirst() where !EANDecoder.isGuard(w, at: at - 2, count: 2, module: module) { return nil }
        // The guard's first bar and space, and each delineator, span a module.
        let guards = [EANDecoder.GuardElements(start: first, count: 2, module: module)]
            + starts.dropFirst().map { EANDecoder.GuardElements(start: $0 - 2, count: 2, barFirst: false, module: module) }
        // Every digit clear: the parity pattern is too weak a check to
        // settle a near tie (an EAN-5 cut off by the frame's edge read as
        // an EAN-2 through one).
        guard let (read, bytes) = EANDecoder.digits(
            w, at: starts, left: digitCount, evenAllowed: true, modules: Array(repeating: module, count: digitCount), guards: guards, unclearAllowed: 0,
            spell: { isValid($0, digitCount: digitCount) ? $0.values.map { $0 + 48 } : nil })
        else { return nil }
        return LinearRead(symbology: digitCount == 2 ? .ean2 : .ean5, bytes: bytes,
                          firstRun: first, endRun: first + runCount, margin: read.margin)
    }

    /// Whether the parity pattern of `read`'s digits is the one their
    /// values call for: the add-on's only check.
    private static func isValid(_ read: EANDecoder.Digits, digitCount: Int) -> Bool {
        let digits = read.values
        if digitCount == 2 {
            return read.parity == UInt8((Int(digits[0]) * 10 + Int(digits[1])) % 4)  // as bits: 0 AA, 1 AB, 2 BA, 3 BB
        }
        let sum = 3 * (Int(digits[0]) + Int(digits[2]) + Int(digits[4])) + 9 * (Int(digits[1]) + Int(digits[3]))
        return read.parity == parity5[sum % 10]
    }
}
