import Scanner

/// Types payloads as a USB barcode scanner does: each character through the
/// layout, then a suffix (Enter by default). A payload is checked whole
/// before any key is pressed: one with a character the layout cannot type,
/// or a control character (unless allowed), is refused, never typed wrong.
public struct KeyboardWedge: Sendable {
    /// What follows each payload.
    public enum Suffix: String, Sendable, CaseIterable {
        case enter, tab, none
    }

    public enum Refusal: Error, Sendable, CustomStringConvertible {
        case controlCharacters([Character])
        case untypeable([Character], layout: String)

        public var description: String {
            switch self {
            case .controlCharacters(let characters):
                return "payload holds the control character\(characters.count > 1 ? "s" : "") \(Self.names(characters)): not typed (--type-control types tab and newline)"
            case .untypeable(let characters, let layout):
                return "the \(layout) keyboard layout cannot type \(Self.names(characters)): payload not typed (see --keyboard-layout)"
            }
        }

        private static func names(_ characters: [Character]) -> String {
            characters.map { character in
                let scalars = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(4) }
                let shown = character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control } ? "" : "'\(character)' "
                return shown + "(" + scalars.joined(separator: " ") + ")"
            }.joined(separator: ", ")
        }
    }

    public var layout: KeyboardLayout
    public var suffix: Suffix
    /// Whether tab and newline in a payload are typed (as Tab and Enter).
    public var typesControlCharacters: Bool

    public init(layout: KeyboardLayout = .us, suffix: Suffix = .enter, typesControlCharacters: Bool = false) {
        self.layout = layout
        self.suffix = suffix
        self.typesControlCharacters = typesControlCharacters
    }

    /// The strokes that type `payload` and the suffix, or why it is refused.
    public func strokes(for payload: String) throws(Refusal) -> [KeyboardLayout.Stroke] {
        var strokes: [KeyboardLayout.Stroke] = []
        var control: [Character] = [], untypeable: [Character] = []
        for character in payload {
            if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                switch character {
                case _ where !typesControlCharacters: control.append(character)
                case "\n", "\r\n": strokes.append(.init(key: KeyCode.enter, modifier: .none))
                case "\t": strokes.append(.init(key: KeyCode.tab, modifier: .none))
                default: control.append(character)
                }
            } else if let stroke = layout.stroke(for: character) {
                strokes.append(stroke)
            } else {
                untypeable.append(character)
            }
        }
        if !control.isEmpty { throw .controlCharacters(control) }
        if !untypeable.isEmpty { throw .untypeable(untypeable, layout: layout.name) }
        switch suffix {
        case .enter: strokes.append(.init(key: KeyCode.enter, modifier: .none))
        case .tab: strokes.append(.init(key: KeyCode.tab, modifier: .none))
        case .none: break
        }
        return strokes
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
