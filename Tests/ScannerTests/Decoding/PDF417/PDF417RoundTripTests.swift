import Foundation
import Testing
import ScannerTestSupport
@testable import Scanner

/// zint renders read back by our engine alone: every EC level and column count, compact, Macro
/// PDF417, payload kinds, turned in 15° steps, tilted in perspective, mirrored, inverted, 1.5–4
/// pixels a module.
@Suite struct PDF417RoundTripTests {
    static func read(_ frame: Frame) -> [Detection] {
        PDF417Engine().decode(frame, symbologies: [.pdf417], options: EngineOptions())
    }

    /// A render at 2 pixels a module brought to `pixelsPerModule`, turned clockwise by `degrees`.
    static func image(_ c: PDF417TestSymbol.Case, pixelsPerModule: Double = 2, degrees: Double = 0, mirrored: Bool = false,
                      inverted: Bool = false) throws -> Frame {
        var f = try PDF417TestSymbol.render(c, moduleSize: 4, margin: 40).frame
        if mirrored { f = MaxiCodeTestImage.mirrored(f) }
        f = f.scaled(by: pixelsPerModule / 4)
        if degrees != 0 { f = f.rotated(degrees: degrees) }
        return inverted ? f.inverted() : f
    }

    static let text = "PDF417 round trip through zint, ISO/IEC 15438."

    @Test(arguments: Array(0...8))
    func everyLevel(_ level: Int) throws {
        let c = PDF417TestSymbol.Case(payload: .text(Self.text), columns: level < 7 ? 6 : 20, level: level, expected: Self.text)
        let reads = Self.read(try Self.image(c))
        #expect(reads.map(\.text) == [c.expected])
        #expect(reads.first?.matrix?.errorCorrectionLevel == String(level))
    }

    @Test(arguments: Array(1...30))
    func everyColumnCount(_ columns: Int) throws {
        let c = PDF417TestSymbol.Case(payload: .text(Self.text), columns: columns, level: 2, expected: Self.text)
        let reads = Self.read(try Self.image(c))
        #expect(reads.map(\.text) == [c.expected])
        #expect(reads.first?.matrix?.version.hasSuffix("x\(columns)") == true)
    }

    @Test(arguments: stride(from: 0.0, to: 360.0, by: 15.0).map { $0 })
    func turned(_ degrees: Double) throws {
        let c = PDF417TestSymbol.Case(payload: .text(Self.text), columns: 5, expected: Self.text)
        let reads = Self.read(try Self.image(c, pixelsPerModule: 3, degrees: degrees))
        #expect(reads.map(\.text) == [c.expected], "\(reads.map(\.corners))")
    }

    @Test(arguments: [1.5, 2, 2.5, 3, 4])
    func moduleSizes(_ ppm: Double) throws {
        let c = PDF417TestSymbol.Case(payload: .text(Self.text), columns: 4, expected: Self.text)
        #expect(Self.read(try Self.image(c, pixelsPerModule: ppm)).map(\.text) == [c.expected])
    }

    @Test func mirroredAndInverted() throws {
        let c = PDF417TestSymbol.Case(payload: .text(Self.text), columns: 4, expected: Self.text)
        #expect(Self.read(try Self.image(c, pixelsPerModule: 3, mirrored: true)).map(\.text) == [c.expected])
        #expect(Self.read(try Self.image(c, pixelsPerModule: 3, inverted: true)).map(\.text) == [c.expected])
        #expect(Self.read(try Self.image(c, pixelsPerModule: 3, degrees: 30, mirrored: true, inverted: true)).map(\.text) == [c.expected])
    }

    @Test(arguments: PDF417DataDecoderTests.cases)
    func payloads(_ c: PDF417TestSymbol.Case) throws {
        #expect(Self.read(try Self.image(c, pixelsPerModule: 2.5, degrees: 10)).map(\.text) == [c.expected])
    }
}
