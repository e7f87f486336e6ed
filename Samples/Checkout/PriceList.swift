import Foundation

/// GTIN → name and price, read from a `gtin,name,price` CSV file. GTINs
/// are kept as GTIN-14, the form `Detection.gtin` gives; variable-measure
/// items are keyed `PREFIX:ITEM`.
struct PriceList {
    struct Item {
        let name: String
        let cents: Int
    }

    struct Error: Swift.Error, CustomStringConvertible {
        let description: String
    }

    let items: [String: Item]

    init(contentsOf path: String) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Error(description: "\(path): cannot read the price list; pass one with --prices FILE")
        }
        var items: [String: Item] = [:]
        for (number, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard fields.count == 3, let cents = Self.cents(fields[2]) else {
                throw Error(description: "\(path):\(number + 1): expected gtin,name,price, got '\(line)'")
            }
            let key = fields[0].allSatisfy(\.isNumber) ? String(repeating: "0", count: max(0, 14 - fields[0].count)) + fields[0] : fields[0]
            items[key] = Item(name: fields[1], cents: cents)
        }
        self.items = items
    }

    /// "1.29" → 129.
    static func cents(_ text: some StringProtocol) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let units = Int(parts[0]) else { return nil }
        let fraction = parts.count == 2 ? String(parts[1].prefix(2)).padding(toLength: 2, withPad: "0", startingAt: 0) : "00"
        guard let hundredths = Int(fraction) else { return nil }
        return units * 100 + hundredths
    }

    static func format(_ cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let value = abs(cents)
        return "\(sign)\(value / 100).\(value % 100 < 10 ? "0" : "")\(value % 100)"
    }
}
