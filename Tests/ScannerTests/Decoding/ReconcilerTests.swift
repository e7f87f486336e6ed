import Testing
@testable import Scanner

@Suite struct ReconcilerTests {
    /// A detection whose corners are the box at (`x`, `y`), 100 pixels wide.
    func detection(
        _ symbology: Symbology, _ text: String, engine: Detection.Engine = .zbar, x: Double = 0, y: Double = 0, evidence: Int = 1
    ) -> Detection {
        var detection = Detection(
            symbology: symbology, bytes: Array(text.utf8), text: text,
            corners: [Point(x: x, y: y), Point(x: x + 100, y: y), Point(x: x + 100, y: y + 50), Point(x: x, y: y + 50)],
            engine: engine)
        detection.evidence = evidence
        return detection
    }

    @Test func mergesTheSameSymbolReadTwice() {
        let merged = Reconciler.merge([detection(.dataMatrix, "hello", engine: .native), detection(.dataMatrix, "hello", engine: .zxing, x: 2)])
        #expect(merged.count == 1)
        // zxing owns Data Matrix; our reader the QR family.
        #expect(merged.first?.engine == .zxing)
        #expect(Reconciler.merge([detection(.qr, "hello", engine: .zxing), detection(.qr, "hello", engine: .native, x: 2)]).map(\.engine) == [.native])
        // Our own reader owns the linear codes.
        let linear = Reconciler.merge([detection(.code128, "ABC", engine: .zbar), detection(.code128, "ABC", engine: .native)])
        #expect(linear.map(\.engine) == [.native])
    }

    @Test func keepsTheSamePayloadInTwoPlaces() {
        let merged = Reconciler.merge([detection(.qr, "hello"), detection(.qr, "hello", x: 300)])
        #expect(merged.count == 2)
        // An engine that read a linear payload twice keeps both.
        let twice = Reconciler.merge([detection(.code128, "ABC", engine: .native, evidence: 3), detection(.code128, "ABC", engine: .native, y: 300, evidence: 3),
                                      detection(.code128, "ABC", engine: .zbar, y: 310)])
        #expect(twice.count == 2)
    }

    /// A linear read places a symbol along its scan lines only: zbar puts a DataBar at one
    /// point, apart from our reader's line across the same bars.
    @Test func oneLinearPayloadReadByTwoEnginesApartIsOneSymbol() {
        let merged = Reconciler.merge([detection(.databar, "0104527118957713", engine: .zbar, x: 28, y: 15, evidence: 2),
                                       detection(.databar, "0104527118957713", engine: .native, y: 200)])
        #expect(merged.map(\.engine) == [.native])
        #expect(merged.first?.evidence == 3)
        // Not a matrix code: its corners are where it is.
        #expect(Reconciler.merge([detection(.qr, "hello", engine: .zbar), detection(.qr, "hello", engine: .native, y: 300)]).count == 2)
    }

    /// zxing's Data Matrix reading stands (it owns Data Matrix), with what our reader decoded of the symbol.
    @Test func theSymbolsSizeStaysWithTheReadingThatStands() {
        var ours = detection(.dataMatrix, "hello", engine: .native)
        ours.matrix = MatrixSymbolInfo(version: "24x24", errorCorrectionLevel: nil, mask: nil, mirrored: false, correctedCodewords: 4)
        for order in [[ours, detection(.dataMatrix, "hello", engine: .zxing, x: 2)], [detection(.dataMatrix, "hello", engine: .zxing, x: 2), ours]] {
            let merged = Reconciler.merge(order)
            #expect(merged.map(\.engine) == [.zxing])
            #expect(merged.first?.matrix == ours.matrix)
        }
    }

    @Test func prefersTheLongerOfTwoReadingsFromOneEngine() {
        let merged = Reconciler.merge([detection(.code39, "ABC"), detection(.code39, "ABCDEF")])
        #expect(merged.map(\.text) == ["ABCDEF"])
    }

    @Test func treatsUPCAAndItsEAN13FormAsOneSymbol() {
        let merged = Reconciler.merge([detection(.upca, "036000291452"), detection(.ean13, "0036000291452", engine: .zxing)])
        #expect(merged.count == 1)
        #expect(merged.first?.gtin == "00036000291452")
    }

    @Test func aClearlyStrongerReadingWinsAConflict() {
        let weak = detection(.ean13, "4006381333948", evidence: 2)
        let strong = detection(.ean13, "4006381333931", x: 1, evidence: 6)
        #expect(Reconciler.merge([weak, strong]).map(\.text) == ["4006381333931"])
        #expect(Reconciler.merge([strong, weak]).map(\.text) == ["4006381333931"])
    }

    @Test func aConflictWithoutAClearWinnerReportsNeither() {
        let elsewhere = detection(.ean8, "96385074", x: 400)
        let merged = Reconciler.merge([
            detection(.ean13, "4006381333948", evidence: 3), detection(.ean13, "4006381333931", x: 1, evidence: 2), elsewhere,
        ])
        #expect(merged == [elsewhere])
    }

    @Test func wrongCheckDigitsAreDropped() {
        #expect(Reconciler.merge([detection(.ean13, "4006381333932")]).isEmpty)
        #expect(Reconciler.merge([detection(.upce, "01234566")]).isEmpty)
        #expect(Reconciler.merge([detection(.upca, "03600029145")]).isEmpty)
        // Only the EAN/UPC family has check digits to test.
        #expect(Reconciler.merge([detection(.code128, "4006381333932")]).count == 1)
    }

    @Test func aMisreadWithAWrongCheckDigitDoesNotContestTheRightOne() {
        let merged = Reconciler.merge([detection(.ean13, "4006381333932", evidence: 9), detection(.ean13, "4006381333931", evidence: 1)])
        #expect(merged.map(\.text) == ["4006381333931"])
    }
}
