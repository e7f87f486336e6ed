/// Structured append (zxing-cpp 3 convention): the message opens with M/L U/L, then an optional
/// message ID between spaces, then the symbol's position and the count as letters ('A' = 1).
struct AztecStructuredAppend: Sendable, Hashable {
    /// 0-based.
    let index: Int
    let count: Int
    let id: String
}

/// The decoded message of one symbol.
struct AztecMessage: Sendable, Hashable {
    var bytes: [UInt8]
    var text: String
    var isGS1: Bool
    var ecis: [Int]
    var structuredAppend: AztecStructuredAppend?
}

/// The high-level encoding of ISO/IEC 24778: five character modes (Upper, Lower, Mixed, Punct
/// 5 bits a code, Digit 4 bits) with latches and one-character shifts, Binary Shift runs of bytes,
/// and FLG(n) for FNC1 and ECI designators.
enum AztecDataDecoder {
    enum Mode { case upper, lower, mixed, punct, digit }

    /// A character code's meaning in one mode.
    enum Code {
        case bytes([UInt8])
        case latch(Mode)
        case shift(Mode)
        case binaryShift
        case flag
    }

    private static func ascii(_ s: String) -> [Code] { s.utf8.map { .bytes([$0]) } }

    private static let upper: [Code] = [.shift(.punct), .bytes([32])] + ascii("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        + [.latch(.lower), .latch(.mixed), .latch(.digit), .binaryShift]
    private static let lower: [Code] = [.shift(.punct), .bytes([32])] + ascii("abcdefghijklmnopqrstuvwxyz")
        + [.shift(.upper), .latch(.mixed), .latch(.digit), .binaryShift]
    private static let mixed: [Code] = [.shift(.punct), .bytes([32])] + (1...13).map { .bytes([UInt8($0)]) }
        + (27...31).map { .bytes([UInt8($0)]) } + ascii("@\\^_`|~") + [.bytes([127])]
        + [.latch(.lower), .latch(.upper), .latch(.punct), .binaryShift]
    private static let punct: [Code] = [.flag, .bytes([13]), .bytes([13, 10]), .bytes([46, 32]), .bytes([44, 32]),
                                        .bytes([58, 32])] + ascii("!\"#$%&'()*+,-./:;<=>?[]{}") + [.latch(.upper)]
    private static let digit: [Code] = [.shift(.punct), .bytes([32])] + ascii("0123456789,.")
        + [.latch(.upper), .shift(.upper)]

    private static func table(_ m: Mode) -> [Code] {
        switch m {
        case .upper: return upper
        case .lower: return lower
        case .mixed: return mixed
        case .punct: return punct
        case .digit: return digit
        }
    }

    /// Aztec's default character set when no ECI is given.
    static let defaultCharset = "ISO-8859-1"

    /// nil on an invalid message (FLG(7), a bad ECI digit). Truncated trailing codes are padding
    /// and end the message.
    static func decode(_ bits: [Bool]) -> AztecMessage? {
        var pos = 0
        func read(_ n: Int) -> Int? {
            guard n <= bits.count - pos else { return nil }
            var v = 0
            for _ in 0..<n { v = v << 1 | (bits[pos] ? 1 : 0); pos += 1 }
            return v
        }
        // Segments of bytes, each in the character set its ECI selected.
        var segments: [(charset: String, bytes: [UInt8])] = [(defaultCharset, [])]
        var ecis: [Int] = []
        var isGS1 = false
        var produced = false
        let structured = bits.count > 20 && (read(5), read(5)) == (29, 29)
        pos = 0

        var latched = Mode.upper
        var shifted: Mode?
        decoding: while true {
            let mode = shifted ?? latched
            shifted = nil
            guard let value = read(mode == .digit ? 4 : 5) else { break }
            switch table(mode)[value] {
            case .bytes(let b):
                segments[segments.count - 1].bytes += b
                produced = true
            case .latch(let m):
                latched = m
            case .shift(let m):
                shifted = m
            case .binaryShift:
                guard var length = read(5) else { break decoding }
                if length == 0 {
                    guard let long = read(11) else { break decoding }
                    length = long + 31
                }
                for _ in 0..<length {
                    guard let b = read(8) else { break decoding }
                    segments[segments.count - 1].bytes.append(UInt8(b))
                }
                produced = true
            case .flag:
                guard let n = read(3) else { break decoding }
                switch n {
                case 0:
                    if !produced { isGS1 = true } else { segments[segments.count - 1].bytes.append(0x1D) }
                case 7:
                    return nil
                default:
                    var eci = 0
                    for _ in 0..<n {
                        guard let d = read(4) else { break decoding }
                        guard (2...11).contains(d) else { return nil }
                        eci = eci * 10 + d - 2
                    }
                    ecis.append(eci)
                    segments.append((ECICharacterSet.iconvName(eci: eci) ?? segments[segments.count - 1].charset, []))
                }
            }
        }

        var appended: AztecStructuredAppend?
        if structured { appended = parseStructuredAppend(&segments[0].bytes) }
        let bytes = segments.flatMap(\.bytes)
        var text = ""
        for s in segments {
            text += ECICharacterSet.decode(s.bytes, charset: s.charset)
                ?? ECICharacterSet.decode(s.bytes, charset: defaultCharset) ?? ""
        }
        return AztecMessage(bytes: bytes, text: text, isGS1: isGS1, ecis: ecis, structuredAppend: appended)
    }

    /// Strips the structured-append header from the start of the message.
    private static func parseStructuredAppend(_ bytes: inout [UInt8]) -> AztecStructuredAppend? {
        var i = 0
        var id = ""
        if bytes.first == 32 {
            guard let end = bytes.dropFirst().firstIndex(of: 32) else { return nil }
            id = String(decoding: bytes[1..<end], as: UTF8.self)
            i = end + 1
        }
        guard bytes.count >= i + 2 else { return nil }
        let a = UInt8(ascii: "A")
        let index = Int(bytes[i]) - Int(a), count = Int(bytes[i + 1]) - Int(a) + 1
        guard (0..<26).contains(index), (2...26).contains(count), index < count else { return nil }
        bytes.removeFirst(i + 2)
        return AztecStructuredAppend(index: index, count: count, id: id)
    }
}
