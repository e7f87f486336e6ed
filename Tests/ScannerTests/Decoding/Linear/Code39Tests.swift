import Testing
import ScannerTestSupport
@testable import Scanner

@Suite struct Code39Tests {
    struct Case: Sendable, CustomStringConvertible {
        var type = 8
        var data: String
        /// The drawn characters.
        var expected: String
        var description: String { "-b \(type) \(data)" }
    }

    static let code32Alphabet = Array("0123456789BCDFGHJKLMNPQRSTUVWXYZ")

    /// Code 32 draws the 9 digits (8 + check) as six base-32 characters.
    static func code32(_ digits: Int) -> String {
        var v = digits, s = ""
        for _ in 0..<6 { s = String(code32Alphabet[v % 32]) + s; v /= 32 }
        return s
    }

    static let cases: [Case] = [
        Case(data: "CODE39", expected: "CODE39"),
        Case(data: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%", expected: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%"),
        Case(data: "A", expected: "A"),
        Case(type: 9, data: "abc+1", expected: "+A+B+C/K1"),          // Extended Code 39: drawn shifts
        Case(type: 129, data: "12345678", expected: code32(123456788)), // Code 32: A123456788 once interpreted
        Case(type: 52, data: "123456", expected: "-01234562"),          // PZN
        Case(type: 52, data: "1234567", expected: "-12345678"),
    ]

    @Test(arguments: cases) func idealRuns(_ c: Case) throws {
        let modules = try ZintDump.modules(type: c.type, data: c.data)
        let reads = Code39.decode(SyntheticLine.idealRuns(modules, px: 2))
        #expect(reads.map(\.bytes) == [Array(c.expected.utf8)])
    }

    @Test(arguments: cases) func blurredLines(_ c: Case) throws {
        let modules = try ZintDump.modules(type: c.type, data: c.data)
        // zint draws 2:1; 3:1 is the other end of the standard's range.
        for wide: Float? in [nil, 3] {
            let t = BlurredLineRoundTrip.check("Code39 \(c) wide \(wide ?? 2)", Code39.decode, modules: modules,
                                    expected: Array(c.expected.utf8), wide: wide)
            // Measured: 3:1 reads all of easy and ~90% of medium; 2:1 ~70% of easy.
            #expect(t.easy.rate >= (wide == 3 ? 0.95 : 0.6))
            #expect(t.medium.rate >= (wide == 3 ? 0.7 : 0))
            #expect(t.easy.wrong.isEmpty && t.medium.wrong.isEmpty && t.hard.wrong.isEmpty)
        }
    }

    @Test func pzn() throws {
        #expect(PZN.kind(of: Array("-01234562".utf8)) == .pzn8)
        #expect(PZN.kind(of: Array("-12345678".utf8)) == .pzn8)
        #expect(PZN.kind(of: Array("-1234562".utf8)) == .pzn7)
        #expect(PZN.kind(of: Array("-01234563".utf8)) == nil)
        #expect(PZN.kind(of: Array("01234562".utf8)) == nil)
        #expect(PZN.kind(of: Array("-0123456A".utf8)) == nil)
        #expect(PZN.kind(of: []) == nil)
        // What zint draws for PZN reads back as a PZN8.
        let reads = Code39.decode(SyntheticLine.idealRuns(try ZintDump.modules(type: 52, data: "123456"), px: 3))
        #expect(reads.first.flatMap { PZN.kind(of: $0.bytes) } == .pzn8)
    }
}
