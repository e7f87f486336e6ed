import Scanner

/// Which key, with which modifier, types a character on a keyboard layout,
/// as a hardware scanner must be told what layout its host expects.
/// Dead keys (German ´ ` ^) are left out: they would combine with the next
/// character instead of typing.
public struct KeyboardLayout: Sendable {
    public enum Modifier: Sendable { case none, shift, altGr }

    /// A key press: a Linux key code (input-event-codes.h) and its modifier.
    public struct Stroke: Sendable, Hashable {
        public let key: UInt16
        public let modifier: Modifier
    }

    public let name: String
    private let strokes: [Character: Stroke]

    /// The layouts `--keyboard-layout` names.
    public static let all = [us, de]

    /// US English (QWERTY).
    public static let us = KeyboardLayout(name: "us", rows: [
        .none: [(2, "1234567890-="), (16, "qwertyuiop[]"), (30, "asdfghjkl;'`"), (43, "\\zxcvbnm,./"), (57, " ")],
        .shift: [(2, "!@#$%^&*()_+"), (16, "QWERTYUIOP{}"), (30, "ASDFGHJKL:\"~"), (43, "|ZXCVBNM<>?")],
    ])

    /// German (QWERTZ), with the AltGr characters @ € { [ ] } \ ~ |.
    public static let de = KeyboardLayout(name: "de", rows: [
        .none: [(2, "1234567890ß"), (16, "qwertzuiopü+"), (30, "asdfghjklöä"), (43, "#yxcvbnm,.-"), (57, " "), (86, "<")],
        .shift: [(2, "!\"§$%&/()=?"), (16, "QWERTZUIOPÜ*"), (30, "ASDFGHJKLÖÄ"), (43, "'YXCVBNM;:_"), (86, ">")],
        .altGr: [(8, "{[]}\\"), (16, "@"), (18, "€"), (27, "~"), (86, "|")],
    ])

    /// Keys in order from a first key code, for each modifier.
    private init(name: String, rows: [Modifier: [(first: UInt16, characters: String)]]) {
        self.name = name
        var strokes: [Character: Stroke] = [:]
        for (modifier, runs) in rows {
            for run in runs {
                for (offset, character) in run.characters.enumerated() {
                    strokes[character] = Stroke(key: run.first + UInt16(offset), modifier: modifier)
                }
            }
        }
        self.strokes = strokes
    }

    /// The layout called `name`, if there is one.
    public static func named(_ name: String) -> KeyboardLayout? { all.first { $0.name == name } }

    /// The stroke that types `character`, or nil when the layout has none.
    public func stroke(for character: Character) -> Stroke? { strokes[character] }

    /// Every key code a layout uses, with the modifiers and Enter and Tab:
    /// what the virtual keyboard declares.
    public var keys: Set<UInt16> {
        Set(strokes.values.map(\.key)).union([KeyCode.leftShift, KeyCode.rightAlt, KeyCode.enter, KeyCode.tab])
    }
}

/// The few key codes named outside the layouts' rows.
public enum KeyCode {
    public static let enter: UInt16 = 28
    public static let tab: UInt16 = 15
    public static let leftShift: UInt16 = 42
    public static let rightAlt: UInt16 = 100
}
