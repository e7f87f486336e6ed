import Scanner

/// What the customer is buying, in cents so that sums are exact.
struct Basket {
    let prices: PriceList
    private(set) var lines: [(name: String, cents: Int)] = []

    init(prices: PriceList) {
        self.prices = prices
    }

    var totalCents: Int { lines.reduce(0) { $0 + $1.cents } }

    /// Bills one scanned code and returns the till's display line.
    mutating func scan(_ detection: Detection) -> String {
        if let gtin = detection.gtin {
            guard let item = prices.items[gtin] else { return "? \(gtin) is not in the price list" }
            lines.append((item.name, item.cents))
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
