/// The ISBNs a Bookland EAN-13 carries: a book's EAN-13 starting 978, or
/// 979 outside 9790 (ISMN, printed music). zbarimg can print them as
/// ISBN-13 and ISBN-10; a catalogue older than 2007 knows only ISBN-10.
public struct ISBN: Sendable, Hashable {
    /// The 13 digits, the EAN-13 itself.
    public let isbn13: String
    /// The 10 characters (the check may be X) of a 978 ISBN; nil for 979,
    /// which has no ISBN-10.
    public let isbn10: String?

    /// The ISBNs of `ean13`, 13 digits with a valid check digit; nil for a
    /// code that is not a book's.
    public init?(ean13: String) {
        let digits = ean13.utf8.map { Int($0) - 48 }
        guard digits.count == 13, digits.allSatisfy((0...9).contains),
              ean13.hasPrefix("978") || (ean13.hasPrefix("979") && !ean13.hasPrefix("9790")),
              GTIN.hasValidCheckDigit(ean13)
        else { return nil }
        isbn13 = ean13
        guard ean13.hasPrefix("978") else {
            isbn10 = nil
            return
        }
        // Weights 10 down to 2 over the nine digits after 978; the check
        // makes the sum with it divisible by 11, 10 written X.
        let body = digits[3..<12]
        let sum = zip(body, (2...10).reversed()).reduce(0) { $0 + $1.0 * $1.1 }
        let check = (11 - sum % 11) % 11
        isbn10 = body.map(String.init).joined() + (check == 10 ? "X" : String(check))
    }
}
