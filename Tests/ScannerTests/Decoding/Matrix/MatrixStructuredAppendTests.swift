import ScannerTestSupport
import Testing
@testable import Scanner

/// Structured append beyond QR: our Aztec and Data Matrix readers name each
/// symbol's place in its sequence and the sequence's ID, and the parts of one
/// message read in one frame are one detection.
@Suite struct MatrixStructuredAppendTests {
    static let cases: [(Symbology, id: String, reported: String)] = [(.aztec, "SHOP1", "SHOP1"), (.dataMatrix, "12034", "12.34")]

    @Test(arguments: cases)
    func fourPartsSideBySideAreOneDetection(symbology: Symbology, id: String, reported: String) throws {
        var configuration = DecoderConfiguration()
        configuration.singleEngine = .native
        let page = try StructuredAppendPage.frame(of: [2, 0, 3, 1], symbology: symbology, id: id)
        let found = BarcodeReader(configuration: configuration).read(page).detections
        try #require(found.count == 1, "\(found.map(\.text))")
        let message = try #require(found.first)
        #expect(message.symbology == symbology)
        #expect(message.text == StructuredAppendPage.message.joined())
        #expect(message.structuredAppend?.isComplete == true)
        #expect(message.structuredAppend?.id == reported)
    }

    @Test(arguments: cases)
    func aMessageReadInPartIsItsParts(symbology: Symbology, id: String, reported: String) throws {
        var configuration = DecoderConfiguration()
        configuration.singleEngine = .native
        let found = BarcodeReader(configuration: configuration).read(try StructuredAppendPage.frame(of: [0, 3], symbology: symbology, id: id))
            .detections
        #expect(Set(found.map(\.text)) == [StructuredAppendPage.message[0], StructuredAppendPage.message[3]])
        #expect(found.allSatisfy { $0.structuredAppend?.count == 4 && $0.structuredAppend?.parts.count == 1 && $0.structuredAppend?.id == reported })
    }

    /// Two messages of one length are told apart by their IDs, not joined.
    @Test func partsOfDifferentIDsJoinNothing() {
        func part(_ index: Int, _ text: String, id: String) -> Detection {
            var detection = Detection(symbology: .aztec, bytes: Array(text.utf8), text: text,
                                      corners: [Point(x: Double(index) * 100, y: 0)], engine: .native)
            detection.structuredAppend = StructuredAppend(count: 2, parity: 0, id: id, parts: [.init(index: index, corners: detection.corners)])
            return detection
        }
        #expect(StructuredAppendJoin.joined([part(1, "b", id: "X"), part(0, "a", id: "X")]).map(\.text) == ["ab"])
        #expect(StructuredAppendJoin.joined([part(1, "b", id: "X"), part(0, "a", id: "Y")]).map(\.text) == ["b", "a"])
    }
}
