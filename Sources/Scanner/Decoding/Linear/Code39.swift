/// Code 39 (ISO/IEC 16388) on one scan line, read left to right. Reports the
/// drawn characters between the `*` start and stop: no check character is
/// assumed (an optional mod-43 one stays in the data) and full ASCII / Code 32
/// are left to `Code39Interpretation`.
enum Code39 {
    /// Half the standard's 10 narrow widths, for photos cropped close.
    static let quietZoneNarrows: Float = 5
    /// Every element of a character must lie at least this far (0-1) from the
    /// halfway point between narrow and wide.
    static let minConfidence: Float = 0.3
    /// The standard allows 2.0-3.0. Blur pulls the measured ratio down (a 2:1
    /// symbol blurred by a third of a module measures about 1.6), print growth
    /// moves it either way.
    static let ratios: ClosedRange<Float> = 1.4...3.6
    /// Inter-character gap, in narrow widths: the standard's largest is 5.3.
    static let maxGapNarrows: Float = 5.3

    /// The 43 characters and `*` (value 43), by their wide elements as a 9-bit
    /// mask, first element (a bar) in the high bit.
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%*".utf8)
    static let masks: [UInt16] = [
        0x034, 0x121, 0x061, 0x160, 0x031, 0x130, 0x070, 0x025, 0x124, 0x064, // 0-9
        0x109, 0x049, 0x148, 0x019, 0x118, 0x058, 0x00D, 0x10C, 0x04C, 0x01C, // A-J
        0x103, 0x043, 0x142, 0x013, 0x112, 0x052, 0x007, 0x106, 0x046, 0x016, // K-T
        0x181, 0x0C1, 0x1C0, 0x091, 0x190, 0x0D0, 0x085, 0x184, 0x0C4,        // U-Z - . space
        0x0A8, 0x0A2, 0x08A, 0x02A, 0x094,                                    // $ / + % *
    ]
    static let star = 43

    private static let starLayout: [Bool] = (0..<9).map { masks[star] & (1 << (8 - $0)) != 0 }

    static func decode(_ runs: ScanRuns) -> [LinearRead] {
        // Start, one character, stop (9 runs each, two gaps), trailing quiet zone.
        SymbolScan.reads(RunWidths.sanitized(runs), minimumRuns: 30) { symbol($0, from: $1) }
    }

    /// The value (0-43) of the 9 runs from `start`, and its confidence; nil unless
    /// exactly three elements are wide in a valid layout and all are clear.
    static func character(_ runs: UnsafeBufferPointer<Float>, at start: Int,
                          _ classifier: TwoWidthClassifier) -> (value: Int, confidence: Float)? {
        guard start >= 0, start <= runs.count - 9 else { return nil }
        var total: Float = 0
        for i in 0..<9 { total += runs[start + i] }
        // Five bars and four spaces: one spread too many in the total.
        let scale = (total - classifier.spread) / (6 * classifier.narrow + 3 * classifier.wide)
        guard scale > 0 else { return nil }
        var mask: UInt16 = 0
        var confidence: Float = 1
        for i in 0..<9 {
            let e = classifier.classify(runs[start + i], isBar: i % 2 == 0, scale: scale)
            confidence = min(confidence, e.confidence)
            mask = mask << 1 | (e.isWide ? 1 : 0)
        }
        guard confidence >= minConfidence, let value = masks.firstIndex(of: mask) else { return nil }
        return (value, confidence)
    }

    private static func symbol(_ runs: UnsafeBufferPointer<Float>, from start: Int) -> LinearRead? {
        guard let classifier = TwoWidthClassifier(runs, at: start, wide: starLayout, ratios: ratios),
              let first = character(runs, at: start, classifier), first.value == star,
              runs[start - 1] + classifier.spread >= quietZoneNarrows * classifier.narrow else { return nil }
        var bytes: [UInt8] = []
        var confidence = first.confidence
        var position = start + 9
        while true {
            // Gap, character, and after the stop a quiet zone.
            guard position + 11 <= runs.count,
                  runs[position] + classifier.spread <= maxGapNarrows * classifier.narrow,
                  let c = character(runs, at: position + 1, classifier) else { return nil }
            confidence = min(confidence, c.confidence)
            position += 10
            if c.value == star { break }
            bytes.append(alphabet[c.value])
        }
        guard !bytes.isEmpty,
              runs[position] + classifier.spread >= quietZoneNarrows * classifier.narrow else { return nil }
        return LinearRead(symbology: .code39, bytes: bytes, firstRun: start, endRun: position,
                          margin: confidence)
    }
}
