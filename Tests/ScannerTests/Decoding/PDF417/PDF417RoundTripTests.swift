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
        let mirrored = Self.read(try Self.image(c, pixelsPerModule: 3, mirrored: true))
        #expect(mirrored.map(\.text) == [c.expected])
        #expect(mirrored.first?.matrix?.mirrored == true)
        #expect(Self.read(try Self.image(c, pixelsPerModule: 3)).first?.matrix?.mirrored == false)
        #expect(Self.read(try Self.image(c, pixelsPerModule: 3, inverted: true)).map(\.text) == [c.expected])
        #expect(Self.read(try Self.image(c, pixelsPerModule: 3, degrees: 30, mirrored: true, inverted: true)).map(\.text) == [c.expected])
    }

    @Test(arguments: PDF417DataDecoderTests.cases)
    func payloads(_ c: PDF417TestSymbol.Case) throws {
        #expect(Self.read(try Self.image(c, pixelsPerModule: 2.5, degrees: 10)).map(\.text) == [c.expected])
    }
}

extension PDF417RoundTripTests {
    @Test(arguments: [1, 3, 8])
    func compact(_ columns: Int) throws {
        let c = PDF417TestSymbol.Case(payload: .text(Self.text), columns: columns, compact: true, expected: Self.text)
        #expect(Self.read(try Self.image(c, pixelsPerModule: 2.5)).map(\.text) == [c.expected])
        #expect(Self.read(try Self.image(c, pixelsPerModule: 3, degrees: 20)).map(\.text) == [c.expected])
    }

    /// Three segments of one file in one image join into one message.
    @Test func macroSegmentsJoin() throws {
        let parts = ["Macro PDF417 ", "in three ", "segments."]
        var frames: [Frame] = []
        for (i, part) in parts.enumerated() {
            let c = PDF417TestSymbol.Case(payload: .text(part), columns: 3, structuredAppend: (i + 1, 3, "017053"), expected: part)
            frames.append(try Self.image(c, pixelsPerModule: 2))
        }
        let width = frames.map(\.width).reduce(0, +), height = frames.map(\.height).max() ?? 0
        var canvas = [UInt8](repeating: 255, count: width * height)
        var x = 0
        for f in frames.reversed() {
            let p = f.packedPixels
            for row in 0..<f.height { for col in 0..<f.width { canvas[row * width + x + col] = p[row * f.width + col] } }
            x += f.width
        }
        let reads = Self.read(Frame(width: width, height: height, pixels: canvas))
        #expect(reads.count == 3)
        #expect(reads.allSatisfy { $0.structuredAppend?.id == "017053" && $0.structuredAppend?.count == 3 })
        let joined = StructuredAppendJoin.joined(reads)
        #expect(joined.map(\.text) == [parts.joined()])
    }

    /// Tilted away: one side a third shorter than the other, as a photo at an angle.
    @Test(arguments: [0.0, 90.0, 200.0])
    func perspective(_ degrees: Double) throws {
        let c = PDF417TestSymbol.Case(payload: .text(Self.text), columns: 6, expected: Self.text)
        let f = try Self.image(c, pixelsPerModule: 3)
        #expect(Self.read(Self.tilted(f).rotated(degrees: degrees)).map(\.text) == [c.expected])
    }

    /// `f` with its right side shrunk to two thirds of its height about the middle, bilinear.
    static func tilted(_ f: Frame) -> Frame {
        let p = f.packedPixels, w = f.width, h = f.height
        var out = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let k = 1 - 0.33 * Double(x) / Double(w)
                let sy = (Double(y) - Double(h) / 2) / k + Double(h) / 2
                // Columns crowd towards the far side, as they do in perspective.
                let sx = Double(w) * (Double(x) / Double(w)) / (1 + 0.4 * (1 - Double(x) / Double(w))) * 1.4
                guard sy >= 0, sy < Double(h - 1), sx >= 0, sx < Double(w - 1) else { continue }
                let x0 = Int(sx), y0 = Int(sy), ax = sx - Double(x0), ay = sy - Double(y0)
                let top = Double(p[y0 * w + x0]) * (1 - ax) + Double(p[y0 * w + x0 + 1]) * ax
                let bottom = Double(p[(y0 + 1) * w + x0]) * (1 - ax) + Double(p[(y0 + 1) * w + x0 + 1]) * ax
                out[y * w + x] = UInt8(top * (1 - ay) + bottom * ay)
            }
        }
        return Frame(width: w, height: h, pixels: out)
    }
}
