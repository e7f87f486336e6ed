import Scanner

/// What the customer is buying, in cents so that sums are exact.
struct Basket {
    let prices: PriceList
    /// How this market's scales print weighed and priced items.
    let layouts: [VariableMeasureLayout]
    private(set) var lines: [(name: String, cents: Int)] = []

    init(prices: PriceList, layouts: [VariableMeasureLayout]) {
        self.prices = prices
        self.layouts = layouts
    }

    var totalCents: Int { lines.reduce(0) { $0 + $1.cents } }

    /// Bills one scanned code and returns the till's display line.
    mutating func scan(_ detection: Detection) -> String {
        if let measured = detection.variableMeasure(layouts: layouts) {
            guard case .success(let label) = measured else { return "? \(detection.text): misread label, scan it again" }
            guard let item = prices.items["\(label.prefix):\(label.item)"] else {
                return "? item \(label.item) (prefix \(label.prefix)) is not in the price list"
            }
            switch label.measure {
            case .price(let price):
                lines.append((item.name, price.rounded(to: 2)))
            case .weight(let kilograms):
                // The price per kg times the weight, rounded to the cent.
                let cents = DecimalAmount(units: kilograms.units * item.cents, decimals: kilograms.decimals + 2).rounded(to: 2)
                lines.append(("\(item.name) \(kilograms) kg", cents))
            }
        } else if let gtin = detection.gtin {
            guard let item = prices.items[gtin] else { return "? \(gtin) is not in the price list" }
            // A magazine's add-on is its issue number.
            lines.append((detection.addOn.map { "\(item.name) issue \($0)" } ?? item.name, item.cents))
        } else if detection.text.hasPrefix("COUPON:SAVE-"), let cents = PriceList.cents(detection.text.dropFirst(12)) {
            lines.append(("Coupon", -cents))
        } else {
            return "? \(detection.symbology.label) \(detection.text): not a product"
        }
        let line = lines[lines.count - 1]
        return "+ \(line.name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(PriceList.format(line.cents).leftPadded(8))   total \(PriceList.format(totalCents))"
    }

    var receipt: String {
        "\(lines.count) \(lines.count == 1 ? "item" : "items"), total \(PriceList.format(totalCents))"
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
