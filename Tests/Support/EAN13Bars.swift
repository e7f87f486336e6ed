import Scanner

/// EAN-13 symbols drawn from the standard encoding tables (GS1 General
/// Specifications, 5.2.1), for the one symbol zint refuses to make: an
/// EAN-13 whose check digit is wrong. Tests draw a correct one the same way
/// to show the drawing itself decodes.
public enum EAN13Bars {
    /// Left-hand odd-parity (set A) patterns of the digits 0–9, one bit per
    /// module, 1 = bar. Set C (right half) is their complement and set B
    /// (left, even parity) set C reversed.
    private static let setA = ["0001101", "0011001", "0010011", "0111101", "0100011",
                               "0110001", "0101111", "0111011", "0110111", "0001011"]
    /// Which of digits 2–7 use set B, chosen by the first digit.
    private static let evenParity = ["AAAAAA", "AABABB", "AABBAB", "AABBBA", "ABAABB",
                                     "ABBAAB", "ABBBAA", "ABABAB", "ABABBA", "ABBABA"]

    /// The 95 modules of the 13 `digits`, guards included, or nil when
    /// `digits` is not 13 decimal digits. The check digit is not checked.
    public static func modules(_ digits: String) -> [Bool]? {
        let values = digits.compactMap(\.wholeNumberValue)
        guard digits.count == 13, values.count == 13 else { return nil }
        func setC(_ digit: Int) -> String { String(setA[digit].map { $0 == "0" ? "1" : "0" }) }
        var pattern = "101"
        for (position, set) in zip(1...6, evenParity[values[0]]) {
            pattern += set == "A" ? setA[values[position]] : String(setC(values[position]).reversed())
        }
        pattern += "01010"
        for position in 7...12 { pattern += setC(values[position]) }
        pattern += "101"
        return pattern.map { $0 == "1" }
    }

    /// The symbol black on white, `moduleSize` pixels per module and
    /// `barHeight` tall, inside a white quiet zone of `margin` pixels.
    public static func render(_ digits: String, moduleSize: Int = 2, barHeight: Int = 70, margin: Int = 24) -> RenderedSymbol? {
        guard let modules = modules(digits) else { return nil }
        let symbolWidth = modules.count * moduleSize
        let width = symbolWidth + 2 * margin
        let height = barHeight + 2 * margin
        var pixels = [UInt8](repeating: 255, count: width * height)
        for (index, bar) in modules.enumerated() where bar {
            for y in margin..<margin + barHeight {
                let start = y * width + margin + index * moduleSize
                pixels.replaceSubrange(start..<start + moduleSize, with: repeatElement(0, count: moduleSize))
            }
        }
        return RenderedSymbol(
            frame: Frame(width: width, height: height, pixels: pixels),
            symbolBox: PixelRect(x: margin, y: margin, width: symbolWidth, height: barHeight))
    }
}
