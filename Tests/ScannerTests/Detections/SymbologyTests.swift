import Testing
@testable import Scanner

@Suite struct SymbologyTests {
    @Test func rawValuesAreTheStableNames() {
        #expect(Symbology.allCases.map(\.rawValue)
            == ["qr", "microqr", "rmqr", "ean8", "ean13", "upca", "upce", "code39", "code93", "code128", "pdf417", "micropdf417",
                "aztec", "datamatrix", "codabar", "itf", "databar", "databar-expanded", "databar-limited", "telepen", "dxfilmedge", "maxicode", "ean2", "ean5"])
        #expect(Symbology.allCases.sorted() == Symbology.allCases)
    }

    @Test func parsesAListOfNames() throws {
        #expect(try Symbology.parseList("qr,ean13") == [.qr, .ean13])
        #expect(try Symbology.parseList("datamatrix") == [.dataMatrix])
        #expect(try Symbology.parseList("MicroPDF417,micropdf") == [.microPDF417])
        // `all` is every symbology but the add-ons, which are off unless named.
        #expect(try Symbology.parseList("all") == Set(Symbology.allCases).subtracting([.ean2, .ean5]))
        #expect(try Symbology.parseList("qr,all") == Symbology.standard)
        #expect(try Symbology.parseList("all,ean5") == Symbology.standard.union([.ean5]))
        #expect(try Symbology.parseList("databar-expanded,DataBar_Expanded,databarexp,rss-expanded") == [.databarExpanded])
    }

    @Test func acceptsCommonSpellings() throws {
        #expect(try Symbology.parseList(" QRCode , EAN-13,ean_8, UPC-E") == [.qr, .ean13, .ean8, .upce])
        #expect(try Symbology.parseList("data-matrix,dm,Data_Matrix") == [.dataMatrix])
        #expect(try Symbology.parseList("ean,upc,pdf,Code-128") == [.ean13, .upca, .pdf417, .code128])
        #expect(try Symbology.parseList("i25,ITF-14,itf") == [.itf])
        #expect(try Symbology.parseList("codabar,databar,rss14,maxicode,ean-2,EAN_5") == [.codabar, .databar, .maxicode, .ean2, .ean5])
    }

    @Test(arguments: [("qr,foo", "foo"), ("code11", "code11"), ("", ""), (",", ","), ("qr,,ean8,x y", "x y")])
    func rejectsUnknownNames(_ list: String, _ culprit: String) {
        do {
            let parsed = try Symbology.parseList(list)
            Issue.record("'\(list)' parsed as \(parsed)")
        } catch {
            #expect(error.name == culprit)
            #expect(error.description.contains("'\(culprit)'"))
            #expect(error.description.contains("datamatrix"))
        }
    }

    @Test func classifiesTheFamilies() {
        #expect(Symbology.allCases.filter(\.isEANUPC) == [.ean8, .ean13, .upca, .upce])
        #expect(Symbology.allCases.filter { !$0.isLinear } == [.qr, .microQR, .rmqr, .pdf417, .microPDF417, .aztec, .dataMatrix, .maxicode])
        #expect(Symbology.allCases.filter(\.isAddOn) == [.ean2, .ean5])
        #expect(Symbology.allCases.filter(\.isAlwaysGS1) == [.databar, .databarExpanded, .databarLimited])
    }
}
