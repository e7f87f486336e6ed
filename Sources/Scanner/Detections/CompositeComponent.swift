/// The 2D component of a GS1 Composite (ISO/IEC 24723), printed above its linear symbol.
public enum CompositeComponent: String, Sendable, Hashable, Codable {
    /// A MicroPDF417-like symbol of its own sizes, without a mode codeword.
    case ccA = "cc-a"
    /// A MicroPDF417 whose first data codeword is 920.
    case ccB = "cc-b"
    /// A PDF417 whose first data codeword is 920.
    case ccC = "cc-c"
}
