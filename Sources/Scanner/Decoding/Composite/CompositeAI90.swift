/// Encodation method "11" of a 2D component's bit stream (ISO/IEC 24723 §5.3.2): AI (90) whose
/// data starts with a number 0-999 written without leading zeros and an uppercase letter,
/// perhaps followed by AI (21) or (8004), whose AI is then implied. After "11" come the mode
/// the rest of AI (90)'s data is in ("0" alphanumeric, "10" numeric, "11" alpha), the AI that
/// follows ("0" none implied, "10" 21, "11" 8004), then the number and letter: a number below 31
/// in 5 bits and a letter of Table 3 in 4, or 11111, the number in 10 bits and the letter in 5
/// (A = 0). In alpha mode the rest of AI (90)'s data follows in alpha encodation (§5.3.3) up
/// to its FNC1 and the general-purpose field starts in numeric mode; otherwise the field starts
/// in the mode given and its first FNC1 ends AI (90). The implied AI follows that FNC1.
enum CompositeAI90 {
    /// Table 3: the letters the short form codes in 4 bits.
    private static let shortLetters = Array("BDHIJKLNPQRSTVWZ".utf8)
    private static let separator = DataBarExpandedDecoding.separator

    private enum Mode { case alphanumeric, numeric, alpha }

    /// The element string whose bit stream has method "11" ending before bit `start`; nil when
    /// the bits are no such stream (the caller still checks it is a GS1 element string).
    static func elementString(_ bits: DataBarBits, from start: Int) -> [UInt8]? {
        var p = start
        guard let modeChoice = choice(bits, at: &p), let aiChoice = choice(bits, at: &p),
              let number = bits.value(at: p, count: 5) else { return nil }
        let mode = [Mode.alphanumeric, .numeric, .alpha][modeChoice]
        let implied = DataBarExpandedDecoding.ascii(["", "21", "8004"][aiChoice])
        var head = DataBarExpandedDecoding.ascii("90")
        if number < 31 {
            guard let letter = bits.value(at: p + 5, count: 4) else { return nil }
            head += leading(number) + [shortLetters[letter]]
            p += 9
        } else {
            guard let long = bits.value(at: p + 5, count: 10), long <= 999,
                  let letter = bits.value(at: p + 15, count: 5), letter < 26 else { return nil }
            head += leading(long) + [UInt8(65 + letter)]
            p += 20
        }
        if mode == .alpha {
            guard let (rest, end) = alpha(bits, from: p) else { return nil }
            head += rest
            p = end
        }
        return DataBarExpandedDecoding.elementString(bits, from: p, in: mode == .alphanumeric ? .alphanumeric : .numeric) { field in
            let joined = head + field
            guard !implied.isEmpty else { return joined }
            guard let end = joined.firstIndex(of: separator) else { return nil }
            return Array(joined[...end]) + implied + joined[(end + 1)...]
        }
    }

    /// A one- or two-bit choice, "0", "10" or "11", as 0, 1 or 2.
    private static func choice(_ bits: DataBarBits, at p: inout Int) -> Int? {
        guard let first = bits.value(at: p, count: 1) else { return nil }
        guard first == 1 else { p += 1; return 0 }
        guard let second = bits.value(at: p + 1, count: 1) else { return nil }
        p += 2
        return 1 + second
    }

    /// The number before the letter: no digits for 0, none leading.
    private static func leading(_ number: Int) -> [UInt8] {
        number == 0 ? [] : DataBarExpandedDecoding.ascii(String(number))
    }

    /// Alpha encodation from bit `start`: a letter in 5 bits (A = 0), a digit in 6 (0 = 52, so
    /// its first 5 are 26-30), 11111 the FNC1 that ends it (kept), or the end of the bits. The
    /// characters and where the general-purpose field starts.
    private static func alpha(_ bits: DataBarBits, from start: Int) -> ([UInt8], Int)? {
        var out: [UInt8] = []
        var p = start
        while let five = bits.value(at: p, count: 5) {
            if five == 31 { return (out + [separator], p + 5) }
            if five < 26 {
                out.append(UInt8(65 + five))
                p += 5
            } else {
                guard let six = bits.value(at: p, count: 6) else { return nil }
                out.append(UInt8(48 + six - 52))
                p += 6
            }
        }
        return (out, bits.count)
    }
}
