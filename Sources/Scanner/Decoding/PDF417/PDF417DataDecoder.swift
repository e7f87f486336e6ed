/// The decoded message of one PDF417 or MicroPDF417 symbol.
struct PDF417Message: Sendable, Hashable {
    var bytes: [UInt8]
    var text: String
    var ecis: [Int]
    var macro: PDF417Macro?
    /// Reader initialisation (921): the symbol programs the reader.
    var readerInitialisation: Bool
    /// GS1 Composite linkage (920) as the first data codeword.
    var linked: Bool
}

/// Data codewords to a message (ISO/IEC 15438): text compaction (alpha, lower, mixed and
/// punctuation sub-modes, two base-30 values a codeword, with shifts), byte compaction (901, 924:
/// 5 codewords for 6 bytes; 913 shifts one byte), numeric compaction (902: up to 15 codewords in
/// base 900 for up to 44 digits behind a leading 1), ECI designators (925–927), reader
/// initialisation (921) and linkage (920) as the first data codeword, and the Macro PDF417
/// control block (928) that ends the data. Codewords that the standard reserves are an error.
enum PDF417DataDecoder {
    enum Control {
        static let text = 900, byte = 901, numeric = 902, byteShift = 913, linkageOther = 918, linkage = 920
        static let readerInit = 921, macroTerminator = 922, macroField = 923, byteMultiple = 924
        static let eciUser = 925, eciGeneral = 926, eciCharset = 927, macro = 928
    }

    /// PDF417's character set when no ECI is given.
    static let defaultCharset = "ISO-8859-1"

    private enum Mode { case text, byte, byteMultiple, numeric }
    private enum SubMode { case alpha, lower, mixed, punctuation }

    /// `data` starts after the symbol length descriptor; nil on a malformed message.
    static func decode(_ data: [Int]) -> PDF417Message? {
        var decoder = Decoder()
        var i = 0
        while i < data.count {
            let c = data[i]
            guard c >= 0, c <= Control.macro else { return nil }
            i += 1
            if c < 900 {
                guard decoder.data(c, next: i < data.count ? data[i] : nil) else { return nil }
                continue
            }
            guard decoder.flush() else { return nil }
            switch c {
            case Control.text: decoder.latch(.text)
            case Control.byte: decoder.latch(.byte)
            case Control.byteMultiple: decoder.latch(.byteMultiple)
            case Control.numeric: decoder.latch(.numeric)
            case Control.byteShift:
                guard decoder.mode == .text, i < data.count, data[i] < 256 else { return nil }
                decoder.append(UInt8(data[i]))
                i += 1
            case Control.eciUser, Control.eciGeneral, Control.eciCharset:
                let used = c == Control.eciGeneral ? 2 : 1
                guard i + used <= data.count, data[i..<(i + used)].allSatisfy({ $0 < 900 }) else { return nil }
                let eci = switch c {
                case Control.eciCharset: data[i]
                case Control.eciGeneral: 900 * (data[i] + 1) + data[i + 1]
                default: 810_900 + data[i]
                }
                decoder.eci(eci)
                i += used
            case Control.readerInit:
                guard i == 1 else { return nil }
                decoder.readerInitialisation = true
            case Control.linkage:
                guard i == 1 else { return nil }
                decoder.linked = true
            case Control.macro:
                guard let macro = self.macro(Array(data[i...])) else { return nil }
                decoder.macro = macro
                i = data.count
            default:
                // 918 (linkage to other than GS1), 922 and 923 outside a control block, reserved values.
                return nil
            }
        }
        guard decoder.flush() else { return nil }
        return decoder.message
    }

    /// The control block after 928: segment index, file ID, optional fields, terminator.
    static func macro(_ words: [Int]) -> PDF417Macro? {
        guard words.count >= 2, words[0] < 900, words[1] < 900,
              let index = numericValue(words[0..<2]).flatMap({ Int($0) }) else { return nil }
        var i = 2
        var fileID = ""
        while i < words.count, words[i] < 900 {
            let s = String(words[i])
            fileID += String(repeating: "0", count: 3 - s.count) + s
            i += 1
        }
        var macro = PDF417Macro(segmentIndex: index, fileID: fileID, segmentCount: nil, isLastSegment: false)
        while i < words.count {
            switch words[i] {
            case Control.macroTerminator:
                guard i == words.count - 1 else { return nil }
                macro.isLastSegment = true
                i += 1
            case Control.macroField:
                guard i + 1 < words.count else { return nil }
                let field = words[i + 1]
                var end = i + 2
                while end < words.count, words[end] < 900 { end += 1 }
                let body = words[(i + 2)..<end]
                let value: String?
                switch field {
                case 0, 3, 4:
                    var text = Decoder()
                    for c in body { guard text.data(c, next: nil) else { return nil } }
                    value = text.message.text
                case 1, 2, 5, 6: value = numericValue(body)
                default: return nil
                }
                guard let value else { return nil }
                switch field {
                case 0: macro.fileName = value
                case 1: macro.segmentCount = Int(value)
                case 2: macro.timeStamp = value
                case 3: macro.sender = value
                case 4: macro.addressee = value
                case 5: macro.fileSize = value
                default: macro.checksum = value
                }
                i = end
            default:
                return nil
            }
        }
        return macro
    }

    /// Base-900 codewords as decimal digits, without the leading 1 numeric compaction puts in
    /// front; nil when that 1 is missing or a codeword is not data.
    static func numericValue(_ words: ArraySlice<Int>) -> String? {
        guard !words.isEmpty, words.count <= 15, words.allSatisfy({ $0 < 900 }) else { return nil }
        // Little-endian limbs of 10^9.
        var limbs: [UInt64] = [0]
        for w in words {
            var carry = UInt64(w)
            for k in limbs.indices {
                let v = limbs[k] * 900 + carry
                limbs[k] = v % 1_000_000_000
                carry = v / 1_000_000_000
            }
            while carry > 0 { limbs.append(carry % 1_000_000_000); carry /= 1_000_000_000 }
        }
        var digits = String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let s = String(limb)
            digits += String(repeating: "0", count: 9 - s.count) + s
        }
        guard digits.first == "1" else { return nil }
        return String(digits.dropFirst())
    }

    /// Decoding state: the compaction mode, the text sub-mode and the pending codewords of an
    /// unfinished byte or numeric group.
    private struct Decoder {
        var mode = Mode.text
        var subMode = SubMode.alpha
        /// The sub-mode to return to after a one-character shift.
        var shiftedFrom: SubMode?
        var pending: [Int] = []
        var segments: [(charset: String, bytes: [UInt8])] = [(defaultCharset, [])]
        var ecis: [Int] = []
        var macro: PDF417Macro?
        var readerInitialisation = false
        var linked = false

        mutating func latch(_ m: Mode) {
            mode = m
            subMode = .alpha
            shiftedFrom = nil
        }

        mutating func append(_ b: UInt8) { segments[segments.count - 1].bytes.append(b) }

        mutating func eci(_ eci: Int) {
            ecis.append(eci)
            segments.append((ECICharacterSet.iconvName(eci: eci) ?? segments[segments.count - 1].charset, []))
        }

        /// One data codeword; `next` is the codeword after it (nil at the end), which decides
        /// whether a 901 group of five is six bytes.
        mutating func data(_ c: Int, next: Int?) -> Bool {
            switch mode {
            case .text:
                text(c / 30)
                text(c % 30)
            case .byte, .byteMultiple:
                pending.append(c)
                // Under 901 a last group of five is five bytes; under 924 always six.
                if pending.count == 5, mode == .byteMultiple || (next.map { $0 < 900 } ?? false) {
                    var value: UInt64 = 0
                    for p in pending { value = value * 900 + UInt64(p) }
                    guard value < 1 << 48 else { return false }
                    for k in stride(from: 40, through: 0, by: -8) { append(UInt8(value >> UInt64(k) & 0xFF)) }
                    pending.removeAll()
                }
            case .numeric:
                pending.append(c)
                if pending.count == 15 { return flush() }
            }
            return true
        }

        /// Ends an unfinished byte or numeric group.
        mutating func flush() -> Bool {
            defer { pending.removeAll() }
            guard !pending.isEmpty else { return true }
            switch mode {
            case .numeric:
                guard let digits = numericValue(pending[...]) else { return false }
                for d in digits.utf8 { append(d) }
            case .byte, .byteMultiple:
                for p in pending {
                    guard p < 256 else { return false }
                    append(UInt8(p))
                }
            case .text:
                break
            }
            return true
        }

        /// One base-30 text value.
        mutating func text(_ v: Int) {
            // Non-nil: `v` is the one character of a shift.
            let restore = shiftedFrom
            shiftedFrom = nil
            switch subMode {
            case .alpha, .lower:
                switch v {
                case 0..<26: append(UInt8(v) + (subMode == .alpha ? 0x41 : 0x61))
                case 26: append(0x20)
                case 27:
                    // Alpha latches to lower; lower shifts to alpha for one character.
                    if subMode == .alpha { subMode = .lower } else { shiftedFrom = .lower; subMode = .alpha }
                case 28: subMode = .mixed
                default: shiftedFrom = subMode; subMode = .punctuation
                }
            case .mixed:
                switch v {
                case 0..<25: append(PDF417DataDecoder.mixed[v])
                case 25: subMode = .punctuation
                case 26: append(0x20)
                case 27: subMode = .lower
                case 28: subMode = .alpha
                default: shiftedFrom = .mixed; subMode = .punctuation
                }
            case .punctuation:
                if v == 29 { subMode = .alpha } else { append(PDF417DataDecoder.punctuation[v]) }
            }
            if let restore {
                subMode = restore
                shiftedFrom = nil
            }
        }

        var message: PDF417Message {
            var text = ""
            for s in segments {
                text += ECICharacterSet.decode(s.bytes, charset: s.charset) ?? ECICharacterSet.decode(s.bytes, charset: defaultCharset) ?? ""
            }
            return PDF417Message(bytes: segments.flatMap(\.bytes), text: text, ecis: ecis, macro: macro,
                                 readerInitialisation: readerInitialisation, linked: linked)
        }
    }

    /// The mixed sub-mode's characters 0–24 and the punctuation sub-mode's 0–28.
    static let mixed = Array("0123456789&\r\t,:#-.$/+%*=^".utf8)
    static let punctuation = Array(";<>@[\\]_`~!\r\t,:\n-.$/\"|*()?{}'".utf8)
}
