import Scanner
import ScanKeyboard
import Testing

@Suite struct KeyboardWedgePolicyTests {
    @Test func untypeableCharactersAreNamedAndNothingIsTyped() {
        #expect(throws: KeyboardWedge.Refusal.self) { try KeyboardWedge().strokes(for: "café") }
        do {
            _ = try KeyboardWedge().strokes(for: "café ß")
            Issue.record("typed")
        } catch {
            #expect(error.description.contains("'é' (U+00E9), 'ß' (U+00DF)"), "\(error)")
        }
        // The German layout has ß.
        #expect(throws: KeyboardWedge.Refusal.self) { try KeyboardWedge(layout: .de).strokes(for: "é") }
        #expect((try? KeyboardWedge(layout: .de).strokes(for: "ß"))?.count == 2)
    }

    @Test func controlCharactersAreTypedOnlyWhenAllowed() throws {
        #expect(throws: KeyboardWedge.Refusal.self) { try KeyboardWedge().strokes(for: "a\nb") }
        let allowed = try KeyboardWedge(suffix: .none, typesControlCharacters: true).strokes(for: "a\tb\n")
        #expect(allowed.map(\.key) == [30, KeyCode.tab, 48, KeyCode.enter])
        // ESC is never typed.
        #expect(throws: KeyboardWedge.Refusal.self) { try KeyboardWedge(typesControlCharacters: true).strokes(for: "\u{1b}") }
    }
}
