import Testing
import ScannerTestSupport
@testable import Scanner

@Suite struct Code93Tests {
    static let cases = ["CODE93", "Hello, World!", "abc", "TEST 93 $/+%", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. ",
                        "a{|}~\u{7F}@`[\\]^_;<=>?!\"#&'()*,:"]

    @Test(arguments: cases) func idealRuns(_ text: String) throws {
        let reads = Code93.decode(SyntheticLine.idealRuns(try ZintDump.modules(type: 25, data: text), px: 2))
        #expect(reads.map(\.bytes) == [Array(text.utf8)])
    }

    @Test(arguments: cases.prefix(4)) func blurredLines(_ text: String) throws {
        let t = BlurredLineRoundTrip.check("Code93 \(text)", Code93.decode, modules: try ZintDump.modules(type: 25, data: text),
                                expected: Array(text.utf8))
        #expect(t.easy.rate >= 0.7)
        #expect(t.medium.rate >= 0.05)
        #expect(t.easy.wrong.isEmpty && t.medium.wrong.isEmpty && t.hard.wrong.isEmpty)
    }
}
