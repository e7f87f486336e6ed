import Testing
@testable import Scanner

@Test func gtinCheckDigit() {
    #expect(GTIN.hasValidCheckDigit("4006381333931"))
    #expect(!GTIN.hasValidCheckDigit("4006381333932"))
}

/// Check digits, UPC-E expansion and the 13-digit normal form. Expected
/// values come from zbarimg, which expands UPC-E itself, and GS1's examples.
@Suite struct GTINTests {
    @Test(arguments: ["4006381333931", "5901234123457", "0123456789012", "96385074", "036000291452", "01234565"])
    func acceptsCorrectCheckDigits(_ digits: String) {
        #expect(GTIN.hasValidCheckDigit(digits))
    }

    @Test(arguments: ["4006381333932", "96385075", "036000291453", "", "7", "40063813339a1", "4006381333931 "])
    func rejectsWrongCheckDigitsAndNonDigits(_ digits: String) {
        #expect(!GTIN.hasValidCheckDigit(digits))
    }

    @Test func rejectsNonASCIIDigits() {
        // A full-width ４ has a whole-number value of 4, but is no GTIN digit.
        #expect(!GTIN.hasValidCheckDigit("４006381333931"))
        #expect(!GTIN.hasValidCheckDigit("٤٠٠٦٣٨١٣٣٣٩٣١"))
        #expect(!GTIN.isValid("４006381333931", symbology: .ean13))
    }

    @Test func checkDigitIsMod10WithWeightsThreeAndOneFromTheRight() {
        #expect(GTIN.checkDigit(for: [4, 0, 0, 6, 3, 8, 1, 3, 3, 3, 9, 3]) == 1)
        #expect(GTIN.checkDigit(for: [9, 6, 3, 8, 5, 0, 7]) == 4)
        #expect(GTIN.checkDigit(for: [0, 0, 0, 0]) == 0)
    }

    /// UPC-E 0 12345d with each last digit d, expanded by zbarimg.
    static let upcE: [(upce: String, upca: String)] = [
        ("01234505", "012000003455"), ("01234514", "012100003454"), ("01234523", "012200003453"),
        ("01234531", "012300000451"), ("01234543", "012340000053"), ("01234558", "012345000058"),
        ("01234565", "012345000065"), ("01234572", "012345000072"), ("01234589", "012345000089"),
        ("01234596", "012345000096"),
    ]

    @Test(arguments: upcE.indices)
    func expandsUPCEForEveryLastDigit(_ index: Int) {
        let (upce, upca) = Self.upcE[index]
        #expect(GTIN.expandUPCE(upce) == upca)
        #expect(GTIN.normalised(upce, symbology: .upce) == "00" + upca)
        #expect(GTIN.isValid(upce, symbology: .upce))
    }

    @Test func expandsNumberSystemOne() {
        #expect(GTIN.expandUPCE("11234505") == "112000003455")
    }

    @Test(arguments: ["21234505", "0123450", "012345055", "0123a505", ""])
    func refusesToExpandWhatIsNotUPCE(_ text: String) {
        #expect(GTIN.expandUPCE(text) == nil)
    }

    @Test func normalisesEachMemberOfTheFamily() {
        #expect(GTIN.normalised("4006381333931", symbology: .ean13) == "04006381333931")
        #expect(GTIN.normalised("96385074", symbology: .ean8) == "00000096385074")
        #expect(GTIN.normalised("036000291452", symbology: .upca) == "00036000291452")
        // zbar's habit of reporting UPC-A as 13 digits.
        #expect(GTIN.normalised("0036000291452", symbology: .upca) == "00036000291452")
        #expect(GTIN.normalised("0012345000065", symbology: .upce) == "00012345000065")
        // An ITF-14 is its own GTIN-14, when its check digit is right.
        #expect(GTIN.normalised("15012345678907", symbology: .itf) == "15012345678907")
        #expect(GTIN.normalised("15012345678908", symbology: .itf) == nil)
        #expect(GTIN.normalised("123456", symbology: .itf) == nil)
    }

    @Test func normalisesNothingElse() {
        #expect(GTIN.normalised("1036000291452", symbology: .upca) == nil)
        #expect(GTIN.normalised("400638133393", symbology: .ean13) == nil)
        #expect(GTIN.normalised("4006381333931", symbology: .ean8) == nil)
        #expect(GTIN.normalised("4006381333931", symbology: .code128) == nil)
        #expect(GTIN.normalised("4006381a33931", symbology: .ean13) == nil)
        #expect(GTIN.normalised("", symbology: .ean13) == nil)
    }

    @Test func validityNeedsTheRightLengthAndCheckDigit() {
        #expect(GTIN.isValid("4006381333931", symbology: .ean13))
        #expect(!GTIN.isValid("4006381333932", symbology: .ean13))
        #expect(GTIN.isValid("036000291452", symbology: .upca))
        #expect(!GTIN.isValid("01234566", symbology: .upce))
        #expect(!GTIN.isValid("96385074", symbology: .ean13))
    }

    @Test func detectionsExposeTheirGTIN() {
        func detection(_ symbology: Symbology, _ text: String) -> Detection {
            Detection(symbology: symbology, bytes: Array(text.utf8), text: text, corners: [], engine: .zbar)
        }
        #expect(detection(.upca, "036000291452").gtin == "00036000291452")
        #expect(detection(.upce, "01234565").gtin == "00012345000065")
        #expect(detection(.ean8, "96385074").gtin == "00000096385074")
        #expect(detection(.ean13, "4006381333931").gtin == "04006381333931")
        #expect(detection(.qr, "4006381333931").gtin == nil)
    }
}
