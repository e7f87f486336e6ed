import Testing
@testable import Scanner

/// GS1 element strings against the GS1 General Specifications' AI table
/// (section 3.2): each expected split, length and error below is worked out
/// from that table and the check digit rule (section 7.9.1), not from the
/// parser. `|` stands for GS, the FNC1 that ends a variable-length field.
@Suite struct GS1ElementStringTests {
    struct Valid: Sendable, CustomTestStringConvertible {
        let data: String
        let elements: [(String, String)]
        var testDescription: String { data.replacingOccurrences(of: "\u{1D}", with: "|") }
    }

    static func bytes(_ data: String) -> [UInt8] { Array(data.replacingOccurrences(of: "|", with: "\u{1D}").utf8) }

    static let valid: [Valid] = [
        // GS1's own example GTIN, an expiry date and a batch (variable, last: no GS).
        Valid(data: "01095011015300031725010110AB-123", elements: [("01", "09501101530003"), ("17", "250101"), ("10", "AB-123")]),
        // SSCC, 18 digits with its check digit.
        Valid(data: "00106141411234567897", elements: [("00", "106141411234567897")]),
        // A variable-length serial ended by GS before the batch.
        Valid(data: "21ABC123|10LOT7", elements: [("21", "ABC123"), ("10", "LOT7")]),
        // Net weight 0.750 kg (3103: three decimals), then best before, day 00 = end of month.
        Valid(data: "0109501101530003310300075015260200", elements: [("01", "09501101530003"), ("3103", "000750"), ("15", "260200")]),
        // Net weight 123.45 lb (3202), a count of 12 (37, variable) and a GS before the batch.
        Valid(data: "32020123453712|10X", elements: [("3202", "012345"), ("37", "12"), ("10", "X")]),
        // A price of 12.99 (3922: two decimals, variable length) before a serial.
        Valid(data: "39221299|21S1", elements: [("3922", "1299"), ("21", "S1")]),
        // A redundant GS after a predefined-length field is accepted.
        Valid(data: "0109501101530003|17250101", elements: [("01", "09501101530003"), ("17", "250101")]),
        // Four-digit AIs of fixed length: price per unit and expiry time.
        Valid(data: "800500012570032501011230", elements: [("8005", "000125"), ("7003", "2501011230")]),
        // Company internal data may use lower case and GS1's punctuation.
        Valid(data: "91internal-1/a", elements: [("91", "internal-1/a")]),
        // A variable count (30) and a GLN to ship to (410, fixed 13 with check digit).
        Valid(data: "305|4104006381333931", elements: [("30", "5"), ("410", "4006381333931")]),
    ]

    @Test(arguments: valid)
    func parsesValidElementStrings(_ valid: Valid) throws {
        let parsed = try GS1ElementString.parse(Self.bytes(valid.data)).get()
        #expect(parsed.elements.map(\.ai) == valid.elements.map(\.0))
        #expect(parsed.elements.map(\.value) == valid.elements.map(\.1))
        #expect(parsed.humanReadable == valid.elements.map { "(\($0.0))\($0.1)" }.joined())
        // The human-readable form parses back to the same elements.
        let again = try GS1ElementString.parse(humanReadable: parsed.humanReadable).get()
        #expect(again == parsed)
    }

    @Test func namedFieldsCarryTheirUnits() throws {
        let parsed = try GS1ElementString.parse(Self.bytes("0109501101530003310300075017250101320201234510AB1|21S9|39221299|3712")).get()
        #expect(parsed.gtin == "09501101530003")
        #expect(parsed.netWeightKilograms == DecimalAmount(units: 750, decimals: 3))
        #expect(parsed.netWeightKilograms?.description == "0.750")
        #expect(parsed.netWeightPounds?.description == "123.45")
        #expect(parsed.expiry == "250101")
        #expect(parsed.elements.first { $0.ai == "17" }?.date.map { [$0.year, $0.month, $0.day] } == [25, 1, 1])
        #expect(parsed.batch == "AB1")
        #expect(parsed.serial == "S9")
        #expect(parsed.price?.description == "12.99")
        #expect(parsed.price?.rounded(to: 2) == 1299)
        #expect(parsed.count == 12)
        #expect(parsed.bestBefore == nil)
    }

    @Test func transmitsWithSeparatorsOnlyWhereNeeded() throws {
        let parsed = try GS1ElementString.parse(humanReadable: "(01)09501101530003(10)AB(21)12(17)250101").get()
        // (01) has a predefined length; (10) and (21) do not; the last field needs none.
        #expect(parsed.transmitted == Self.bytes("0109501101530003" + "10AB|" + "2112|" + "17250101"))
    }

    static let malformed: [(String, GS1ParseError)] = [
        ("", .empty),
        // No AI begins 23 but for 235.
        ("2312345", .unknownAI("2312", offset: 0)),
        // An unknown AI after a valid field.
        ("010950110153000323", .unknownAI("23", offset: 16)),
        ("0109501101530003|23", .unknownAI("23", offset: 17)),
        // A GTIN two digits short.
        ("01095011015300", .tooShort(ai: "01", expected: 14, found: 12)),
        // The wrong check digit (3 is right).
        ("0109501101530004", .badCheckDigit(ai: "01", value: "09501101530004")),
        ("00106141411234567890", .badCheckDigit(ai: "00", value: "106141411234567890")),
        ("010950110153000A", .notNumeric(ai: "01", value: "0950110153000A")),
        // Month 13, day 32, 30 February.
        ("17251301", .invalidDate(ai: "17", value: "251301")),
        ("17250132", .invalidDate(ai: "17", value: "250132")),
        ("15250230", .invalidDate(ai: "15", value: "250230")),
        // A batch holds at most 20 characters: a missing GS runs it on.
        ("10ABCDEFGHIJKLMNOPQRSTU", .tooLong(ai: "10", maximum: 20, found: 21)),
        ("10|21X", .emptyField(ai: "10")),
        ("0109501101530003" + "10", .emptyField(ai: "10")),
        // '#' is outside GS1's 82-character set.
        ("10AB#1", .invalidCharacter(ai: "10", value: "AB#1")),
        // The weight's six digits cut short by a GS.
        ("3103075|10A", .tooShort(ai: "3103", expected: 6, found: 3)),
        ("3922AB", .notNumeric(ai: "3922", value: "AB")),
        // A decimal point indicator that is not a digit.
        ("310A000750", .unknownAI("310A", offset: 0)),
    ]

    @Test(arguments: malformed)
    func reportsMalformedData(_ data: String, _ expected: GS1ParseError) {
        let result = GS1ElementString.parse(Self.bytes(data))
        #expect(result == .failure(expected), "\(data)")
    }

    @Test func reportsHumanReadableTextThatIsNoElementString() {
        #expect(GS1ElementString.parse(humanReadable: "0109501101530003") == .failure(.notElementStrings("0109501101530003")))
        #expect(GS1ElementString.parse(humanReadable: "(01)09501101530004") == .failure(.badCheckDigit(ai: "01", value: "09501101530004")))
    }

    @Test func detectionsParseOnlyGS1Data() {
        var detection = Detection(symbology: .code128, bytes: Self.bytes("0109501101530003"), text: "0109501101530003", corners: [], engine: .zbar)
        #expect(detection.gs1 == nil)
        #expect(detection.gtin == nil)
        #expect(detection.symbologyIdentifier == "]C0")
        detection.isGS1 = true
        #expect(detection.symbologyIdentifier == "]C1")
        #expect(detection.gtin == "09501101530003")
        #expect(detection.humanReadable == "(01)09501101530003")
        detection.bytes = Self.bytes("0109501101530004")
        #expect(detection.gtin == nil)
        #expect(detection.gs1 == .failure(.badCheckDigit(ai: "01", value: "09501101530004")))
    }
}
