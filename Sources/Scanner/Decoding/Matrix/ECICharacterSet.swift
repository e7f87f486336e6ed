import Glibc

/// Extended Channel Interpretation character sets and byte-to-text conversion (via iconv).
enum ECICharacterSet {
    /// iconv name of the character set an ECI designator selects (AIM ECI register), nil when
    /// the ECI is not a character set this reader knows.
    static func iconvName(eci: Int) -> String? {
        switch eci {
        case 0, 2: return "CP437"
        case 1, 3: return "ISO-8859-1"
        case 4...13: return "ISO-8859-\(eci - 2)"
        case 15...18: return "ISO-8859-\(eci - 2)"
        case 20: return "SHIFT_JIS"
        case 21: return "CP1250"
        case 22: return "CP1251"
        case 23: return "CP1252"
        case 24: return "CP1256"
        case 25: return "UTF-16BE"
        case 26: return "UTF-8"
        case 27, 170: return "ASCII"
        case 28: return "BIG5"
        case 29: return "GB18030"
        case 30: return "EUC-KR"
        case 31: return "GBK"
        case 32: return "GB18030"
        case 33: return "UTF-16LE"
        case 34: return "UTF-32BE"
        case 35: return "UTF-32LE"
        case 899: return "ISO-8859-1" // binary: one character per byte
        default: return nil
        }
    }

    /// Converts bytes in `charset` to a String; nil when iconv rejects them.
    static func decode(_ bytes: [UInt8], charset: String) -> String? {
        if bytes.isEmpty { return "" }
        if charset == "UTF-8" { return String(validating: bytes, as: UTF8.self) }
        if charset == "ISO-8859-1" { return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) }
        let cd = iconv_open("UTF-8", charset)
        guard let cd, Int(bitPattern: UnsafeRawPointer(cd)) != -1 else { return nil }
        defer { iconv_close(cd) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 4 + 4)
        let produced: Int? = input.withUnsafeMutableBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf in
                var inPtr: UnsafeMutablePointer<CChar>? = inBuf.baseAddress
                var outPtr: UnsafeMutablePointer<CChar>? = outBuf.baseAddress
                var inLeft = inBuf.count
                var outLeft = outBuf.count
                let r = iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft)
                return r == -1 || inLeft != 0 ? nil : outBuf.count - outLeft
            }
        }
        guard let produced else { return nil }
        return String(validating: output.prefix(produced).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
