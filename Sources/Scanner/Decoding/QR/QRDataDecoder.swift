/// The data bit stream of QR-family symbols (18004 clause 7.4, 23941 clause 7.4): mode
/// segments, ECI, FNC1, structured append, and the text they spell.
enum QRDataDecoder {
    struct Content: Sendable {
        var bytes: [UInt8] = []
        var text = ""
        var isGS1 = false
        var applicationIndicator: String?
        var structuredAppend: QRStructuredAppend?
        var ecis: [Int] = []
        var byteEncodingGuess: String?
    }

    private enum Mode {
        case terminator, numeric, alphanumeric, byte, kanji, eci, fnc1First, fnc1Second, structuredAppend
    }

    /// How a run of output bytes becomes text.
    private enum RunEncoding: Equatable {
        case ascii
        case charset(String)
        case guessed
    }

    private static let alphanumericTable = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

    static func decode(_ data: [UInt8], bitCount: Int, version: QRVersion) -> Content? {
        var reader = BitReader(data, bitCount: bitCount)
        var content = Content()
        var runs: [(encoding: RunEncoding, range: Range<Int>)] = []
        var eciEncoding: RunEncoding?
        var fnc1 = false

        func append(_ bytes: [UInt8], _ encoding: RunEncoding) {
            let start = content.bytes.count
            content.bytes += bytes
            if let last = runs.last, last.encoding == encoding, last.range.upperBound == start {
                runs[runs.count - 1].range = last.range.lowerBound..<content.bytes.count
            } else {
                runs.append((encoding, start..<content.bytes.count))
            }
        }

        while true {
            guard let mode = readMode(&reader, version) else { return nil }
            switch mode {
            case .terminator:
                return finish(content, runs)
            case .eci:
                guard let eci = readECI(&reader) else { return nil }
                content.ecis.append(eci)
                eciEncoding = .charset(ECICharacterSet.iconvName(eci: eci) ?? "ISO-8859-1")
            case .fnc1First:
                content.isGS1 = true
                fnc1 = true
            case .fnc1Second:
                guard let v = reader.read(8) else { return nil }
                let indicator: String
                if v < 100 {
                    indicator = v < 10 ? "0\(v)" : "\(v)"
                } else if let scalar = Unicode.Scalar(v - 100), (65...90).contains(v - 100) || (97...122).contains(v - 100) {
                    indicator = String(Character(scalar))
                } else {
                    return nil
                }
                content.applicationIndicator = indicator
                append(Array(indicator.utf8), .ascii)
                fnc1 = true
            case .structuredAppend:
                guard let index = reader.read(4), let count = reader.read(4), let parity = reader.read(8) else { return nil }
                content.structuredAppend = QRStructuredAppend(index: index, count: count + 1, parity: parity)
            case .numeric, .alphanumeric, .byte, .kanji:
                guard let countBits = characterCountBits(mode, version), let count = reader.read(countBits) else { return nil }
                // Micro QR's terminator is a numeric segment of length 0.
                if version.type == .microQR && mode == .numeric && count == 0 { return finish(content, runs) }
                switch mode {
                case .numeric:
                    guard let digits = readNumeric(&reader, count) else { return nil }
                    append(digits, .ascii)
                case .alphanumeric:
                    guard var chars = readAlphanumeric(&reader, count) else { return nil }
                    if fnc1 { chars = gs1Percent(chars) }
                    append(chars, .ascii)
                case .byte:
                    guard count * 8 <= reader.remaining else { return nil }
                    var bytes: [UInt8] = []
                    bytes.reserveCapacity(count)
                    for _ in 0..<count { bytes.append(UInt8(reader.read(8) ?? 0)) }
                    append(bytes, eciEncoding ?? .guessed)
                default:
                    guard let sjis = readKanji(&reader, count) else { return nil }
                    append(sjis, .charset("SHIFT_JIS"))
                }
            }
        }
    }

    // MARK: Mode indicators and character counts

    private static func readMode(_ reader: inout BitReader, _ version: QRVersion) -> Mode? {
        switch version.type {
        case .qr:
            if reader.remaining < 4 { return .terminator }
            switch reader.read(4) {
            case 0: return .terminator
            case 1: return .numeric
            case 2: return .alphanumeric
            case 3: return .structuredAppend
            case 4: return .byte
            case 5: return .fnc1First
            case 7: return .eci
            case 8: return .kanji
            case 9: return .fnc1Second
            default: return nil
            }
        case .microQR:
            // Fewer bits than a terminator left: they are its truncated remainder.
            if reader.remaining < 2 * version.number + 1 { return reader.restIsZero ? .terminator : nil }
            guard let v = reader.read(version.number - 1), v < 4 else { return nil }
            return [Mode.numeric, .alphanumeric, .byte, .kanji][v]
        case .rmqr:
            if reader.remaining < 3 { return .terminator }
            guard let v = reader.read(3) else { return nil }
            return [Mode.terminator, .numeric, .alphanumeric, .byte, .kanji, .fnc1First, .fnc1Second, .eci][v]
        }
    }

    private static func characterCountBits(_ mode: Mode, _ version: QRVersion) -> Int? {
        let column: Int
        switch mode {
        case .numeric: column = 0
        case .alphanumeric: column = 1
        case .byte: column = 2
        case .kanji: column = 3
        default: return nil
        }
        switch version.type {
        case .qr:
            let group = version.number <= 9 ? [10, 9, 8, 8] : version.number <= 26 ? [12, 11, 16, 10] : [14, 13, 16, 12]
            return group[column]
        case .microQR:
            // Table 3: numeric M1..M4 3..6, alphanumeric M2..M4 3..5, byte M3/M4 4/5, Kanji 3/4.
            let m = version.number
            let bits = [m + 2, m + 1, m + 1, m][column]
            let available = [1, 2, 3, 3][column]
            return m >= available ? bits : nil
        case .rmqr:
            let index = version.number - 1
            guard (0..<rmqrCountBits.count).contains(index) else { return nil }
            return rmqrCountBits[index][column]
        }
    }

    /// Character count indicator lengths (numeric, alphanumeric, byte, Kanji) per rMQR size
    /// index (23941 Table 3).
    private static let rmqrCountBits: [[Int]] = [
        [4, 3, 3, 2], [5, 5, 4, 3], [6, 5, 5, 4], [7, 6, 5, 5], [7, 6, 6, 5],
        [5, 5, 4, 3], [6, 5, 5, 4], [7, 6, 5, 5], [7, 6, 6, 5], [8, 7, 6, 6],
        [4, 4, 3, 2], [6, 5, 5, 4], [7, 6, 5, 5], [7, 6, 6, 5], [8, 7, 6, 6], [8, 7, 7, 6],
        [5, 5, 4, 3], [6, 6, 5, 5], [7, 6, 6, 5], [7, 7, 6, 6], [8, 7, 7, 6], [8, 8, 7, 7],
        [7, 6, 6, 5], [7, 7, 6, 5], [8, 7, 7, 6], [8, 7, 7, 6], [9, 8, 7, 7],
        [7, 6, 6, 5], [8, 7, 6, 6], [8, 7, 7, 6], [8, 8, 7, 6], [9, 8, 8, 7],
    ]

    // MARK: Segments

    private static func readECI(_ reader: inout BitReader) -> Int? {
        guard let first = reader.read(8) else { return nil }
        if first & 0x80 == 0 { return first }
        if first & 0xC0 == 0x80 { return reader.read(8).map { (first & 0x3F) << 8 | $0 } }
        if first & 0xE0 == 0xC0 { return reader.read(16).map { (first & 0x1F) << 16 | $0 } }
        return nil
    }

    private static func readNumeric(_ reader: inout BitReader, _ count: Int) -> [UInt8]? {
        guard count * 10 <= reader.remaining * 3 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        var left = count
        while left > 0 {
            let digits = min(3, left)
            guard let v = reader.read([0, 4, 7, 10][digits]), v < [1, 10, 100, 1000][digits] else { return nil }
            var divisor = [1, 1, 10, 100][digits]
            for _ in 0..<digits {
                out.append(UInt8(48 + (v / divisor) % 10))
                divisor /= 10
            }
            left -= digits
        }
        return out
    }

    private static func readAlphanumeric(_ reader: inout BitReader, _ count: Int) -> [UInt8]? {
        guard count * 11 <= reader.remaining * 2 + 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        var left = count
        while left >= 2 {
            guard let v = reader.read(11), v < 45 * 45 else { return nil }
            out.append(alphanumericTable[v / 45])
            out.append(alphanumericTable[v % 45])
            left -= 2
        }
        if left == 1 {
            guard let v = reader.read(6), v < 45 else { return nil }
            out.append(alphanumericTable[v])
        }
        return out
    }

    /// Kanji mode: 13-bit values back to Shift-JIS byte pairs (18004 clause 7.4.6).
    private static func readKanji(_ reader: inout BitReader, _ count: Int) -> [UInt8]? {
        guard count * 13 <= reader.remaining else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(2 * count)
        for _ in 0..<count {
            guard let v = reader.read(13) else { return nil }
            var c = (v / 0xC0) << 8 | (v % 0xC0)
            c += c < 0x1F00 ? 0x8140 : 0xC140
            guard c <= 0xFFFF else { return nil }
            out.append(UInt8(c >> 8))
            out.append(UInt8(c & 0xFF))
        }
        return out
    }

    /// With FNC1, alphanumeric '%' stands for the GS separator and "%%" for a literal '%'.
    private static func gs1Percent(_ chars: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < chars.count {
            if chars[i] == UInt8(ascii: "%") {
                if i + 1 < chars.count && chars[i + 1] == UInt8(ascii: "%") {
                    out.append(UInt8(ascii: "%")); i += 2; continue
                }
                out.append(0x1D)
            } else {
                out.append(chars[i])
            }
            i += 1
        }
        return out
    }

    // MARK: Text

    private static func finish(_ content: Content, _ runs: [(encoding: RunEncoding, range: Range<Int>)]) -> Content {
        var content = content
        let guessedBytes = runs.filter { $0.encoding == .guessed }.flatMap { content.bytes[$0.range] }
        let guess: String? = guessedBytes.isEmpty ? nil : guessCharset(guessedBytes)
        content.byteEncodingGuess = guess
        var text = ""
        for run in runs {
            let bytes = Array(content.bytes[run.range])
            let charset: String
            switch run.encoding {
            case .ascii: charset = "ISO-8859-1"
            case .charset(let name): charset = name
            case .guessed: charset = guess ?? "ISO-8859-1"
            }
            text += ECICharacterSet.decode(bytes, charset: charset)
                ?? ECICharacterSet.decode(bytes, charset: "ISO-8859-1") ?? ""
        }
        content.text = text
        return content
    }

    /// Byte mode without ECI: UTF-8 when valid, Shift-JIS when every high byte forms a valid
    /// double-byte pair, else ISO-8859-1 (the 2015 default).
    static func guessCharset(_ bytes: [UInt8]) -> String {
        if String(validating: bytes, as: UTF8.self) != nil { return "UTF-8" }
        var i = 0
        var pairs = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 || (0xA1...0xDF).contains(b) { i += 1; continue }
            guard (0x81...0x9F).contains(b) || (0xE0...0xEF).contains(b), i + 1 < bytes.count,
                  (0x40...0xFC).contains(bytes[i + 1]), bytes[i + 1] != 0x7F else { return "ISO-8859-1" }
            pairs += 1
            i += 2
        }
        return pairs > 0 && ECICharacterSet.decode(bytes, charset: "SHIFT_JIS") != nil ? "SHIFT_JIS" : "ISO-8859-1"
    }
}
