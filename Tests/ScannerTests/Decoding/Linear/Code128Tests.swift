import Testing
import ScannerTestSupport
@testable import Scanner

@Suite struct Code128Tests {
    struct Case: Sendable, CustomStringConvertible {
        var data: String
        var options: [String] = []
        var expected: [UInt8]
        var isGS1 = false
        var description: String { data }
    }

    static let cases: [Case] = [
        Case(data: "Code128", expected: Array("Code128".utf8)),
        Case(data: "1234567890123456", expected: Array("1234567890123456".utf8)),         // set C
        Case(data: "AB12345678cd", expected: Array("AB12345678cd".utf8)),                 // B, C, B
        Case(data: "\\x01\\x02ABC\\x03abc", options: ["--esc"], expected: [1, 2, 65, 66, 67, 3, 97, 98, 99]), // A, shifts
        Case(data: "Müller", expected: [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72]),              // FNC4
        Case(data: "ÀÉÎÕÜ", expected: [0xC0, 0xC9, 0xCE, 0xD5, 0xDC]),                      // double FNC4 latch
        Case(data: "[01]09501101530003[10]ABC123[21]X", options: ["--gs1"],
             expected: Array("010950110153000310ABC123\u{1D}21X".utf8), isGS1: true),
    ]

    static func modules(_ c: Case) throws -> [Bool] {
        try ZintDump.modules(type: c.isGS1 ? 16 : 20, data: c.data, options: c.options)
    }

    @Test(arguments: cases) func idealRuns(_ c: Case) throws {
        let reads = Code128.decode(SyntheticLine.idealRuns(try Self.modules(c), px: 2))
        #expect(reads.map(\.bytes) == [c.expected])
        #expect(reads.first?.isGS1 == c.isGS1)
    }

    /// Every value of sets B and C through the table.
    @Test func everyPattern() throws {
        let printable = (32...126).map { Character(Unicode.Scalar(UInt8($0))) }
        let digits = (0..<100).map { $0 < 10 ? "0\($0)" : "\($0)" }.joined()
        for text in [String(printable[..<48]), String(printable[48...]), String(digits.prefix(100)), String(digits.dropFirst(100))] {
            let reads = Code128.decode(SyntheticLine.idealRuns(try ZintDump.modules(type: 20, data: text)))
            #expect(reads.map(\.bytes) == [Array(text.utf8)])
        }
    }

    @Test(arguments: cases) func blurredLines(_ c: Case) throws {
        let t = BlurredLineRoundTrip.check("Code128 \(c)", Code128.decode, modules: try Self.modules(c),
                                expected: c.expected, isGS1: c.isGS1)
        #expect(t.easy.rate >= 0.85)
        #expect(t.medium.rate >= 0.3)  // measured 35-80%
        #expect(t.easy.wrong.isEmpty && t.medium.wrong.isEmpty && t.hard.wrong.isEmpty)
    }
}
