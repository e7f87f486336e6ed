import Scanner
import ScannerTestSupport

/// Seeded random payloads of the symbologies a store and a warehouse print,
/// with what a reader must report for each, worked out from the symbology
/// and GS1 specifications rather than from the reader.
extension RoundTripPayload {
    static func retail(_ symbology: Symbology, index: Int, using random: inout SplitMix64) -> RoundTripPayload {
        func digits(_ count: Int) -> [Int] { (0..<count).map { _ in Int.random(in: 0...9, using: &random) } }
        func string(_ values: [Int]) -> String { values.map(String.init).joined() }
        switch symbology {
        case .codabar:
            // Start and stop characters A-D are part of the data, as zbar reports them.
            let ends = Array("ABCD"), body = Array("0123456789-$:/.+")
            let text = String(ends.randomElement(using: &random)!)
                + String((0..<Int.random(in: 4...12, using: &random)).map { _ in body.randomElement(using: &random)! })
                + String(ends.randomElement(using: &random)!)
            return Self.text(symbology, text)
        case .itf:
            // An ITF-14 (a carton's GTIN-14, check digit included) or a shorter even-length I2/5.
            let length = index == 2 ? 14 : [6, 8, 10, 12, 16][Int.random(in: 0...4, using: &random)]
            if length == 14 {
                let body = digits(13), text = string(body + [gs1CheckDigit(body)])
                return RoundTripPayload(symbology: symbology, input: .text(text), text: text, bytes: nil, gtin: text)
            }
            return Self.text(symbology, string(digits(length)))
        case .databar:
            // zint takes the GTIN without its check digit; the symbol carries AI (01).
            let body = digits(13), gtin = string(body + [gs1CheckDigit(body)])
            return RoundTripPayload(symbology: symbology, input: .text(string(body)), text: "01" + gtin, bytes: nil, gtin: gtin, isGS1: true)
        case .databarExpanded:
            let body = digits(13), gtin = string(body + [gs1CheckDigit(body)])
            let batchCharacters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
            let batch = String((0..<Int.random(in: 1...8, using: &random)).map { _ in batchCharacters.randomElement(using: &random)! })
            // (01) and (3103) have predefined lengths; (10) is variable, so
            // a GS must end it when (21) follows.
            var input = "[01]\(gtin)", text = "01\(gtin)"
            if Bool.random(using: &random) {
                let grams = string(digits(6))
                input += "[3103]\(grams)"
                text += "3103\(grams)"
            }
            input += "[10]\(batch)"
            text += "10\(batch)"
            if Bool.random(using: &random) {
                let serial = string(digits(Int.random(in: 1...6, using: &random)))
                input += "[21]\(serial)"
                text += "\u{1D}21\(serial)"
            }
            return RoundTripPayload(symbology: symbology, input: .gs1(input), text: text, bytes: nil, gtin: gtin, isGS1: true)
        case .databarLimited:
            // A GTIN-14 that starts with 0 or 1, as Limited can carry only those.
            let body = [Int.random(in: 0...1, using: &random)] + digits(12), gtin = string(body + [gs1CheckDigit(body)])
            return RoundTripPayload(symbology: symbology, input: .text(string(body)), text: "01" + gtin, bytes: nil, gtin: gtin, isGS1: true)
        case .telepen:
            // Telepen Alpha: all of ASCII.
            return Self.text(symbology, String((0..<Int.random(in: 3...12, using: &random)).map { _ in
                Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random))) }))
        case .maxicode:
            let characters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ")
            return Self.text(symbology, String((0..<Int.random(in: 5...40, using: &random)).map { _ in characters.randomElement(using: &random)! }))
        case .ean2, .ean5:
            // An EAN-13 (never starting with 0: that is a UPC-A) with its add-on.
            let body = [Int.random(in: 1...9, using: &random)] + digits(11), text = string(body + [gs1CheckDigit(body)])
            let addOn = string(digits(symbology == .ean2 ? 2 : 5))
            return RoundTripPayload(symbology: .ean13, input: .text(string(body) + "+" + addOn), text: text, bytes: nil, gtin: "0" + text, addOn: addOn)
        default:
            preconditionFailure("\(symbology) is not a retail symbology")
        }
    }
}
