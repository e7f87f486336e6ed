import Testing
@testable import Scanner

/// Variable-measure EAN-13s against layouts worked out by hand: check digits
/// from the GS1 mod-10 rule, price check digits from the GS1 General
/// Specifications' 4-digit algorithm (section 7.9.3).
@Suite struct VariableMeasureTests {
    static let layouts = try! VariableMeasureLayout.parseList("02:us-price,20-24:item5-price5,25-29:item5-weight5")

    @Test func priceCheckDigitFollowsTheSpecificationsExample() {
        // GS1's worked example: 2875 has the price check digit 9.
        #expect(VariableMeasure.priceCheckDigit("2875") == 9)
        // 0123: 2-(0) + 2-(1) + 3(2) + 5-(3) = 0 + 2 + 6 + 4 = 12; 12 x 3 = 36.
        #expect(VariableMeasure.priceCheckDigit("0123") == 6)
    }

    @Test func readsAUSScaleLabelWithItsPriceCheckDigit() throws {
        // UPC-A 2 12345 6 0123 5: item 12345, price check 6, $1.23; as a GTIN-13, 0212345601235.
        let measure = try #require(VariableMeasure.decode("0212345601235", layouts: Self.layouts)).get()
        #expect(measure.item == "12345")
        #expect(measure.measure == .price(DecimalAmount(units: 123, decimals: 2)))
        #expect(measure.layout.name == "us-price")
    }

    @Test func aWrongPriceCheckDigitIsAMisread() {
        // 0212345701232: a valid GTIN, but 7 is not 0123's price check digit.
        #expect(VariableMeasure.decode("0212345701232", layouts: Self.layouts)
            == .failure(.badPriceCheckDigit(gtin: "0212345701232", layout: "us-price")))
    }

    @Test func readsPricesAndWeightsByPrefix() throws {
        let priced = try #require(VariableMeasure.decode("2012345001237", layouts: Self.layouts)).get()
        #expect(priced.prefix == "20" && priced.item == "12345")
        #expect(priced.measure == .price(DecimalAmount(units: 123, decimals: 2)))
        // GTIN-14 form too, as `Detection.gtin` gives it.
        let weighed = try #require(VariableMeasure.decode("02512345007500", layouts: Self.layouts)).get()
        #expect(weighed.item == "12345")
        #expect(weighed.measure == .weight(DecimalAmount(units: 750, decimals: 3)))
        if case .weight(let kilograms) = weighed.measure { #expect(kilograms.description == "0.750") }
    }

    @Test func ignoresCodesNoLayoutClaims() {
        #expect(VariableMeasure.decode("4006381333931", layouts: Self.layouts) == nil)
        #expect(VariableMeasure.decode("2012345001237", layouts: []) == nil)
        #expect(VariableMeasure.decode("96385074", layouts: Self.layouts) == nil)
        let ean8 = Detection(symbology: .ean8, bytes: [], text: "20123458", corners: [], engine: .zbar)
        #expect(ean8.variableMeasure(layouts: Self.layouts) == nil)
    }

    @Test func parsesLayoutLists() throws {
        #expect(Self.layouts.map(\.prefixes) == [["02"], ["20", "21", "22", "23", "24"], ["25", "26", "27", "28", "29"]])
        #expect(try VariableMeasureLayout.parseList("us-price").map(\.prefixes) == [["02"]])
        #expect(try VariableMeasureLayout.parseList("21+23:item5-price5").map(\.prefixes) == [["21", "23"]])
        for bad in ["item5-price5", "20:nonsense", "2-29:item5-price5", "29-20:item5-weight5", "x:us-price"] {
            #expect(throws: VariableMeasureLayoutError.self, "\(bad)") { try VariableMeasureLayout.parseList(bad) }
        }
    }

    @Test func decimalAmountsPrintExactly() {
        #expect(DecimalAmount(units: 5, decimals: 3).description == "0.005")
        #expect(DecimalAmount(units: 12345, decimals: 2).description == "123.45")
        #expect(DecimalAmount(units: 7, decimals: 0).description == "7")
        #expect(DecimalAmount(units: 1235, decimals: 3).rounded(to: 2) == 124)
        #expect(DecimalAmount(units: 12, decimals: 1).rounded(to: 2) == 120)
    }
}
