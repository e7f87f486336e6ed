/// EAN-13, UPC-A and EAN-8 (ISO/IEC 15420), plus the shared EAN/UPC machinery
/// (digit patterns, guards, quiet zones) that UPC-E and the add-ons use.
///
/// Reads left to right only; `LinearLineDecoder` also offers the reversed line.
/// A symbol needs a quiet zone of `quietModules` on both sides, measured
/// against its own module size (the standard asks 11/7 modules for EAN-13, 7/7
/// for EAN-8, 9/7 for UPC-E; 5 tolerates photos cropped close to the bars,
/// while still refusing a symbol-sized window inside a wider bar pattern).
enum EANDecoder {
    /// A digit is accepted only if its best pattern beats the second by this many modules
    /// (summed over its 4 runs). Neighbouring patterns lie 2 modules apart, so a run pattern halfway
    /// between two digits has margin 0; clean symbols have margin near 2.
    static let minMargin: Float = 0.5
    /// And its best pattern must lie within this distance (modules, summed over 4 runs).
    static let maxDistance: Float = 2.0
    static let quietModules: Float = 5

    /// Left-side digit patterns as run widths in modules, light run first:
    /// 0...9 the odd-parity set A (L), 10...19 the even-parity set B (G, set A reversed).
    /// Right-hand set C (R) has set A's widths starting with a bar, so it matches against 0...9.
    static let digitSet: WidthPatternSet = {
        let setA: [[UInt8]] = [
            [3, 2, 1, 1], [2, 2, 2, 1], [2, 1, 2, 2], [1, 4, 1, 1], [1, 1, 3, 2],
            [1, 2, 3, 1], [1, 1, 1, 4], [1, 3, 1, 2], [1, 2, 1, 3], [3, 1, 1, 2],
        ]
        return WidthPatternSet(patterns: setA + setA.map { $0.reversed() }, modulesPerCharacter: 7)
    }()

    /// EAN-13: the parity of the six left digits (bit 5 = first, 1 = even/B) for leading digit 0...9.
    static let leadingDigitParity: [UInt8] = [
        0b000000, 0b001011, 0b001101, 0b001110, 0b010011,
        0b011001, 0b011100, 0b010101, 0b010110, 0b011010,
    ]

    struct Digit {
        var value: Int
        var isEven: Bool
        var margin: Float
        /// The second-best pattern, and whether a third also lies within
        /// `minMargin` of the best.
        var runnerUp: (value: Int, isEven: Bool)
        var thirdIsClose: Bool

        var isClear: Bool { margin >= minMargin }
    }

    /// The digit whose 4 runs start at `at`, or nil if the match is not clear, or its width is off
    /// by more than 30% from 7 modules of `module`.
    static func digit(_ w: UnsafeBufferPointer<Float>, at: Int, evenAllowed: Bool, module: Float) -> Digit? {
        var asMeasured: CalibratedMatcher? = nil
        return reading(w, at: at, evenAllowed: evenAllowed, module: module, barFirst: false, calibration: &asMeasured).flatMap { $0.isClear ? $0 : nil }
    }

    /// The best digit for the 4 runs at `at`, clear or not, through
    /// `calibration` when there is one (the line's own widths mapped back to
    /// modules, `CalibratedMatcher`), which then learns from a clear digit.
    /// Only the calibration tells bars from spaces: `barFirst` for a
    /// right-hand digit (set C). Nil when no pattern lies within
    /// `maxDistance`, or the width is off by more than 30% from 7 modules of
    /// `module`, the module at its place (`ModuleRamp`).
    static func reading(
        _ w: UnsafeBufferPointer<Float>, at: Int, evenAllowed: Bool, module: Float, barFirst: Bool, calibration: inout CalibratedMatcher?
    ) -> Digit? {
        guard at >= 0, at + 4 <= w.count else { return nil }
        let width = w[at] + w[at + 1] + w[at + 2] + w[at + 3]
        guard abs(width - 7 * module) <= 0.3 * 7 * module else { return nil }
        let allowed = evenAllowed ? 0..<20 : 0..<10
        let found = calibration == nil
            ? digitSet.match(w, at: at, allowed: allowed)
            : calibration?.match(w, at: at, allowed: allowed, barFirst: barFirst)
        guard let m = found, m.distance <= maxDistance else { return nil }
        let digit = Digit(
            value: m.index % 10, isEven: m.index >= 10, margin: m.margin,
            runnerUp: (m.runnerUp % 10, m.runnerUp >= 10), thirdIsClose: m.thirdMargin < minMargin)
        if digit.isClear { calibration?.learn(w, at: at, pattern: m.index, barFirst: barFirst) }
        return digit
    }

    /// `count` runs from `at`, each about one module (guards are 1-module bars and spaces).
    static func isGuard(_ w: UnsafeBufferPointer<Float>, at: Int, count: Int, module: Float) -> Bool {
        guard at >= 0, at + count <= w.count else { return false }
        for i in at..<(at + count) where w[i] < 0.4 * module || w[i] > 1.9 * module { return false }
        return true
    }

    /// The width of `count` runs from `at`.
    static func span(_ w: UnsafeBufferPointer<Float>, at: Int, count: Int) -> Float {
        var s: Float = 0
        for i in at..<(at + count) { s += w[i] }
        return s
    }

    /// True if the light run `at` is at least `quietModules` wide.
    static func isQuiet(_ w: UnsafeBufferPointer<Float>, at: Int, module: Float) -> Bool {
        at >= 0 && at < w.count && w[at] >= quietModules * module
    }

    static func decode(_ runs: ScanRuns) -> [LinearRead] {
        var reads: [LinearRead] = []
        runs.widths.withUnsafeBufferPointer { w in
            var s = 1
            while s + 3 < w.count {
                guard let (read, module) = decodeMain(w, at: s) else { s += 2; continue }
                reads.append(read)
                if let addOn = EANAddOnDecoder.decode(w, gapRun: read.endRun, mainModule: module) {
                    reads.append(addOn)
                    s = addOn.endRun + 1
                } else {
                    s = read.endRun + 1
                }
            }
        }
        return reads
    }

    /// The main symbol (EAN-13/UPC-A, EAN-8 or UPC-E) whose start guard's first bar is run `s`, with its module size.
    private static func decodeMain(_ w: UnsafeBufferPointer<Float>, at s: Int) -> (LinearRead, Float)? {
        // Cheap pre-check: three similar guard runs after a wide light run.
        let g = (w[s] + w[s + 1] + w[s + 2]) / 3
        guard w[s - 1] >= quietModules * 0.5 * g else { return nil }
        if let r = decodeEAN(w, at: s, halfDigits: 6) { return r }
        if let r = decodeEAN(w, at: s, halfDigits: 4) { return r }
        if let r = UPCEDecoder.decode(w, at: s) { return r }
        return nil
    }

    /// Digits read on one line: their values, the parity bits of those read
    /// light first (1: even, set B), the least margin, and the digits that
    /// did not win clearly.
    struct Digits {
        var values: [UInt8] = []
        var parity: UInt8 = 0
        var margin = Float.infinity
        var unclear: [Unclear] = []

        /// A digit whose runner-up came within `minMargin`: where it is, and
        /// the runner-up's value and parity bit (`parityBit` 0 for a
        /// right-hand digit, whose parity is fixed).
        struct Unclear {
            var position: Int, value: UInt8, parityBit: UInt8, isEven: Bool
        }

        /// This reading and what it spells, when it spells something
        /// (`spell`: the symbology's check) and is the only reading that
        /// does among those that take either candidate for each unclear
        /// digit; otherwise nil. A near tie is no guess when the check
        /// decides it: one digit's runner-up always breaks the check digit,
        /// but two unclear digits may both be wrong and still pass it, and
        /// then nothing is read. Nor is a runner-up ever taken for the best:
        /// that correction misread EAN-13 renders at one pixel a module.
        func resolved<Spelled>(_ spell: (Digits) -> Spelled?) -> (digits: Digits, spelled: Spelled)? {
            guard let spelled = spell(self) else { return nil }
            for subset in 1..<(1 << unclear.count) {
                var other = self
                for (k, digit) in unclear.enumerated() where subset & (1 << k) != 0 {
                    other.values[digit.position] = digit.value
                    other.parity = digit.isEven ? other.parity | digit.parityBit : other.parity & ~digit.parityBit
                }
                if spell(other) != nil { return nil }
            }
            return (self, spelled)
        }
    }

    /// At most this many unclear digits in one reading: each doubles the
    /// readings the check must choose among, and a line with more is noise.
    static let maxUnclearDigits = 4

    /// One-module elements of a symbol's guards on a line: `count` runs from
    /// `start`, a bar first unless `barFirst` is false, where the module is
    /// `module` pixels.
    struct GuardElements {
        var start: Int, count: Int, barFirst = true, module: Float
    }

    /// The digits whose 4 runs start at `starts`, of `modules` pixels a
    /// module each (the first `left` light
    /// first, set A or, with `evenAllowed`, set B; the rest dark first, set
    /// C), as measured; or else through the line's own width calibration
    /// (`CalibratedMatcher`), learnt first from `guards` and then from each
    /// clear digit. Thin or thick print and blur move a bar's edges alike in
    /// every character: a 2-module bar printed 0.6 modules thin lies between
    /// two digits as measured, and the calibration puts it back. Either way
    /// the check must single out one reading (`Digits.resolved`), among at
    /// most `unclearAllowed` unclear digits; it is returned with what it spells.
    static func digits<Spelled>(
        _ w: UnsafeBufferPointer<Float>, at starts: [Int], left: Int, evenAllowed: Bool, modules: [Float], guards: [GuardElements],
        unclearAllowed: Int = maxUnclearDigits, spell: (Digits) -> Spelled?
    ) -> (digits: Digits, spelled: Spelled)? {
        var asMeasured: CalibratedMatcher? = nil
        if let read = digits(w, at: starts, left: left, evenAllowed: evenAllowed, modules: modules, unclearAllowed: unclearAllowed, calibration: &asMeasured)?
            .resolved(spell) { return read }
        var matcher = CalibratedMatcher(digitSet)
        for element in guards { matcher.learnModules(w, at: element.start, count: element.count, module: element.module, barFirst: element.barFirst) }
        var calibration: CalibratedMatcher? = matcher
        return digits(w, at: starts, left: left, evenAllowed: evenAllowed, modules: modules, unclearAllowed: unclearAllowed, calibration: &calibration)?
            .resolved(spell)
    }

    /// Every digit at `starts` (`reading`), or nil at the first that matches
    /// nothing, is ambiguous three ways, or is one unclear digit too many.
    private static func digits(
        _ w: UnsafeBufferPointer<Float>, at starts: [Int], left: Int, evenAllowed: Bool, modules: [Float], unclearAllowed: Int,
        calibration: inout CalibratedMatcher?
    ) -> Digits? {
        var read = Digits()
        for (k, at) in starts.enumerated() {
            let isLeft = k < left
            guard let d = reading(w, at: at, evenAllowed: isLeft && evenAllowed, module: modules[k], barFirst: !isLeft, calibration: &calibration)
            else { return nil }
            if !d.isClear {
                guard !d.thirdIsClose, read.unclear.count < unclearAllowed else { return nil }
                let parityBit: UInt8 = isLeft ? 1 << (left - 1 - k) : 0
                read.unclear.append(Digits.Unclear(position: k, value: UInt8(d.runnerUp.value), parityBit: parityBit, isEven: d.runnerUp.isEven))
            }
            if isLeft { read.parity = read.parity << 1 | (d.isEven ? 1 : 0) }
            read.values.append(UInt8(d.value))
            read.margin = min(read.margin, d.margin)
        }
        return read
    }

    /// Digit `k` of an EAN-13 or UPC-A (`halfDigits` 6) or an EAN-8 (4)
    /// whose start guard's first bar is run `s`: its first run, and its
    /// centre in modules from the symbol's start.
    static func digitRun(_ k: Int, from s: Int, halfDigits: Int) -> Int {
        s + 3 + 4 * k + (k < halfDigits ? 0 : 5)
    }

    static func digitCentre(_ k: Int, halfDigits: Int) -> Float {
        Float(3 + 7 * k + (k < halfDigits ? 0 : 5)) + 3.5
    }

    /// Its modules from guard to guard.
    static func symbolModules(halfDigits: Int) -> Float {
        Float(3 + 14 * halfDigits + 5 + 3)
    }

    /// EAN-13 (halfDigits 6) or EAN-8 (halfDigits 4) starting at bar run `s`,
    /// with the module at its end, where an add-on follows.
    private static func decodeEAN(_ w: UnsafeBufferPointer<Float>, at s: Int, halfDigits: Int) -> (LinearRead, Float)? {
        let runCount = 3 + 8 * halfDigits + 5 + 3
        let modules = symbolModules(halfDigits: halfDigits)
        guard s + runCount < w.count else { return nil }  // the right quiet zone run must exist
        guard let ramp = ModuleRamp(w, symbolAt: s, halfDigits: halfDigits) else { return nil }
        let centre = s + 3 + 4 * halfDigits
        // The module at each guard's middle.
        let (startGuard, centreGuard, endGuard) = (
            ramp.module(at: 1.5), ramp.module(at: Float(3 + 7 * halfDigits) + 2.5), ramp.module(at: modules - 1.5)
        )
        guard isQuiet(w, at: s - 1, module: ramp.module(at: 0)), isQuiet(w, at: s + runCount, module: ramp.module(at: modules)),
              isGuard(w, at: s, count: 3, module: startGuard),
              isGuard(w, at: centre, count: 5, module: centreGuard),
              isGuard(w, at: s + runCount - 3, count: 3, module: endGuard) else { return nil }
        let starts = (0..<(2 * halfDigits)).map { digitRun($0, from: s, halfDigits: halfDigits) }
        let digitModules = (0..<(2 * halfDigits)).map { ramp.module(at: digitCentre($0, halfDigits: halfDigits)) }
        let guards = [
            GuardElements(start: s, count: 3, module: startGuard),
            GuardElements(start: centre + 1, count: 3, module: centreGuard),
            GuardElements(start: s + runCount - 3, count: 3, module: endGuard),
        ]
        guard let (read, (symbology, bytes)) = digits(w, at: starts, left: halfDigits, evenAllowed: halfDigits == 6, modules: digitModules,
                                                      guards: guards, spell: { symbol($0, halfDigits: halfDigits) })
        else { return nil }
        return (LinearRead(symbology: symbology, bytes: bytes, firstRun: s, endRun: s + runCount, margin: read.margin), ramp.module(at: modules))
    }

    /// The EAN-13 or UPC-A (`halfDigits` 6) or EAN-8 (4) that `read` spells,
    /// or nil when its parity pattern or check digit is wrong.
    private static func symbol(_ read: Digits, halfDigits: Int) -> (Symbology, [UInt8])? {
        var digits = read.values
        let symbology: Symbology
        if halfDigits == 6 {
            guard let lead = leadingDigitParity.firstIndex(of: read.parity) else { return nil }
            if lead == 0 {
                symbology = .upca
            } else {
                digits.insert(UInt8(lead), at: 0)
                symbology = .ean13
            }
        } else {
            guard read.parity == 0 else { return nil }
            symbology = .ean8
        }
        let bytes = digits.map { $0 + 48 }
        guard GTIN.hasValidCheckDigit(String(decoding: bytes, as: UTF8.self)) else { return nil }
        return (symbology, bytes)
    }
}
