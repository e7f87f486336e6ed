/// Where a market's variable-measure EAN-13 keeps its item number and its
/// price or weight. Digit positions count from 0 in the 13-digit GTIN.
///
/// Written `PREFIXES:LAYOUT`, several separated by commas, for example
/// `02:us-price,20-24:item5-price5,25-29:item5-weight5`.
public struct VariableMeasureLayout: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case price, weight
    }

    /// The layout's name, as written.
    public let name: String
    /// The two-digit prefixes it applies to.
    public var prefixes: Set<String>
    public let item: Range<Int>
    public let value: Range<Int>
    /// Decimals in the value: cents for prices, grams (3) for weights in kg.
    public let decimals: Int
    public let kind: Kind
    /// The position of a price check digit over a 4-digit value, if any.
    public let priceCheckDigit: Int?

    /// The layouts known by name.
    ///
    /// - `us-price`: a US scale label, UPC-A number system 2 (GTIN-13
    ///   prefix 02): `02 IIIII K PPPP C`, a 5-digit item, the price check
    ///   digit, the price in cents.
    /// - `item5-price5`: `2N IIIII PPPPP C`, the price in cents, no price
    ///   check digit.
    /// - `item5-weight5`: `2N IIIII WWWWW C`, the weight in grams.
    public static let named: [String: VariableMeasureLayout] = [
        "us-price": .init("us-price", prefixes: ["02"], item: 2..<7, value: 8..<12, decimals: 2, kind: .price, check: 7),
        "item5-price5": .init("item5-price5", prefixes: [], item: 2..<7, value: 7..<12, decimals: 2, kind: .price),
        "item5-weight5": .init("item5-weight5", prefixes: [], item: 2..<7, value: 7..<12, decimals: 3, kind: .weight),
    ]

    private init(_ name: String, prefixes: Set<String>, item: Range<Int>, value: Range<Int>, decimals: Int, kind: Kind, check: Int? = nil) {
        self.name = name
        self.prefixes = prefixes
        self.item = item
        self.value = value
        self.decimals = decimals
        self.kind = kind
        priceCheckDigit = check
    }

    /// Parses `PREFIXES:LAYOUT,...`: prefixes as `02`, `20-29` or `21+22`.
    /// A layout without prefixes (`us-price`) keeps its own.
    public static func parseList(_ text: String) throws(VariableMeasureLayoutError) -> [VariableMeasureLayout] {
        try text.split(separator: ",").map { (entry) throws(VariableMeasureLayoutError) in
            let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
            guard var layout = named[parts.last ?? ""] else { throw VariableMeasureLayoutError(entry: String(entry)) }
            if parts.count == 2 {
                layout.prefixes = try prefixes(parts[0], entry: String(entry))
            }
            guard !layout.prefixes.isEmpty else { throw VariableMeasureLayoutError(entry: String(entry)) }
            return layout
        }
    }

    private static func prefixes(_ text: String, entry: String) throws(VariableMeasureLayoutError) -> Set<String> {
        var result = Set<String>()
        for part in text.split(separator: "+") {
            let bounds = part.split(separator: "-").map(String.init)
            guard (1...2).contains(bounds.count), bounds.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
                  let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]), low <= high
            else { throw VariableMeasureLayoutError(entry: entry) }
            for prefix in low...high { result.insert(prefix < 10 ? "0\(prefix)" : String(prefix)) }
        }
        return result
    }
}

/// A `--variable-measure` entry that names no layout or gives bad prefixes.
public struct VariableMeasureLayoutError: Error, Sendable, CustomStringConvertible {
    public let entry: String
    public var description: String {
        "invalid variable-measure layout '\(entry)': use PREFIXES:LAYOUT, e.g. 02:us-price or 20-29:item5-price5, with a layout of "
            + VariableMeasureLayout.named.keys.sorted().joined(separator: ", ")
    }
}
