/// The decoded content of one symbol's data codewords (ISO/IEC 16022 §5.2 encodation schemes).
struct DataMatrixContent: Sendable, Equatable {
    struct StructuredAppend: Sendable, Equatable {
        /// 0-based position of this symbol in the sequence.
        var index: Int
        var count: Int
        /// The two file identification codewords (each 1...254), as id1 << 8 | id2.
        var fileID: Int
    }

    /// Content bytes as transmitted (ECI designators removed; macro 05/06 header and trailer included).
    var bytes: [UInt8] = []
    /// The bytes as text: each ECI segment in its own character set, ISO 8859-1 by default.
    var text: String = ""
    /// FNC1 in first position.
    var isGS1 = false
    /// The first ECI designator met, if any.
    var eci: Int?
    var structuredAppend: StructuredAppend?
    /// Reader programming symbol (codeword 234 first).
    var isReaderProgramming = false
}

/// Turns corrected data codewords into content. Any malformed stream returns nil.
enum DataMatrixDataDecoder {
    private static let macro05Header: [UInt8] = Array("[)>\u{1E}05\u{1D}".utf8)
    private static let macro06Header: [UInt8] = Array("[)>\u{1E}06\u{1D}".utf8)
    private static let macroTrailer: [UInt8] = [0x1E, 0x04]

    private enum Mode { case ascii, c40, text, x12, edifact, base256 }

    /// The decoding state: the codeword cursor and the output segmented by ECI.
    private struct State {
        let cw: [UInt8]
        var pos = 0
        var content = DataMatrixContent()
        /// (charset, bytes) segments: a new one starts at each ECI.
        var segments: [(charset: String, bytes: [UInt8])] = [("ISO-8859-1", [])]
        var trailer: [UInt8] = []

        var remaining: Int { cw.count - pos }
        mutating func next() -> Int? {
            guard pos < cw.count else { return nil }
            defer { pos += 1 }
            return Int(cw[pos])
        }
        mutating func emit(_ b: UInt8) {
            content.bytes.append(b)
            segments[segments.count - 1].bytes.append(b)
        }
        mutating func emit(_ bs: [UInt8]) { for b in bs { emit(b) } }
    }

    static func decode(_ codewords: [UInt8]) -> DataMatrixContent? {
        var s = State(cw: codewords)
        var mode = Mode.ascii
        while s.remaining > 0 {
            switch mode {
            case .ascii:
                guard let next = decodeASCII(&s) else { return nil }
                guard let m = next else { return finish(&s) }
                mode = m
            case .c40, .text:
                guard decodeC40Text(&s, isText: mode == .text) else { return nil }
                mode = .ascii
            case .x12:
                guard decodeX12(&s) else { return nil }
                mode = .ascii
            case .edifact:
                decodeEDIFACT(&s)
                mode = .ascii
            case .base256:
                guard decodeBase256(&s) else { return nil }
                mode = .ascii
            }
        }
        return finish(&s)
    }

    private static func finish(_ s: inout State) -> DataMatrixContent {
        s.emit(s.trailer)
        var text = ""
        for seg in s.segments {
            text += ECICharacterSet.decode(seg.bytes, charset: seg.charset)
                ?? String(String.UnicodeScalarView(seg.bytes.map { Unicode.Scalar($0) }))
        }
        s.content.text = text
        return s.content
    }

    /// Decodes ASCII codewords until a latch (returns the new mode), the end of data (returns
    /// .some(nil)), or an error (nil).
    private static func decodeASCII(_ s: inout State) -> Mode?? {
        while let c = s.next() {
            let first = s.pos == 1
            // Structured append and reader programming headers move the "first position" of FNC1/macros.
            let afterHeader = s.content.structuredAppend != nil && s.pos == 5
            switch c {
            case 1...128: s.emit(UInt8(c - 1))
            case 129: return .some(nil) // pad: end of data
            case 130...229:
                let v = c - 130
                s.emit(UInt8(0x30 + v / 10)); s.emit(UInt8(0x30 + v % 10))
            case 230: return .c40
            case 231: return .base256
            case 232:
                if first || afterHeader { s.content.isGS1 = true } else { s.emit(0x1D) }
            case 233:
                guard first, let seq = s.next(), let id1 = s.next(), let id2 = s.next(),
                      (1...254).contains(id1), (1...254).contains(id2) else { return nil }
                let count = 17 - (seq & 0x0F)
                let index = seq >> 4
                guard count >= 2, count <= 16, index < count else { return nil }
                s.content.structuredAppend = .init(index: index, count: count, fileID: id1 << 8 | id2)
            case 234:
                guard first || afterHeader else { return nil }
                s.content.isReaderProgramming = true
            case 235:
                guard let v = s.next(), (1...128).contains(v) else { return nil }
                s.emit(UInt8(v - 1 + 128))
            case 236, 237:
                guard first || afterHeader else { return nil }
                s.emit(c == 236 ? macro05Header : macro06Header)
                s.trailer = macroTrailer
            case 238: return .x12
            case 239: return .text
            case 240: return .edifact
            case 241:
                guard let eci = readECI(&s) else { return nil }
                if s.content.eci == nil { s.content.eci = eci }
                s.segments.append((ECICharacterSet.iconvName(eci: eci) ?? "ISO-8859-1", []))
            case 254: continue // unlatch met in ASCII: no effect
            default: return nil
            }
        }
        return .some(nil)
    }

    private static func readECI(_ s: inout State) -> Int? {
        guard let c1 = s.next(), c1 >= 1, c1 <= 254 else { return nil }
        if c1 <= 127 { return c1 - 1 }
        guard let c2 = s.next(), c2 >= 1, c2 <= 254 else { return nil }
        if c1 <= 191 { return (c1 - 128) * 254 + c2 - 1 + 127 }
        guard let c3 = s.next(), c3 >= 1, c3 <= 254 else { return nil }
        return (c1 - 192) * 64516 + (c2 - 1) * 254 + (c3 - 1) + 16383
    }

    /// Two codewords carry three values in base 40 (C40, Text, X12). nil at unlatch or when fewer
    /// than two codewords remain (the rest is ASCII).
    private static func nextTriple(_ s: inout State) -> (Int, Int, Int)? {
        guard s.remaining >= 2, s.cw[s.pos] != 254 else {
            if s.remaining > 0 && s.cw[s.pos] == 254 { s.pos += 1 }
            return nil
        }
        let v = Int(s.cw[s.pos]) * 256 + Int(s.cw[s.pos + 1]) - 1
        s.pos += 2
        return (v / 1600, (v / 40) % 40, v % 40)
    }

    private static func decodeC40Text(_ s: inout State, isText: Bool) -> Bool {
        var shift = 0
        var upper = false
        func out(_ b: Int, _ s: inout State) {
            s.emit(UInt8(truncatingIfNeeded: upper ? b + 128 : b))
            upper = false
        }
        while let (a, b, c) = nextTriple(&s) {
            for v in [a, b, c] {
                guard v < 40 else { return false }
                switch shift {
                case 0:
                    switch v {
                    case 0...2: shift = v + 1
                    case 3: out(0x20, &s)
                    case 4...13: out(0x30 + v - 4, &s)
                    default: out((isText ? 0x61 : 0x41) + v - 14, &s)
                    }
                case 1:
                    guard v < 32 else { return false }
                    out(v, &s); shift = 0
                case 2:
                    switch v {
                    case 0...14: out(33 + v, &s)
                    case 15...21: out(58 + v - 15, &s)
                    case 22...26: out(91 + v - 22, &s)
                    case 27: s.emit(0x1D) // FNC1 inside C40/Text
                    case 30: upper = true
                    default: return false
                    }
                    shift = 0
                default:
                    guard v < 32 else { return false }
                    if isText {
                        switch v {
                        case 0: out(96, &s)
                        case 1...26: out(65 + v - 1, &s)
                        default: out(123 + v - 27, &s)
                        }
                    } else {
                        out(96 + v, &s)
                    }
                    shift = 0
                }
            }
        }
        return true
    }

    private static func decodeX12(_ s: inout State) -> Bool {
        while let (a, b, c) = nextTriple(&s) {
            for v in [a, b, c] {
                switch v {
                case 0: s.emit(13)
                case 1: s.emit(0x2A)
                case 2: s.emit(0x3E)
                case 3: s.emit(0x20)
                case 4...13: s.emit(UInt8(0x30 + v - 4))
                case 14...39: s.emit(UInt8(0x41 + v - 14))
                default: return false
                }
            }
        }
        return true
    }

    /// Four 6-bit values per three codewords; 0x1F unlatches (the rest of its byte is padding).
    /// With two codewords or fewer left, the rest is ASCII.
    private static func decodeEDIFACT(_ s: inout State) {
        var bit = 0 // bit offset inside s.cw[s.pos]
        func read6(_ s: inout State) -> Int {
            var v = 0
            for _ in 0..<6 {
                let b = Int(s.cw[s.pos] >> (7 - UInt8(bit))) & 1
                v = v << 1 | b
                bit += 1
                if bit == 8 { bit = 0; s.pos += 1 }
            }
            return v
        }
        while s.remaining >= 3 {
            for _ in 0..<4 {
                let v = read6(&s)
                if v == 0x1F {
                    if bit != 0 { s.pos += 1 }
                    return
                }
                s.emit(UInt8(v & 0x20 != 0 ? v : v | 0x40))
            }
        }
    }

    private static func decodeBase256(_ s: inout State) -> Bool {
        func unrandomised(_ s: inout State) -> Int? {
            let position = s.pos + 1 // 1-based position of the codeword in the stream
            guard let c = s.next() else { return nil }
            let r = (149 * position) % 255 + 1
            let v = c - r
            return v < 0 ? v + 256 : v
        }
        guard let d1 = unrandomised(&s) else { return false }
        let length: Int
        if d1 == 0 {
            length = s.remaining
        } else if d1 < 250 {
            length = d1
        } else {
            guard let d2 = unrandomised(&s) else { return false }
            length = 250 * (d1 - 249) + d2
        }
        guard length <= s.remaining else { return false }
        for _ in 0..<length {
            guard let v = unrandomised(&s) else { return false }
            s.emit(UInt8(v))
        }
        return true
    }
}
