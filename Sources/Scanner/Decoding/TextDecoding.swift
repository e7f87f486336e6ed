import Glibc

/// Turns a symbol's payload bytes into text.
///
/// Symbols rarely declare their character set. QR's default is ISO-8859-1,
/// but Japanese and Taiwanese encoders write Shift-JIS and Big5 without an
/// ECI, and most modern encoders write UTF-8. So: valid UTF-8 wins; for the
/// QR family (whose Kanji mode is Shift-JIS), a plausible Shift-JIS or Big5
/// reading comes next; Latin-1, which maps every byte, is the fallback.
enum TextDecoding {
    static func text(for symbology: Symbology, bytes: [UInt8]) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
        if [.qr, .microQR, .rmqr].contains(symbology), let cjk = bestCJKReading(bytes) { return cjk }
        return latin1(bytes)
    }

    static func latin1(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// The more plausible of the Shift-JIS and Big5 readings, if either is
    /// valid. Shift-JIS is tried first and preferred, as zxing does; a Big5
    /// reading wins only when Shift-JIS needs half-width katakana mixed into
    /// kanji, which real Japanese text almost never does (half-width
    /// katakana on their own, beside ASCII, are ordinary Japanese text:
    /// "*ﾃﾞﾝｿｰQR*").
    private static func bestCJKReading(_ bytes: [UInt8]) -> String? {
        let sjis = convert(bytes, from: "CP932")
        let big5 = convert(bytes, from: "BIG5")
        switch (sjis, big5) {
        case let (s?, b?): return oddity(s) > oddity(b) ? b : s
        case let (s?, nil): return s
        case let (nil, b?): return b
        default: return nil
        }
    }

    /// Counts half-width katakana next to a double-byte character, which
    /// Shift-JIS readings of Big5 bytes produce in bulk: a Big5 character's
    /// lead byte is often a half-width katakana in Shift-JIS, and its trail
    /// byte then starts a kanji.
    private static func oddity(_ text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        func halfWidthKatakana(_ s: Unicode.Scalar) -> Bool { (0xFF61...0xFF9F).contains(s.value) }
        func doubleByte(_ s: Unicode.Scalar) -> Bool { s.value >= 0x100 && !halfWidthKatakana(s) }
        return zip(scalars, scalars.dropFirst()).filter { a, b in
            (halfWidthKatakana(a) && doubleByte(b)) || (doubleByte(a) && halfWidthKatakana(b))
        }.count
    }

    /// Converts with glibc's iconv; `nil` when the bytes are not valid in
    /// `encoding`.
    static func convert(_ bytes: [UInt8], from encoding: String) -> String? {
        let cd = iconv_open("UTF-8", encoding)
        guard cd != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(cd) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 4 + 4)
        let produced: Int? = input.withUnsafeMutableBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf in
                var inPtr: UnsafeMutablePointer<CChar>? = inBuf.baseAddress
                var inLeft = inBuf.count
                var outPtr: UnsafeMutablePointer<CChar>? = outBuf.baseAddress
                var outLeft = outBuf.count
                let result = iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft)
                return result != -1 && inLeft == 0 ? outBuf.count - outLeft : nil
            }
        }
        guard let produced else { return nil }
        return String(validating: output[..<produced].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
