import Testing
@testable import Scanner

@Suite struct TerminalSafeTextTests {
    @Test func ansiEscapeSequencesBecomeVisible() {
        #expect(TerminalSafeText.escape("\u{1B}[31mRED\u{1B}[0m") == #"\x1b[31mRED\x1b[0m"#)
        #expect(!TerminalSafeText.escape("\u{1B}]0;title\u{07}").unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func lineBreaksAndTabsKeepTheLineWhole() {
        #expect(TerminalSafeText.escape("one\ntwo\r\nthree\tfour") == #"one\ntwo\r\nthree\tfour"#)
    }

    @Test func everyControlCharacterIsEscaped() {
        #expect(TerminalSafeText.escape("\u{00}\u{07}\u{08}\u{1F}\u{7F}") == #"\x00\x07\x08\x1f\x7f"#)
        // C1 controls: CSI (U+009B) alone starts an escape sequence on some terminals.
        #expect(TerminalSafeText.escape("\u{80}\u{9B}31m\u{9F}") == #"\x80\x9b31m\x9f"#)
        let all = String(String.UnicodeScalarView((0..<0xA0).compactMap(Unicode.Scalar.init)))
        let escaped = TerminalSafeText.escape(all)
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
    }

    @Test func backslashIsDoubledSoEscapesAreUnambiguous() {
        // A payload that spells "\x1b" is not the same as one that holds ESC.
        #expect(TerminalSafeText.escape(#"\x1b"#) == #"\\x1b"#)
        #expect(TerminalSafeText.escape("\u{1B}") == #"\x1b"#)
    }

    @Test func printableTextPassesUnchanged() {
        let text = "Grüße, 日本語 測試 😀 ~!@#$%^&*() \u{A0}\u{A9}"
        #expect(TerminalSafeText.escape(text) == text)
        #expect(TerminalSafeText.escape("") == "")
    }
}
