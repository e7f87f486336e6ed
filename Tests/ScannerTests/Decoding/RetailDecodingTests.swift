import Scanner
import ScannerTestSupport
import Testing

/// The retail symbologies through the public API: the two bugs of issue 11
/// (each failed before its fix, with what the comment says), GS1 marking
/// and AIM identifiers on real renders.
@Suite struct RetailDecodingTests {
    func decode(_ symbology: Symbology, _ payload: ZintPayload, asking symbologies: Set<Symbology>? = nil) throws -> [Detection] {
        let rendered = try ZintRenderer.render(symbology, payload)
        return BarcodeReader(configuration: DecoderConfiguration(symbologies: symbologies ?? [symbology])).read(rendered.frame).detections
    }

    @Test func upcaAloneReadsUPCAAndNoExpandedUPCE() throws {
        // Before: nothing on a UPC-A, and a UPC-E reported as UPC-A:012345000065.
        #expect(try decode(.upca, .text("01234567890")).map(\.text) == ["012345678905"])
        #expect(try decode(.upce, .text("0123456"), asking: [.upca]).isEmpty)
        #expect(try decode(.upce, .text("0123456"), asking: [.ean13]).isEmpty)
        #expect(try decode(.upce, .text("0123456"), asking: [.upce]).map(\.text) == ["01234565"])
    }

    @Test func code128KeepsItsExtendedLatin1() throws {
        // Before: ssss1234ssabszz, zbar ignoring FNC4.
        let found = try decode(.code128, .text("óóóó1234óóabózz"))
        #expect(found.map(\.text) == ["óóóó1234óóabózz"])
        #expect(found.first?.bytes == [0xF3, 0xF3, 0xF3, 0xF3] + Array("1234".utf8) + [0xF3, 0xF3] + Array("ab".utf8) + [0xF3] + Array("zz".utf8))
    }

    @Test(arguments: [(Symbology.code128, "]C1"), (.dataMatrix, "]d2"), (.qr, "]Q3"), (.databarExpanded, "]e0")])
    func gs1SymbolsAreMarkedAndParsed(_ symbology: Symbology, _ identifier: String) throws {
        let found = try decode(symbology, .gs1("[01]09501101530003[17]250101[10]AB-123[21]XYZ"))
        let detection = try #require(found.first)
        #expect(detection.isGS1)
        #expect(detection.symbologyIdentifier == identifier)
        // (10) is variable-length and not last, so a GS ends it.
        #expect(detection.text == "0109501101530003" + "17250101" + "10AB-123\u{1D}" + "21XYZ")
        #expect(detection.humanReadable == "(01)09501101530003(17)250101(10)AB-123(21)XYZ")
        #expect(detection.gtin == "09501101530003")
        let data = try #require(try detection.gs1?.get())
        #expect(data.expiry == "250101" && data.batch == "AB-123" && data.serial == "XYZ")
    }

    @Test(arguments: [
        (Symbology.ean13, ZintPayload.text("400638133393"), "]E0"), (.ean8, .text("9638507"), "]E4"),
        (.code128, .text("scan-42"), "]C0"), (.codabar, .text("A40156B"), "]F0"), (.itf, .text("123456"), "]I0"),
        (.itf, .text("15012345678907"), "]I1"), (.databar, .text("0950110153000"), "]e0"), (.maxicode, .text("HELLO"), "]U0"),
        (.ean5, .text("978020137962+51299"), "]E3"),
    ])
    func detectionsCarryTheirAIMIdentifier(_ symbology: Symbology, _ payload: ZintPayload, _ identifier: String) throws {
        let found = try decode(symbology, payload, asking: symbology.isAddOn ? [.ean13, symbology] : nil)
        #expect(found.map(\.symbologyIdentifier) == [identifier])
    }
}
