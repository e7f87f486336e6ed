import ScannerTestSupport
import Testing
@testable import Scanner

/// A message split across QR symbols (structured append), read whole.
@Suite struct QRStructuredAppendTests {
    @Test(arguments: [false, true])
    func fourPartsSideBySideAreOneDetection(ourReaderAlone: Bool) throws {
        var configuration = DecoderConfiguration()
        if ourReaderAlone { configuration.singleEngine = .native }
        let page = try StructuredAppendPage.frame(of: [2, 0, 3, 1])
        let found = BarcodeReader(configuration: configuration).read(page).detections
        try #require(found.count == 1, "\(found.map(\.text))")
        let message = try #require(found.first)
        #expect(message.text == StructuredAppendPage.message.joined())
        #expect(message.structuredAppend?.isComplete == true)
        #expect(message.structuredAppend?.parts.map(\.index) == [0, 1, 2, 3])
        // The whole message's box holds every part's; the parts lie left to right as placed.
        let xs = try #require(message.structuredAppend?.parts.map { $0.corners.map(\.x).min() ?? 0 })
        #expect(xs[2] < xs[0] && xs[0] < xs[3] && xs[3] < xs[1])
        #expect(message.boundingBox.minX <= xs.min()! && message.boundingBox.maxX >= 3 * Double(page.width) / 4)
    }

    /// Three of four: each part is reported as itself, with its place in the sequence.
    @Test func aMessageReadInPartIsItsParts() throws {
        let found = BarcodeReader().read(try StructuredAppendPage.frame(of: [0, 1, 3])).detections
        #expect(Set(found.map(\.text)) == [StructuredAppendPage.message[0], StructuredAppendPage.message[1], StructuredAppendPage.message[3]])
        #expect(found.allSatisfy { $0.structuredAppend?.count == 4 && $0.structuredAppend?.parts.count == 1 })
        #expect(Set(found.compactMap { $0.structuredAppend?.parts.first?.index }) == [0, 1, 3])
    }

    /// A parity that the message's bytes do not give: two messages mixed, or a misread part.
    @Test func aFailedParityJoinsNothing() {
        func part(_ index: Int, _ text: String, parity: Int) -> Detection {
            var detection = Detection(symbology: .qr, bytes: Array(text.utf8), text: text,
                                      corners: [Point(x: Double(index) * 100, y: 0)], engine: .native)
            detection.structuredAppend = StructuredAppend(count: 2, parity: parity, parts: [.init(index: index, corners: detection.corners)])
            return detection
        }
        let right = Int(Array("ab".utf8).reduce(0, ^))
        #expect(StructuredAppendJoin.joined([part(1, "b", parity: right), part(0, "a", parity: right)]).map(\.text) == ["ab"])
        #expect(StructuredAppendJoin.joined([part(1, "b", parity: right ^ 1), part(0, "a", parity: right ^ 1)]).map(\.text) == ["b", "a"])
        // Two readings of one part are no message either.
        #expect(StructuredAppendJoin.joined([part(0, "a", parity: right), part(0, "a", parity: right)]).count == 2)
    }
}
