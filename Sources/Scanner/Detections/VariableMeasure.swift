/// A weighed or priced item's EAN-13 taken apart: the item number and the
/// price or weight the scale printed into it.
///
/// GS1 reserves the prefixes 20–29 for restricted circulation within a
/// geographic region, and 02 for variable-measure items (a UPC-A starting
/// with 2 becomes 02 as a GTIN-13). Which digits hold the item, the price or
/// the weight is set by each country's GS1 organisation, so a till names its
/// market's layout (`VariableMeasureLayout`).
public struct VariableMeasure: Sendable, Hashable {
    /// What the embedded number measures.
    public enum Measure: Sendable, Hashable {
        /// The price to pay, in the local currency.
        case price(DecimalAmount)
        /// The weight in kilograms.
        case weight(DecimalAmount)
    }

    /// The GTIN-13's first two digits.
    public let prefix: String
    /// The item reference: what the price list knows the item by.
    public let item: String
    public let measure: Measure
    /// The layout that read it.
    public let layout: VariableMeasureLayout

    /// Takes `gtin` (13 digits, or 14 with a leading 0) apart with the first
    /// of `layouts` that claims its prefix; `nil` when none does.
    public static func decode(_ gtin: String, layouts: [VariableMeasureLayout]) -> Result<VariableMeasure, VariableMeasureError>? {
        let digits = Array(gtin.count == 14 && gtin.hasPrefix("0") ? String(gtin.dropFirst()) : gtin)
        guard digits.count == 13, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        let prefix = String(digits[0..<2])
        guard let layout = layouts.first(where: { $0.prefixes.contains(prefix) }) else { return nil }
        let value = String(digits[layout.value])
        if let position = layout.priceCheckDigit {
            guard value.count == 4, let expected = priceCheckDigit(value), digits[position].wholeNumberValue == expected else {
                return .failure(.badPriceCheckDigit(gtin: String(digits), layout: layout.name))
            }
        }
        guard let amount = DecimalAmount(digits: value, decimals: layout.decimals) else {
            return .failure(.badPriceCheckDigit(gtin: String(digits), layout: layout.name))
        }
        let measure: Measure = layout.kind == .price ? .price(amount) : .weight(amount)
        return .success(VariableMeasure(prefix: prefix, item: String(digits[layout.item]), measure: measure, layout: layout))
    }

    /// The check digit over a four-digit price (GS1 General Specifications
    /// 7.9.3): weights 2-, 2-, 3, 5-, the sum times 3, its units digit.
    static func priceCheckDigit(_ price: String) -> Int? {
        let digits = price.compactMap(\.wholeNumberValue)
        guard digits.count == 4 else { return nil }
        // The weighted products, digit by digit, of GS1's figure 7.9.3-1.
        let twoMinus = [0, 2, 4, 6, 8, 9, 1, 3, 5, 7]
        let three = [0, 3, 6, 9, 2, 5, 8, 1, 4, 7]
        let fiveMinus = [0, 5, 9, 4, 8, 3, 7, 2, 6, 1]
        let sum = twoMinus[digits[0]] + twoMinus[digits[1]] + three[digits[2]] + fiveMinus[digits[3]]
        return sum * 3 % 10
    }
}

/// A variable-measure code that its layout says is misread.
public enum VariableMeasureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The price check digit does not match the price.
    case badPriceCheckDigit(gtin: String, layout: String)

    public var description: String {
        switch self {
        case .badPriceCheckDigit(let gtin, let layout): "\(gtin): the price check digit does not match (layout \(layout))"
        }
    }
}
