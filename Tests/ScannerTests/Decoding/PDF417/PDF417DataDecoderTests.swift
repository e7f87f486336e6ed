import Testing
import ScannerTestSupport
@testable import Scanner

/// Codewords of zint's renders (read from the clean modules) through Reed–Solomon and the data
/// decoder: every compaction mode, ECI, Macro PDF417.
@Suite struct PDF417DataDecoderTests {
    static func decode(_ c: PDF417TestSymbol.Case) throws -> PDF417Read? {
        let r = try PDF417TestSymbol.render(c)
        let rows = PDF417TestSymbol.codewordRows(r, compact: c.compact)
        let columns = rows[0].count - (c.compact ? 1 : 2)
        let left = try #require(rows[1].first??.value)
        let level = (left % 30) / 3
        let words = rows.flatMap { $0.dropFirst().prefix(columns).map { $0?.value } }
        return PDF417SymbolDecoder.decode(words, rows: rows.count, columns: columns, level: level)
    }

    static let printable = String((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) })

    static let cases: [PDF417TestSymbol.Case] = [
        .init(payload: .text("Hello, World"), expected: "Hello, World"),
        .init(payload: .text(printable), expected: printable),
        .init(payload: .text("lower UPPER mixed 123 & punct ;<>@[\\]_`~! \"|(){}'?\n\t\r done"),
              expected: "lower UPPER mixed 123 & punct ;<>@[\\]_`~! \"|(){}'?\n\t\r done"),
        .init(payload: .text("aBcDeFgH iJ kL 1a2b3c ?x?y"), expected: "aBcDeFgH iJ kL 1a2b3c ?x?y"),
        .init(payload: .text("12345678901234567890123456789012345678901234567890123"), expected: "12345678901234567890123456789012345678901234567890123"),
        .init(payload: .text("Numbers 0123456789012345 in text"), expected: "Numbers 0123456789012345 in text"),
        .init(payload: .bytes(Array(0...255)), expected: String(String.UnicodeScalarView((0...255).map { Unicode.Scalar(UInt8($0)) }))),
        .init(payload: .bytes([0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86]), expected: "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}"),
        .init(payload: .bytes([0xC8, 0xC9, 0xCA, 0xCB, 0xCC]), expected: "ÈÉÊËÌ"),
        .init(payload: .text("Latin-1: café"), expected: "Latin-1: café"),
        .init(payload: .text("Кириллица"), eci: 7, expected: "Кириллица"),
        .init(payload: .text("UTF-8: 日本語"), eci: 26, expected: "UTF-8: 日本語"),
    ]

    @Test(arguments: cases)
    func decodesZintRenders(_ c: PDF417TestSymbol.Case) throws {
        let read = try #require(try Self.decode(c))
        #expect(read.message.text == c.expected)
        #expect(read.correctedCodewords == 0)
        if c.eci != 0 { #expect(read.message.ecis == [c.eci]) }
    }

    @Test func macroPDF417ControlBlock() throws {
        for (index, count) in [(1, 3), (2, 3), (3, 3)] {
            let c = PDF417TestSymbol.Case(payload: .text("part \(index)"), structuredAppend: (index, count, "123456"), expected: "part \(index)")
            let read = try #require(try Self.decode(c))
            #expect(read.message.text == c.expected)
            let macro = try #require(read.message.macro)
            #expect(macro.segmentIndex == index - 1)
            #expect(macro.fileID == "123456")
            #expect(macro.segmentCount == count)
            #expect(macro.isLastSegment == (index == count))
        }
    }

    @Test func reservedAndMisplacedControlsAreErrors() {
        #expect(PDF417DataDecoder.decode([1, 921]) == nil)
        #expect(PDF417DataDecoder.decode([918, 1]) == nil)
        #expect(PDF417DataDecoder.decode([922]) == nil)
        #expect(PDF417DataDecoder.decode([921, 1])?.readerInitialisation == true)
        #expect(PDF417DataDecoder.decode([913]) == nil)
        #expect(PDF417DataDecoder.decode([901, 300]) == nil)
        #expect(PDF417DataDecoder.decode([902, 5]) == nil)
        #expect(PDF417DataDecoder.decode([1, 2, 3])?.text == "ABACAD")
    }
}
