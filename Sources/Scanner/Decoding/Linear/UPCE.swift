/// UPC-E (ISO/IEC 15420): six digits whose odd/even parity pattern carries the
/// number system (0 or 1) and the check digit of the UPC-A it abbreviates.
/// Reported as 8 digits: number system, the six digits, check digit.
enum UPCEDecoder {
    /// Parity of the six digits (bit 5 = first, 1 = even/B) for check digit 0...9 in number system 0;
    /// number system 1 uses the complements.
    static let parityNS0: [UInt8] = [
        0b111000, 0b110100, 0b110010, 0b110001, 0b101100,
        0b100110, 0b100011, 0b101010, 0b101001, 0b100101,
    ]

    /// 3 guard runs, 6 digits, the 6-run end guard (space bar space bar space bar).
    static let runCount = 3 + 24 + 6
    static let modules: Float = 51

    static func decode(_ w: UnsafeBufferPointer<Float>, at s: Int) -> (LinearRead, Float)? {
        guard s >= 1, s + runCount < w.count else { return nil }
        let module = EANDecoder.span(w, at: s, count: runCount) / modules
        guard EANDecoder.isQuiet(w, at: s - 1, module: module),
              EANDecoder.isQuiet(w, at: s + runCount, module: module),
              EANDecoder.isGuard(w, at: s, count: 3, module: module),
              EANDecoder.isGuard(w, at: s + 27, count: 6, module: module) else { return nil }
        let guards = [EANDecoder.GuardElements(start: s, count: 3, module: module), EANDecoder.GuardElements(start: s + 27, count: 6, barFirst: false, module: module)]
        guard let (read, bytes) = EANDecoder.digits(
            w, at: (0..<6).map { s + 3 + 4 * $0 }, left: 6, evenAllowed: true, modules: Array(repeating: module, count: 6), guards: guards, spell: symbol)
        else { return nil }
        return (LinearRead(symbology: .upce, bytes: bytes, firstRun: s, endRun: s + runCount, margin: read.margin), module)
    }

    /// The 8 digits (number system, the six, check digit) that `read`
    /// spells, or nil when its parity pattern is no number system's or the
    /// check digit of the UPC-A it abbreviates is wrong.
    private static func symbol(_ read: EANDecoder.Digits) -> [UInt8]? {
        let (six, parity) = (read.values, read.parity)
        let numberSystem: UInt8
        let check: UInt8
        if let c = parityNS0.firstIndex(of: parity) {
            numberSystem = 0; check = UInt8(c)
        } else if let c = parityNS0.firstIndex(of: ~parity & 0b111111) {
            numberSystem = 1; check = UInt8(c)
        } else {
            return nil
        }
        let upca = expand(numberSystem: numberSystem, six) + [check]
        guard GTIN.hasValidCheckDigit(String(decoding: upca.map { $0 + 48 }, as: UTF8.self)) else { return nil }
        return ([numberSystem] + six + [check]).map { $0 + 48 }
    }

    /// The 11 UPC-A digits (without check digit) a UPC-E abbreviates; the last of the six says how
    /// the manufacturer and item numbers were zero-suppressed.
    static func expand(numberSystem ns: UInt8, _ d: [UInt8]) -> [UInt8] {
        guard d.count == 6 else { return [] }
        switch d[5] {
        case 0, 1, 2: return [ns, d[0], d[1], d[5], 0, 0, 0, 0, d[2], d[3], d[4]]
        case 3: return [ns, d[0], d[1], d[2], 0, 0, 0, 0, 0, d[3], d[4]]
        case 4: return [ns, d[0], d[1], d[2], d[3], 0, 0, 0, 0, 0, d[4]]
        default: return [ns, d[0], d[1], d[2], d[3], d[4], 0, 0, 0, 0, d[5]]
        }
    }
}
