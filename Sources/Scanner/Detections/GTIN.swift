/// Check digits and normalisation for the EAN/UPC family.
public enum GTIN {
    /// Whether `digits` ends in the correct GS1 mod-10 check digit.
    public static func hasValidCheckDigit(_ digits: String) -> Bool {
        guard digits.allSatisfy(\.isASCIIDigit) else { return false }
        let values = digits.compactMap(\.wholeNumberValue)
        guard values.count == digits.count, values.count >= 2, let check = values.last else { return false }
        return checkDigit(for: values.dropLast()) == check
    }

    /// The GS1 mod-10 check digit for the digits before it.
    static func checkDigit(for body: some Collection<Int>) -> Int {
        // Weights run 3, 1, 3, ... from the rightmost body digit.
        var sum = 0
        for (index, digit) in body.reversed().enumerated() {
            sum += digit * (index.isMultiple(of: 2) ? 3 : 1)
        }
        return (10 - sum % 10) % 10
    }

    /// Whether `text` is a well-formed payload of `symbology`: the right
    /// number of digits and a correct check digit. UPC-E is checked through
    /// its UPC-A expansion.
    public static func isValid(_ text: String, symbology: Symbology) -> Bool {
        guard let gtin = normalised(text, symbology: symbology) else { return false }
        return hasValidCheckDigit(gtin)
    }

    /// The GTIN-14 of an EAN/UPC or ITF-14 payload (zeros in front of the
    /// shorter GTINs), or `nil` when the text is not one.
    public static func normalised(_ text: String, symbology: Symbology) -> String? {
        guard text.allSatisfy(\.isASCIIDigit) else { return nil }
        let gtin: String
        switch (symbology, text.count) {
        case (.ean13, 13), (.ean8, 8), (.upca, 12), (.upce, 13): gtin = text
        case (.upca, 13) where text.hasPrefix("0"): gtin = text
        case (.upce, 8):
            guard let expanded = expandUPCE(text) else { return nil }
            gtin = expanded
        case (.itf, 14) where hasValidCheckDigit(text): gtin = text
        default: return nil
        }
        return String(repeating: "0", count: 14 - gtin.count) + gtin
    }

    /// Expands an 8-digit UPC-E (number system, six digits, check) into its
    /// 12-digit UPC-A form.
    public static func expandUPCE(_ upce: String) -> String? {
        let d = Array(upce)
        guard d.count == 8, d.allSatisfy(\.isASCIIDigit), d[0] == "0" || d[0] == "1" else { return nil }
        let (ns, m, check) = (d[0], d[1...6].map { String($0) }, d[7])
        let body: String
        switch m[5] {
        case "0", "1", "2": body = m[0] + m[1] + m[5] + "0000" + m[2] + m[3] + m[4]
        case "3": body = m[0] + m[1] + m[2] + "00000" + m[3] + m[4]
        case "4": body = m[0] + m[1] + m[2] + m[3] + "00000" + m[4]
        default: body = m[0] + m[1] + m[2] + m[3] + m[4] + "0000" + m[5]
        }
        return String(ns) + body + String(check)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
