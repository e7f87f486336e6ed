/// What a Code 39 symbol's characters mean, beyond the 43 it can draw.
///
/// zbar returns the drawn characters. Two conventions give them meaning:
/// full ASCII, where `+A` is `a` and `%U` is NUL, and Code 32, the Italian
/// pharmacode, where six base-32 characters carry a nine-digit number shown
/// as `A` and the digits. Each applies only when the characters are
/// well-formed for it (every shift has a valid partner; the Code 32 check
/// digit is right), so an ordinary Code 39 payload passes unchanged.
enum Code39Interpretation {
    static func interpret(_ bytes: [UInt8]) -> [UInt8] {
        code32(bytes) ?? fullASCII(bytes) ?? bytes
    }

    /// `+A` → `a` and so on; `nil` if there is no shift or one is malformed.
    static func fullASCII(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.contains(where: { "$%/+".utf8.contains($0) }) else { return nil }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let c = bytes[index]
            guard "$%/+".utf8.contains(c) else {
                result.append(c)
                index += 1
                continue
            }
            guard index + 1 < bytes.count, let decoded = shifted(c, bytes[index + 1]) else { return nil }
            result.append(decoded)
            index += 2
        }
        return result
    }

    /// The full ASCII byte of a shift character (`$ % / +`) and a letter,
    /// nil for a pair the table leaves out. Code 93 uses the same table,
    /// with shift characters of its own.
    static func shifted(_ shift: UInt8, _ letter: UInt8) -> UInt8? {
        guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(letter) else { return nil }
        let n = letter - UInt8(ascii: "A")
        switch shift {
        case UInt8(ascii: "$"): return n + 1  // $A..$Z: 0x01..0x1A
        case UInt8(ascii: "+"): return n + UInt8(ascii: "a")
        case UInt8(ascii: "/"):
            if n <= 14 { return n + 0x21 }  // /A../O: ! .. /
            return letter == UInt8(ascii: "Z") ? UInt8(ascii: ":") : nil
        default:  // %
            return percentShifted[Int(n)]
        }
    }

    private static let percentShifted: [UInt8] = [
        0x1B, 0x1C, 0x1D, 0x1E, 0x1F,  // %A..%E
        0x3B, 0x3C, 0x3D, 0x3E, 0x3F,  // %F..%J: ; < = > ?
        0x5B, 0x5C, 0x5D, 0x5E, 0x5F,  // %K..%O: [ \ ] ^ _
        0x7B, 0x7C, 0x7D, 0x7E, 0x7F,  // %P..%T: { | } ~ DEL
        0x00, 0x40, 0x60, 0x7F, 0x7F, 0x7F,  // %U NUL, %V @, %W `, %X..%Z DEL
    ]

    private static let code32Alphabet = Array("0123456789BCDFGHJKLMNPQRSTUVWXYZ".utf8)

    /// Six base-32 characters → `A` + nine digits, if the check digit holds.
    static func code32(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count == 6 else { return nil }
        var value = 0
        for c in bytes {
            guard let digit = code32Alphabet.firstIndex(of: c) else { return nil }
            value = value * 32 + digit
        }
        guard value < 1_000_000_000 else { return nil }
        let digits = String(value).leftPadded(to: 9).utf8.map { Int($0) - 48 }
        // Check: odd positions add, even positions add their doubled digit sum.
        var sum = 0
        for (i, d) in digits.prefix(8).enumerated() {
            sum += i.isMultiple(of: 2) ? d : (2 * d) / 10 + (2 * d) % 10
        }
        guard sum % 10 == digits[8] else { return nil }
        return Array(("A" + digits.map(String.init).joined()).utf8)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
