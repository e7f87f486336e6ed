/// Why a symbol's GS1 data is malformed. The symbol's raw text is still
/// reported beside it: malformed data is never "fixed".
public enum GS1ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The symbol is marked GS1 but carries no element string.
    case empty
    /// The digits at `offset` begin no known Application Identifier.
    case unknownAI(String, offset: Int)
    /// A fixed-length field is shorter than GS1 defines it.
    case tooShort(ai: String, expected: Int, found: Int)
    /// A variable-length field runs past its maximum (a missing separator?).
    case tooLong(ai: String, maximum: Int, found: Int)
    /// A field that must be digits holds something else.
    case notNumeric(ai: String, value: String)
    /// A character outside GS1's 82-character set.
    case invalidCharacter(ai: String, value: String)
    /// The field's GS1 mod-10 check digit is wrong.
    case badCheckDigit(ai: String, value: String)
    /// A date field that is no YYMMDD date.
    case invalidDate(ai: String, value: String)
    /// An AI followed directly by a separator or the end.
    case emptyField(ai: String)
    /// Human-readable text that is not `(AI)value(AI)value...`.
    case notElementStrings(String)

    public var description: String {
        switch self {
        case .empty: "no GS1 element string"
        case .unknownAI(let digits, let offset): "unknown application identifier at offset \(offset) ('\(digits)...')"
        case .tooShort(let ai, let expected, let found): "AI (\(ai)) needs \(expected) characters, found \(found)"
        case .tooLong(let ai, let maximum, let found): "AI (\(ai)) holds at most \(maximum) characters, found \(found)"
        case .notNumeric(let ai, let value): "AI (\(ai)) must be digits, found '\(value)'"
        case .invalidCharacter(let ai, let value): "AI (\(ai)) holds a character outside GS1's set: '\(value)'"
        case .badCheckDigit(let ai, let value): "AI (\(ai)) has a wrong check digit: \(value)"
        case .invalidDate(let ai, let value): "AI (\(ai)) is not a YYMMDD date: \(value)"
        case .emptyField(let ai): "AI (\(ai)) has no data"
        case .notElementStrings(let text): "not GS1 element strings: '\(text)'"
        }
    }
}
