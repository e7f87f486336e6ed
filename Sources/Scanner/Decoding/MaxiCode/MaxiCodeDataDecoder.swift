/// Structured append: this symbol's place among up to 8 (0-based) and how many there are.
struct MaxiCodeStructuredAppend: Sendable, Hashable {
    let index: Int
    let count: Int
}

/// The decoded message of one symbol.
struct MaxiCodeMessage: Sendable, Hashable {
    var bytes: [UInt8]
    var text: String
    var ecis: [Int]
    var structuredAppend: MaxiCodeStructuredAppend?
}

/// The message's encodation (ISO/IEC 16023): five code sets of 64 values, A (upper case, digits,
/// punctuation) and B (lower case, more punctuation) latched, C, D (Latin-1 letters and symbols)
/// and E (control characters and the rest) reached by shifts or shift-and-lock; a numeric shift
/// packing 9 digits in 5 codewords; ECI designators; a structured-append header; Pad characters.
/// In modes 2 and 3 the primary message is a structured carrier message (postal code, country,
/// class of service), put in front of the secondary message as zxing-cpp does.
enum MaxiCodeDataDecoder {
    enum Code: Equatable {
        case byte(UInt8)
        /// One character from the set (A–E as 0–4), then back.
        case shift(Int)
        /// Two or three characters from set A, then back.
        case shiftA(Int)
        case latch(Int)
        /// Stays in the set a shift reached.
        case lock
        case numeric
        case eci
        case pad
    }

    static let setA = 0, setB = 1, setC = 2, setD = 3, setE = 4

    private static func bytes(_ values: [Int]) -> [Code] { values.map { .byte(UInt8($0)) } }
    private static func run(_ first: Int, _ last: Int) -> [Code] { bytes(Array(first...last)) }
    private static let separators: [Code] = [.eci, .byte(0x1C), .byte(0x1D), .byte(0x1E), .numeric]

    /// The five code sets, each indexed by codeword value.
    static let sets: [[Code]] = [
        [.byte(0x0D)] + run(0x41, 0x5A) + separators + [.byte(0x20), .pad] + run(0x22, 0x3A)
            + [.shift(setB), .shift(setC), .shift(setD), .shift(setE), .latch(setB)],
        run(0x60, 0x7A) + separators + bytes([0x7B]) + [.pad] + bytes([0x7D, 0x7E, 0x7F]) + run(0x3B, 0x3F) + run(0x5B, 0x5F)
            + bytes([0x20, 0x2C, 0x2E, 0x2F, 0x3A, 0x40, 0x21, 0x7C]) + [.pad, .shiftA(2), .shiftA(3), .pad, .shiftA(1)]
            + [.shift(setC), .shift(setD), .shift(setE), .latch(setA)],
        run(0xC0, 0xDA) + separators + run(0xDB, 0xDF) + bytes([0xAA, 0xAC, 0xB1, 0xB2, 0xB3, 0xB5, 0xB9, 0xBA, 0xBC, 0xBD, 0xBE])
            + run(0x80, 0x89) + [.latch(setA), .byte(0x20), .lock, .shift(setD), .shift(setE), .latch(setB)],
        run(0xE0, 0xFA) + separators + run(0xFB, 0xFF) + bytes([0xA1, 0xA8, 0xAB, 0xAF, 0xB0, 0xB4, 0xB7, 0xB8, 0xBB, 0xBF])
            + run(0x8A, 0x94) + [.latch(setA), .byte(0x20), .shift(setC), .lock, .shift(setE), .latch(setB)],
        run(0x00, 0x1A) + [.eci, .pad, .pad, .byte(0x1B), .numeric] + run(0x1C, 0x1F)
            + bytes([0x9F, 0xA0, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA9, 0xAD, 0xAE, 0xB6]) + run(0x95, 0x9E)
            + [.latch(setA), .byte(0x20), .shift(setC), .shift(setD), .lock, .latch(setB)],
    ]

    /// MaxiCode's character set when no ECI is given.
    static let defaultCharset = "ISO-8859-1"

    /// The whole message of a symbol whose codewords were corrected; nil on a malformed ECI.
    static func decode(_ c: MaxiCodeCodewords.Corrected) -> MaxiCodeMessage? {
        switch c.mode {
        case 2, 3:
            guard var message = decodeMessage(Array(c.data.dropFirst(MaxiCodeCodewords.primaryData))) else { return nil }
            let header = Array(carrierHeader(c.data, mode: c.mode).utf8)
            // After "[)>" RS "01" GS and the two-digit year, as zxing-cpp does.
            let opening: [UInt8] = [0x5B, 0x29, 0x3E, 0x1E, 0x30, 0x31, 0x1D]
            let at = message.bytes.starts(with: opening) ? min(9, message.bytes.count) : 0
            message.bytes.insert(contentsOf: header, at: at)
            let textIndex = message.text.index(message.text.startIndex, offsetBy: at, limitedBy: message.text.endIndex) ?? message.text.endIndex
            message.text.insert(contentsOf: String(decoding: header, as: UTF8.self), at: textIndex)
            return message
        default:
            return decodeMessage(Array(c.data.dropFirst()))
        }
    }

    /// Postal code, country and class of service, each followed by GS. The fields' bits are
    /// spread over the primary data codewords least significant first.
    static func carrierHeader(_ data: [Int], mode: Int) -> String {
        // The 60 bits after the mode, least significant first: codeword 0's top 2 bits, then 1–9.
        var bits: UInt64 = UInt64(data[0] >> 4)
        for i in 1..<10 { bits |= UInt64(data[i] & 0x3F) << UInt64(6 * i - 4) }
        func field(_ from: UInt64, _ width: UInt64) -> Int { Int((bits >> from) & ((1 << width) - 1)) }
        func digits(_ value: Int, _ count: Int) -> String {
            let s = String(value)
            return String(repeating: "0", count: max(0, count - s.count)) + s
        }
        let postal: String
        if mode == 2 {
            postal = digits(field(0, 30), field(30, 6))
        } else {
            postal = String((0..<6).map { i -> Character in
                if case .byte(let b) = sets[setA][field(UInt64(30 - 6 * i), 6)] { return Character(Unicode.Scalar(b)) }
                return " "
            })
        }
        return postal + "\u{1D}" + digits(field(36, 10), 3) + "\u{1D}" + digits(field(46, 10), 3) + "\u{1D}"
    }

    /// Decodes message codewords from code set A.
    static func decodeMessage(_ words: [Int]) -> MaxiCodeMessage? {
        var segments: [(charset: String, bytes: [UInt8])] = [(defaultCharset, [])]
        var ecis: [Int] = []
        var appended: MaxiCodeStructuredAppend?
        var i = 0
        if words.count >= 2, words[0] == 33 {
            let index = words[1] >> 3 & 7, count = (words[1] & 7) + 1
            if count >= 2, index < count { appended = MaxiCodeStructuredAppend(index: index, count: count) }
            i = 2
        }
        var set = setA, previous = setA
        // Characters left in a shifted set; -1 when latched.
        var shifted = -1
        while i < words.count {
            let code = sets[set][words[i] & 0x3F]
            i += 1
            switch code {
            case .byte(let b):
                segments[segments.count - 1].bytes.append(b)
            case .pad:
                break
            case .latch(let s):
                set = s
                shifted = -1
                continue
            case .lock:
                shifted = -1
                continue
            case .shift(let s):
                previous = set
                set = s
                shifted = 1
                continue
            case .shiftA(let n):
                previous = set
                set = setA
                shifted = n
                continue
            case .numeric:
                guard i + 5 <= words.count else { i = words.count; break }
                var value = 0
                for k in 0..<5 { value = value << 6 | (words[i + k] & 0x3F) }
                i += 5
                let s = String(value)
                segments[segments.count - 1].bytes += Array((String(repeating: "0", count: max(0, 9 - s.count)) + s).utf8)
            case .eci:
                guard let (eci, used) = designator(words, at: i) else { return nil }
                i += used
                ecis.append(eci)
                segments.append((ECICharacterSet.iconvName(eci: eci) ?? segments[segments.count - 1].charset, []))
            }
            if shifted > 0 {
                shifted -= 1
                if shifted == 0 { set = previous; shifted = -1 }
            }
        }
        let bytes = segments.flatMap(\.bytes)
        var text = ""
        for s in segments {
            text += ECICharacterSet.decode(s.bytes, charset: s.charset) ?? ECICharacterSet.decode(s.bytes, charset: defaultCharset) ?? ""
        }
        return MaxiCodeMessage(bytes: bytes, text: text, ecis: ecis, structuredAppend: appended)
    }

    /// An ECI number in 1 to 4 codewords, the first's leading bits saying how many:
    /// 0xxxxx, 10xxxx +1, 110xxx +2, 1110xx +3.
    static func designator(_ words: [Int], at i: Int) -> (Int, Int)? {
        guard i < words.count else { return nil }
        let first = words[i] & 0x3F
        let (extra, value) = switch first {
        case 0..<0x20: (0, first)
        case 0x20..<0x30: (1, first & 0x0F)
        case 0x30..<0x38: (2, first & 0x07)
        case 0x38..<0x3C: (3, first & 0x03)
        default: (-1, 0)
        }
        guard extra >= 0, i + extra < words.count else { return nil }
        var eci = value
        for k in 0..<extra { eci = eci << 6 | (words[i + 1 + k] & 0x3F) }
        return (eci, extra + 1)
    }
}
