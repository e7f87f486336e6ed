import ScannerTestSupport
import Testing
@testable import Scanner

/// Our MicroPDF417 reader on zint's renders: every size, the payload modes, turns in 15° steps,
/// 1.5 to 4 pixels a module, and two symbols in one image.
@Suite struct MicroPDF417RoundTripTests {
    /// (columns, rows, capital letters that make zint 2.11 pick that size): all 34.
    static let sizes: [(columns: Int, rows: Int, letters: Int)] = [
        (1, 11, 1), (1, 14, 7), (1, 17, 13), (1, 20, 19), (1, 24, 23), (1, 28, 31),
        (2, 8, 1), (2, 11, 15), (2, 14, 25), (2, 17, 39), (2, 20, 47), (2, 23, 59), (2, 26, 67),
        (3, 6, 1), (3, 8, 11), (3, 10, 19), (3, 12, 27), (3, 15, 35), (3, 20, 65), (3, 26, 77), (3, 32, 107), (3, 38, 115),
        (3, 44, 143),
        (4, 4, 1), (4, 6, 15), (4, 8, 23), (4, 10, 35), (4, 12, 57), (4, 15, 73), (4, 20, 91), (4, 26, 139), (4, 32, 163),
        (4, 38, 179), (4, 44, 215),
    ]

    static func letters(_ count: Int) -> String {
        String((0..<count).map { Character(Unicode.Scalar(UInt8(65 + $0 * 7 % 26))) })
    }

    /// Each size reads back with its size: the RAP cycles and each size's start in them place the
    /// rows, and the standard's check codeword counts correct the symbol.
    @Test func everySize() throws {
        #expect(Self.sizes.count == MicroPDF417Size.all.count)
        for size in Self.sizes {
            let text = Self.letters(size.letters)
            let reads = MicroPDF417TestImage.read(try MicroPDF417TestImage.render(.text(text), columns: size.columns))
            #expect(reads.map(\.text) == [text], "\(size)")
            #expect(reads.first?.matrix?.version == "\(size.rows)x\(size.columns)", "\(size)")
            #expect(reads.first?.matrix?.correctedCodewords == 0, "\(size)")
        }
    }

    static let payloads: [(ZintPayload, String?, [UInt8]?)] = [
        (.text("Mixed case: text, digits 0123 & punctuation!"), "Mixed case: text, digits 0123 & punctuation!", nil),
        (.text("12345678901234567890123456789012345678901234"), "12345678901234567890123456789012345678901234", nil),
        (.text("Größe 42 €"), "Größe 42 €", nil),
        (.bytes([0, 1, 2, 0x80, 0xFF, 0x7F, 0x1B, 0x0A, 0xC3, 0x28, 0x99, 0xFE]), nil, [0, 1, 2, 0x80, 0xFF, 0x7F, 0x1B, 0x0A, 0xC3, 0x28, 0x99, 0xFE]),
    ]

    @Test(arguments: 0..<4)
    func payloadModes(_ index: Int) throws {
        let (payload, text, bytes) = Self.payloads[index]
        for columns in 1...4 {
            guard let frame = try? MicroPDF417TestImage.render(payload, columns: columns) else { continue }
            let reads = MicroPDF417TestImage.read(frame)
            if let text { #expect(reads.map(\.text) == [text], "\(columns) columns") }
            if let bytes { #expect(reads.map(\.bytes) == [bytes], "\(columns) columns") }
        }
    }

    @Test(arguments: stride(from: 0.0, to: 360.0, by: 15.0).map { $0 })
    func turned(_ degrees: Double) throws {
        for columns in [1, 4] {
            let text = "Turned \(Int(degrees)) degrees, \(columns) columns"
            let frame = try MicroPDF417TestImage.render(.text(text), columns: columns, pixelsPerModule: 3, degrees: degrees)
            #expect(MicroPDF417TestImage.read(frame).map(\.text) == [text])
        }
    }

    @Test(arguments: [1.5, 2, 2.5, 3, 4, 6, 8])
    func moduleSizes(_ pixels: Double) throws {
        for columns in 1...4 {
            let text = "At \(pixels) px a module"
            let frame = try MicroPDF417TestImage.render(.text(text), columns: columns, pixelsPerModule: pixels)
            #expect(MicroPDF417TestImage.read(frame).map(\.text) == [text], "\(columns) columns")
        }
    }

    /// Large modules, turned off the rows: the dense lines run further apart there
    /// (`MicroPDF417Reader.denseSpacing`), and a turn's lines must still stay inside rows.
    @Test(arguments: [7.0, 353.0])
    func largeModulesTurned(_ degrees: Double) throws {
        for columns in 1...4 {
            let text = "Large modules, \(columns) columns"
            let frame = try MicroPDF417TestImage.render(.text(text), columns: columns, pixelsPerModule: 8, degrees: degrees)
            #expect(MicroPDF417TestImage.read(frame).map(\.text) == [text], "\(columns) columns")
        }
    }

    /// A symbol sheared (its bars lean off square to its rows) and turned, printed in one bit as
    /// a scanner or a label printer gives it, so that each slanted edge is a staircase of level
    /// steps: the rows' direction is found, and the dense lines along it read the symbol.
    /// Gradient angles, pixel by pixel, saw only the steps (`corpus-more`'s MPDF-0-q.png, bars
    /// leaning 6° off its rows, was read at the 19th turn of the lines).
    @Test(arguments: [(8.0, -6.0), (12.0, 4.0), (-10.0, 7.0)])
    func shearedRowsAreFound(_ shear: Double, _ turn: Double) throws {
        let text = "Sheared \(Int(shear)), turned \(Int(turn))"
        let grey = try MicroPDF417TestImage.render(.text(text), columns: 4, pixelsPerModule: 3).sheared(degrees: shear).rotated(degrees: turn)
        let frame = Frame(width: grey.width, height: grey.height, pixels: grey.packedPixels.map { $0 < 128 ? 0 : 255 })
        let peaks = frame.lumaReads { MicroPDF417Orientation.peaks($0, width: $1, height: $2, stride: $3) }
        // The strongest peak is the bars'; its rows run at `turn`.
        let rows = try #require(peaks.first?.rowDegrees)
        let off = abs((rows - turn + 360).truncatingRemainder(dividingBy: 180))
        #expect(min(off, 180 - off) < 1, "rows at \(rows)°")
        #expect(MicroPDF417TestImage.read(frame).map(\.text) == [text])
    }

    /// Four dense lines cross each row (two modules high), and never less than a pixel apart.
    @Test func denseLinesFollowTheModule() {
        #expect(MicroPDF417Reader.denseSpacing(module: 1.25) == 1)
        #expect(MicroPDF417Reader.denseSpacing(module: 3) == 1)
        #expect(MicroPDF417Reader.denseSpacing(module: 4) == 2)
        #expect(MicroPDF417Reader.denseSpacing(module: 8) == 4)
    }

    /// Two symbols side by side, one turned: both read, each in the box its RAP column gives
    /// (`MicroPDF417Candidates`).
    @Test func twoSymbolsInOneImage() throws {
        let a = try MicroPDF417TestImage.render(.text("The first symbol"), columns: 2, pixelsPerModule: 3)
        let b = try MicroPDF417TestImage.render(.text("The second one, turned"), columns: 3, pixelsPerModule: 3, degrees: 20)
        let width = a.width + b.width, height = max(a.height, b.height)
        var pixels = [UInt8](repeating: 255, count: width * height)
        for (frame, x0) in [(a, 0), (b, a.width)] {
            let p = frame.packedPixels
            for y in 0..<frame.height { for x in 0..<frame.width { pixels[y * width + x0 + x] = p[y * frame.width + x] } }
        }
        let reads = MicroPDF417TestImage.read(Frame(width: width, height: height, pixels: pixels))
        #expect(reads.map(\.text).contains("The first symbol"))
        #expect(Set(reads.map(\.text)) == ["The first symbol", "The second one, turned"])
    }
}
