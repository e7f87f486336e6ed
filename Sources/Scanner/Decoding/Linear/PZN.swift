/// PZN, the German Pharmazentralnummer: a Code 39 symbol whose drawn characters
/// are `-` and digits ending in a mod-11 check digit. PZN8 is `-` + 7 digits +
/// check (weights 1-7); the older PZN7 is `-` + 6 digits + check (weights 2-7).
/// A check sum of 10 cannot be drawn, so such numbers are never issued.
///
/// zxing-cpp 3.1.1 reports a valid PZN8 as format "Pharmazentralnummer" with
/// the drawn characters unchanged as text (`-01234562`), and a PZN7 as plain
/// Code 39 (`-1234562`). The text is the drawn characters either way.
enum PZN {
    enum Kind: Sendable, Hashable { case pzn7, pzn8 }

    static func kind(of bytes: [UInt8]) -> Kind? {
        guard bytes.first == UInt8(ascii: "-"), bytes.count == 8 || bytes.count == 9 else { return nil }
        var digits: [Int] = []
        for b in bytes.dropFirst() {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) else { return nil }
            digits.append(Int(b - UInt8(ascii: "0")))
        }
        let firstWeight = digits.count == 8 ? 1 : 2
        var sum = 0
        for (i, d) in digits.dropLast().enumerated() { sum += (i + firstWeight) * d }
        guard sum % 11 == digits[digits.count - 1] else { return nil }
        return digits.count == 8 ? .pzn8 : .pzn7
    }
}
