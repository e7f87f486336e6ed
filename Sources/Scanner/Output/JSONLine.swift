import FoundationEssentials

/// A JSON object written as one line, keys in the order they are added.
///
/// Hand-rolled rather than `JSONEncoder` so that key order is stable and
/// readable and a line costs no reflection: the camera writes one per event.
public struct JSONLine: Sendable {
    private var body = ""

    /// An empty object.
    public init() {}

    /// Adds a string, escaped as JSON requires.
    public mutating func add(_ key: String, _ value: String) {
        append(key, Self.quoted(value))
    }

    /// Adds an integer.
    public mutating func add(_ key: String, _ value: Int) { append(key, String(value)) }

    /// Adds an unsigned integer.
    public mutating func add(_ key: String, _ value: UInt64) { append(key, String(value)) }

    /// Adds a number rounded to `decimals` places, without trailing zeros; null when not finite.
    public mutating func add(_ key: String, _ value: Double, decimals: Int = 3) {
        append(key, Self.number(value, decimals: decimals))
    }

    /// Adds `true` or `false`.
    public mutating func add(_ key: String, _ value: Bool) { append(key, value ? "true" : "false") }

    /// Adds points as `[[x,y],...]`, to one decimal place.
    public mutating func add(_ key: String, points: [Point]) {
        append(key, "[" + points.map { "[\(Self.number($0.x, decimals: 1)),\(Self.number($0.y, decimals: 1))]" }
            .joined(separator: ",") + "]")
    }

    /// Adds a nested object.
    public mutating func add(_ key: String, object: JSONLine) { append(key, object.text) }

    /// Adds an array of objects.
    public mutating func add(_ key: String, objects: [JSONLine]) {
        append(key, "[" + objects.map(\.text).joined(separator: ",") + "]")
    }

    /// The finished object, without a trailing newline.
    public var text: String { "{" + body + "}" }

    private mutating func append(_ key: String, _ json: String) {
        if !body.isEmpty { body += "," }
        body += Self.quoted(key) + ":" + json
    }

    /// Shortest plain decimal: `12`, `12.5`, never exponent notation.
    static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        // Beyond what fixed-point digits can hold exactly, plain formatting.
        guard abs(value) < 1e12 else { return fixedPoint(value, decimals: 0) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        let negative = scaled < 0
        let magnitude = Int64(abs(scaled))
        let whole = magnitude / Int64(scale), fraction = magnitude % Int64(scale)
        var text = (negative ? "-" : "") + String(whole)
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: decimals - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
