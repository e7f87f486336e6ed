import ScannerTestSupport
import Testing
@testable import Scanner

/// One symbol read in two stretches of lines, with a stretch that reads
/// nothing between them, is one detection (`LinearEngine.isOneSymbol`); two
/// equal labels stay two.
@Suite struct LinearJoinTests {
    static func group(start: Float, end: Float, offsets: ClosedRange<Float>, text: String = "854818000116") -> LinearSymbolVoting.VotedSymbol {
        LinearSymbolVoting.VotedSymbol(
            symbology: .upca, bytes: Array(text.utf8), isGS1: false, evidence: 1, linked: false, margin: 1, start: start, end: end,
            minOffset: offsets.lowerBound, maxOffset: offsets.upperBound, first: start...end, last: start...end, reversed: false)
    }

    @Test func aCreasedSymbolWhoseEndsMoveIsOne() {
        // upca-3/17: ends 4.6 and 7.7 pixels apart, a crease of 36 pixels.
        let upper = Self.group(start: 80.3, end: 248.9, offsets: -42 ... -42), lower = Self.group(start: 75.7, end: 256.6, offsets: -6...18)
        #expect(LinearEngine.isOneSymbol(upper, lower))
        #expect(LinearEngine.joined([lower, upper]).count == 1)
    }

    @Test func equalLabelsStayTwo() {
        let left = Self.group(start: 20, end: 200, offsets: 0...30)
        // Side by side on the same lines, and one above the other further apart than a quarter of their length.
        #expect(!LinearEngine.isOneSymbol(left, Self.group(start: 240, end: 420, offsets: 0...30)))
        #expect(!LinearEngine.isOneSymbol(left, Self.group(start: 26, end: 212, offsets: 80...110)))
        // Another payload in the same place is not the same symbol.
        #expect(!LinearEngine.isOneSymbol(left, Self.group(start: 20, end: 200, offsets: 36...60, text: "012345678905")))
    }

    /// An EAN-13 whose lower half lies 5 % of its length further along the
    /// lines, past a white band that no line reads: one detection.
    @Test func aSymbolCutByABandIsReadOnce() throws {
        let symbol = try ZintRenderer.render(.ean13, .text("590123412345"), moduleSize: 3, margin: 40, barHeight: 60).frame
        let shift = Int(0.05 * Double(symbol.width - 80)), band = 24, half = symbol.height / 2
        var pixels = [UInt8](repeating: 255, count: (symbol.width + shift) * (symbol.height + band))
        let width = symbol.width + shift
        symbol.withUnsafeBytes { raw in
            for y in 0..<symbol.height {
                let (dy, dx) = y < half ? (y, 0) : (y + band, shift)
                for x in 0..<symbol.width { pixels[dy * width + x + dx] = raw[y * symbol.stride + x] }
            }
        }
        var configuration = DecoderConfiguration(symbologies: [.ean13])
        configuration.singleEngine = .native
        let found = BarcodeReader(configuration: configuration).read(Frame(width: width, height: symbol.height + band, pixels: pixels)).detections
        #expect(found.map(\.text) == ["5901234123457"], "\(found.map(\.humanReadable))")
    }
}
