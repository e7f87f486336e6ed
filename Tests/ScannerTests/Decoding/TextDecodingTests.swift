import Testing
@testable import Scanner

@Suite struct TextDecodingTests {
    @Test func asciiAndUTF8AreTakenAsUTF8() {
        #expect(TextDecoding.text(for: .code128, bytes: Array("plain".utf8)) == "plain")
        for symbology in [Symbology.qr, .dataMatrix, .code128] {
            #expect(TextDecoding.text(for: symbology, bytes: Array("Grüße 日本 😀".utf8)) == "Grüße 日本 😀")
        }
    }

    @Test(arguments: [Symbology.qr, .microQR, .rmqr])
    func shiftJISBytesInTheQRFamilyBecomeJapanese(_ symbology: Symbology) {
        // 日本語 in Shift-JIS, as Kanji mode writes it; 誠 alone (corpus-more's M3-Kanji).
        #expect(TextDecoding.text(for: symbology, bytes: [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA]) == "日本語")
        #expect(TextDecoding.text(for: symbology, bytes: [0x90, 0xBD]) == "誠")
    }

    @Test func big5BytesInAQRBecomeChinese() {
        // 測試 in Big5; read as Shift-JIS it would be half-width katakana around a kanji.
        let big5: [UInt8] = [0xB4, 0xFA, 0xB8, 0xD5]
        #expect(TextDecoding.text(for: .qr, bytes: big5) == "測試")
        #expect(TextDecoding.convert(big5, from: "CP932") == "ｴ弴ﾕ")
    }

    /// Half-width katakana beside ASCII are Japanese, though the bytes are valid Big5 too
    /// (qrcode-2/18 of the corpus: Big5 reads them as rare hanzi).
    @Test func halfWidthKatakanaBesideASCIIStayShiftJIS() throws {
        let sjis: [UInt8] = [0x2A, 0xC3, 0xDE, 0xDD, 0xBF, 0xB0, 0x51, 0x52, 0x2A]  // *ﾃﾞﾝｿｰQR*
        #expect(TextDecoding.convert(sjis, from: "BIG5") != nil)
        #expect(TextDecoding.text(for: .qr, bytes: sjis) == "*ﾃﾞﾝｿｰQR*")
    }

    @Test func latin1IsTheFallback() {
        let bytes: [UInt8] = [0x47, 0x72, 0xFC, 0xDF, 0x65]  // "Grüße" in ISO-8859-1
        #expect(TextDecoding.text(for: .code128, bytes: bytes) == "Grüße")
        #expect(TextDecoding.text(for: .dataMatrix, bytes: bytes) == "Grüße")
        // Neither Shift-JIS nor Big5 can hold 0xFF 0xFE, so a QR falls back too.
        #expect(TextDecoding.text(for: .qr, bytes: [0xFF, 0xFE]) == "ÿþ")
    }

    @Test func latin1MapsEveryByte() {
        let all = (0...255).map(UInt8.init)
        #expect(TextDecoding.latin1(all).unicodeScalars.map(\.value) == (0...255).map(UInt32.init))
        #expect(TextDecoding.latin1([]) == "")
    }

    @Test func unknownEncodingsConvertToNothing() {
        #expect(TextDecoding.convert([0x41], from: "NO-SUCH-CHARSET") == nil)
    }
}
