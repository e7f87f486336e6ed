import ScannerTestSupport
import Testing
@testable import Scanner

/// zbar merges every read of one payload in an image into one symbol; the
/// geometry stage separates identical linear codes again.
@Suite struct LinearGeometryTests {
    /// `count` copies of one zint EAN-13 in a row on a grey frame, `gap`
    /// pixels apart, turned by `quarterTurns`.
    func row(of count: Int, gap: Int, quarterTurns: Int = 0, symbology: Symbology = .ean13, text: String = "5012345678900") throws -> Frame {
        let symbol = try ZintRenderer.render(symbology, .text(text), moduleSize: 2)
        var clip = RecordingBuilder(width: count * (symbol.frame.width + gap) + gap, height: symbol.frame.height + 40)
        let placements = (0..<count).map {
            RecordingBuilder.Placement(symbol, x: gap + $0 * (symbol.frame.width + gap), y: 20)
        }
        clip.show(placements, frames: 1)
        return clip.frame(0).rotated(quarterTurns: quarterTurns)
    }

    func decode(_ frame: Frame, _ symbology: Symbology = .ean13) -> [Detection] {
        var meter = WorkMeter(timeLimit: nil)
        return LinearGeometry(engine: ZBarEngine(), symbologies: [symbology], options: EngineOptions())
            .detections(in: frame, meter: &meter)
    }

    @Test(arguments: [(2, 0), (3, 0), (2, 1)])
    func identicalCodesSideBySideAreSeparateDetections(count: Int, quarterTurns: Int) throws {
        let frame = try row(of: count, gap: 40, quarterTurns: quarterTurns)
        let found = decode(frame)
        #expect(found.count == count)
        #expect(found.allSatisfy { $0.text == "5012345678900" })
        // Each detection covers one code, not the whole row.
        let along = found.map { quarterTurns == 0 ? $0.center.x : $0.center.y }.sorted()
        let length = Double(quarterTurns == 0 ? frame.width : frame.height)
        for (index, position) in along.enumerated() {
            #expect(abs(position - length * (Double(index) + 0.5) / Double(count)) < length / Double(2 * count))
        }
    }

    /// Every row of a tall code reads it, ending at the same column: the
    /// code must not be cut along its rows into two.
    @Test func oneTallCodeStaysOneDetection() throws {
        let symbol = try ZintRenderer.render(.code39, .text("MOROVIA"), moduleSize: 2)
        let middle = symbol.symbolBox.y + symbol.symbolBox.height / 2
        let pixels = (0..<400).flatMap { y in
            (0..<symbol.frame.width).map { x in (20..<380).contains(y) ? symbol.frame[x, middle] : 255 }
        }
        let found = decode(Frame(width: symbol.frame.width, height: 400, pixels: pixels), .code39)
        #expect(found.map(\.text) == ["MOROVIA"])
    }
}
