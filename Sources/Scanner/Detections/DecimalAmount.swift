/// An exact decimal number as a till needs it: an integer count of units
/// of 10^-decimals, so that money and weights never pass through floating
/// point (`0.750` kg is 750 with 3 decimals).
public struct DecimalAmount: Sendable, Hashable, CustomStringConvertible {
    /// The value in units of 10^-`decimals`.
    public let units: Int
    public let decimals: Int

    public init(units: Int, decimals: Int) {
        self.units = units
        self.decimals = decimals
    }

    /// `digits` with the last `decimals` of them after the point; `nil` when
    /// they are not all digits or too many for an `Int`.
    init?(digits: some StringProtocol, decimals: Int) {
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy(\.isASCIIDigit), let units = Int(digits) else { return nil }
        self.init(units: units, decimals: decimals)
    }

    /// Plain decimal notation with every decimal kept: `0.750`, `12.34`, `7`.
    public var description: String {
        guard decimals > 0 else { return String(units) }
        let digits = String(abs(units))
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        return (units < 0 ? "-" : "") + padded.dropLast(decimals) + "." + padded.suffix(decimals)
    }

    /// The value rounded to `places` decimals, as units of 10^-places
    /// (half away from zero): a price's cents are `rounded(to: 2)`.
    public func rounded(to places: Int) -> Int {
        if places >= decimals { return units * Self.power(places - decimals) }
        let divisor = Self.power(decimals - places)
        let (quotient, remainder) = units.quotientAndRemainder(dividingBy: divisor)
        return quotient + (abs(remainder) * 2 >= divisor ? units.signum() : 0)
    }

    private static func power(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { result, _ in result * 10 }
    }
}
