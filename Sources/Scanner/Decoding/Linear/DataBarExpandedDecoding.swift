// The bit field of DataBar Expanded (ISO/IEC 24724 §7.2.5): a linkage flag,
// an encodation method (compressed AI (01) with weights, prices or dates),
// then the general-purpose field in numeric, alphanumeric and ISO 646 modes.
// Output: the GS1 element string as transmitted (FNC1 → 0x1D between fields).

/// A bit string, most significant bit first.
struct DataBarBits: Sendable, Hashable {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> i) & 1 == 1) }
    }

    /// `count` bits from `position` as a number, nil past the end.
    func value(at position: Int, count: Int) -> Int? {
        guard position >= 0, count >= 0, count <= 30, position + count <= bits.count else { return nil }
        var v = 0
        for i in position..<(position + count) { v = v << 1 | (bits[i] ? 1 : 0) }
        return v
    }
}

enum DataBarExpandedDecoding {
    static let separator: UInt8 = 0x1D

    static func decode(_ bits: DataBarBits) -> [UInt8]? {
        var out: [UInt8] = []
        var p = 1 // the linkage flag is not data
        guard let first = bits.value(at: p, count: 1) else { return nil }
        if first == 1 { // method 1: (01) with a 13-digit GTIN, then general purpose
            p += 1 + 2 // variable length field
            guard let d = bits.value(at: p, count: 4), d <= 9, let gtin = gtin(bits, at: p + 4, lead: [UInt8(d)]) else { return nil }
            out += gtin
            p += 4 + 40
        } else {
            guard let two = bits.value(at: p, count: 2) else { return nil }
            if two == 0 { // method 00: general purpose only
                p += 2 + 2
            } else if let four = bits.value(at: p, count: 4), four == 0b0100 || four == 0b0101 {
                p += 4
                guard let g = gtin(bits, at: p, lead: [9]), let weight = bits.value(at: p + 40, count: 15) else { return nil }
                out += g
                if four == 0b0100 {
                    out += ascii("3103") + digits(weight, 6)
                } else {
                    out += weight < 10000 ? ascii("3202") + digits(weight, 6) : ascii("3203") + digits(weight - 10000, 6)
                }
                p += 55
            } else if let five = bits.value(at: p, count: 5), five == 0b01100 || five == 0b01101 {
                p += 5 + 2 // method, variable length field
                guard let g = gtin(bits, at: p, lead: [9]), let x = bits.value(at: p + 40, count: 2) else { return nil }
                out += g + ascii(five == 0b01100 ? "392" : "393") + digits(x, 1)
                p += 42
                if five == 0b01101 {
                    guard let currency = bits.value(at: p, count: 10), currency < 1000 else { return nil }
                    out += digits(currency, 3)
                    p += 10
                }
            } else if let seven = bits.value(at: p, count: 7), seven >> 3 == 0b0111 {
                p += 7
                guard let g = gtin(bits, at: p, lead: [9]), let weight = bits.value(at: p + 40, count: 20),
                      let date = bits.value(at: p + 60, count: 16) else { return nil }
                out += g
                let x = weight / 100_000
                guard x <= 9 else { return nil }
                out += ascii(seven & 1 == 0 ? "310" : "320") + digits(x, 1) + digits(weight % 100_000, 6)
                if date != 38400 {
                    let dateAI = ["11", "13", "15", "17"][(seven >> 1) & 3]
                    guard let yymmdd = self.date(date) else { return nil }
                    out += ascii(dateAI) + yymmdd
                }
                p += 76
                // These methods are fixed length: nothing follows.
                return p <= bits.count ? out : nil
            } else {
                return nil
            }
        }
        return elementString(bits, from: p) { out + $0 }
    }

    /// The general-purpose field from bit `p` to the end, read from `mode` (numeric unless a
    /// composite's method "11" says otherwise), made an element string by `joined` (what the
    /// fields before it carry, put in front; nil when they cannot be joined). ISO/IEC 24724:2011
    /// has an FNC1 in alphanumeric or ISO 646 mode return to numeric; earlier encoders latched
    /// back explicitly, and their "000" latch reads as the start of an alphanumeric latch under
    /// the newer rule. Where the newer reading is no GS1 element string, the older one is taken
    /// if it is.
    static func elementString(_ bits: DataBarBits, from p: Int, in mode: Mode = .numeric,
                              joined: ([UInt8]) -> [UInt8]?) -> [UInt8]? {
        let modern = generalPurpose(bits, from: p, in: mode, fnc1LatchesNumeric: true).flatMap(joined).map(trimmed)
        if let modern, case .success = GS1ElementString.parse(modern) { return modern }
        if let legacy = generalPurpose(bits, from: p, in: mode, fnc1LatchesNumeric: false).flatMap(joined).map(trimmed),
           case .success = GS1ElementString.parse(legacy) { return legacy }
        return modern
    }

    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        while bytes.last == separator { bytes.removeLast() }
        return bytes
    }

    /// "01" + a GTIN-14: `lead` digits, then 12 digits in four 10-bit groups, then the check digit.
    private static func gtin(_ bits: DataBarBits, at p: Int, lead: [UInt8]) -> [UInt8]? {
        var d = lead
        for k in 0..<4 {
            guard let v = bits.value(at: p + 10 * k, count: 10), v < 1000 else { return nil }
            d += [UInt8(v / 100), UInt8(v / 10 % 10), UInt8(v % 10)]
        }
        var sum = 0
        for (i, x) in d.enumerated() { sum += Int(x) * (i % 2 == 0 ? 3 : 1) }
        d.append(UInt8((10 - sum % 10) % 10))
        return ascii("01") + d.map { $0 + 48 }
    }

    /// A 16-bit date field, (year × 12 + month − 1) × 32 + day, as YYMMDD; nil past year 99.
    static func date(_ value: Int) -> [UInt8]? {
        let day = value % 32, month = value / 32 % 12 + 1, year = value / 384
        return year <= 99 ? digits(year, 2) + digits(month, 2) + digits(day, 2) : nil
    }

    static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }

    static func digits(_ v: Int, _ n: Int) -> [UInt8] {
        var out = [UInt8](repeating: 48, count: n)
        var v = v
        for i in stride(from: n - 1, through: 0, by: -1) { out[i] = UInt8(48 + v % 10); v /= 10 }
        return out
    }

    /// The general-purpose field's modes.
    enum Mode { case numeric, alphanumeric, iso646 }

    /// The general-purpose field from bit `start`, in `mode`, to the end.
    private static func generalPurpose(_ bits: DataBarBits, from start: Int, in mode: Mode, fnc1LatchesNumeric: Bool) -> [UInt8]? {
        var out: [UInt8] = []
        var p = start
        var mode = mode
        let end = bits.count
        while p < end {
            switch mode {
            case .numeric:
                if p + 7 > end { // a last single digit in 4 bits, or padding
                    if let v = bits.value(at: p, count: 4), v >= 1, v <= 10 { out.append(UInt8(47 + v)) }
                    return out
                }
                if bits.value(at: p, count: 4) == 0 { mode = .alphanumeric; p += 4; continue }
                guard let v = bits.value(at: p, count: 7), v >= 8 else { return nil }
                let a = (v - 8) / 11, b = (v - 8) % 11
                out.append(a == 10 ? separator : UInt8(48 + a))
                out.append(b == 10 ? separator : UInt8(48 + b))
                p += 7
            case .alphanumeric, .iso646:
                if bits.value(at: p, count: 3) == 0 { mode = .numeric; p += 3; continue }
                guard let five = bits.value(at: p, count: 5) else { return out } // padding
                if five == 0b00100 { mode = mode == .alphanumeric ? .iso646 : .alphanumeric; p += 5; continue }
                if five >= 5 && five <= 14 { out.append(UInt8(48 + five - 5)); p += 5; continue }
                if five == 15 { out.append(separator); if fnc1LatchesNumeric { mode = .numeric }; p += 5; continue }
                if mode == .alphanumeric {
                    guard let six = bits.value(at: p, count: 6) else { return out }
                    if six >= 32 && six <= 57 { out.append(UInt8(65 + six - 32)) }
                    else if six >= 58 && six <= 62 { out.append(Array("*,-./".utf8)[six - 58]) }
                    else { return nil }
                    p += 6
                } else {
                    guard let seven = bits.value(at: p, count: 7) else { return out }
                    if seven >= 64 && seven <= 89 { out.append(UInt8(65 + seven - 64)); p += 7; continue }
                    if seven >= 90 && seven <= 115 { out.append(UInt8(97 + seven - 90)); p += 7; continue }
                    guard let eight = bits.value(at: p, count: 8), eight >= 232, eight <= 252 else { return nil }
                    out.append(Array("!\"%&'()*+,-./:;<=>?_ ".utf8)[eight - 232])
                    p += 8
                }
            }
        }
        return out
    }
}
