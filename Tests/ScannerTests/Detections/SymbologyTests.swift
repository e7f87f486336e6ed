import Testing
@testable import Scanner

@Suite struct SymbologyTests {
    @Test func rawValuesAreTheStableNames() {
        #expect(Symbology.allCases.map(\.rawValue)
            == ["qr", "ean8", "ean13", "upca", "upce", "code39", "code93", "code128", "pdf417", "aztec", "datamatrix"])
        #expect(Symbology.allCases.sorted() == Symbology.allCases)
    }

    @Test func parsesAListOfNames() throws {
        #expect(try Symbology.parseList("qr,ean13") == [.qr, .ean13])
        #expect(try Symbology.parseList("datamatrix") == [.dataMatrix])
        #expect(try Symbology.parseList("all") == Set(Symbology.allCases))
        #expect(try Symbology.parseList("qr,all") == Set(Symbology.allCases))
    }

    @Test func acceptsCommonSpellings() throws {
        #expect(try Symbology.parseList(" QRCode , EAN-13,ean_8, UPC-E") == [.qr, .ean13, .ean8, .upce])
        #expect(try Symbology.parseList("data-matrix,dm,Data_Matrix") == [.dataMatrix])
        #expect(try Symbology.parseList("ean,upc,pdf,Code-128") == [.ean13, .upca, .pdf417, .code128])
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
        #expect(Symbology.allCases.filter { !$0.isLinear } == [.qr, .pdf417, .aztec, .dataMatrix])
    }
}
