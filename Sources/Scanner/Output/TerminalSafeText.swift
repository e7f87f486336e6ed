/// Makes payload text safe to print on a terminal.
///
/// A payload is untrusted input: a QR code can hold ANSI escape sequences
/// that would move the cursor, recolour or retitle the terminal. Every
/// control character (C0, DEL, C1) and the backslash itself become visible
/// escapes, so the printed line is unambiguous and one line per symbol.
public enum TerminalSafeText {
    /// `text` with backslash as `\\`, newline, CR and tab as `\n`, `\r`, `\t`, and
    /// other control characters as `\xNN`.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00..<0x20, 0x7F..<0xA0: result += "\\x" + hex2(scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func hex2(_ value: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(value >> 4) & 0xF], digits[Int(value) & 0xF]])
    }
}
