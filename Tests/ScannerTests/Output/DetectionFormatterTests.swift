import Foundation
import Testing
@testable import Scanner

@Suite struct DetectionFormatterTests {
    let corners = [Point(x: 10, y: 20), Point(x: 110.25, y: 20), Point(x: 110.25, y: 120), Point(x: 10, y: 120)]

    func detection(_ symbology: Symbology, _ text: String) -> Detection {
        Detection(symbology: symbology, bytes: Array(text.utf8), text: text, corners: corners, engine: .zxing)
    }

    func line(_ format: OutputFormat, _ detection: Detection, extra: (inout JSONLine) -> Void = { _ in }) -> [UInt8] {
        DetectionFormatter(format: format).line(for: detection, source: "shelf/1.png", extra: extra)
    }

    @Test func textIsTheLabelAndTheEscapedPayload() {
        let hostile = detection(.qr, "\u{1B}[31mRED\u{1B}[0m\nnext")
        let text = line(.text, hostile)
        #expect(String(decoding: text, as: UTF8.self) == "QR-Code:\\x1b[31mRED\\x1b[0m\\nnext\n")
        #expect(!text.contains(0x1B))
        #expect(text.filter { $0 == 0x0A }.count == 1)
        #expect(String(decoding: line(.text, detection(.ean13, "4006381333931")), as: UTF8.self) == "EAN-13:4006381333931\n")
    }

    @Test func rawBytesIsThePayloadBytesUnchanged() {
        var binary = detection(.aztec, "")
        binary.bytes = [0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x00, 0xFF, 0x0A]
        #expect(line(.rawBytes, binary) == binary.bytes + [0x0A])
    }

    /// --raw is the text, unescaped, in UTF-8, whatever the symbol's bytes.
    @Test func rawIsTheTextUnescaped() {
        var latin9 = detection(.qr, "\u{1B}€")
        latin9.bytes = [0x1B, 0xA4]
        #expect(line(.raw, latin9) == Array("\u{1B}€\n".utf8))
    }

    @Test func jsonCarriesEveryField() throws {
        var binary = detection(.qr, "\u{1B}[31m\u{2028}")
        binary.bytes = [0x1B, 0x5B, 0x33, 0x31, 0x6D, 0xFF]
        let bytes = line(.json, binary) { $0.add("event", "appeared") }
        #expect(bytes.last == 0x0A)
        #expect(bytes.dropLast().allSatisfy { $0 != 0x0A && $0 != 0x1B })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["event"] as? String == "appeared")
        #expect(object["source"] as? String == "shelf/1.png")
        #expect(object["symbology"] as? String == "qr")
        #expect(object["text"] as? String == "\u{1B}[31m\u{2028}")
        #expect(object["bytes"] as? String == Data(binary.bytes).base64EncodedString())
        #expect(object["corners"] as? [[Double]] == [[10, 20], [110.3, 20], [110.3, 120], [10, 120]])
        #expect(object["engine"] as? String == "zxing")
        #expect(object["gtin"] == nil)
        // The extra fields come first, so events are easy to spot.
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"event":"appeared","source""#))
    }

    @Test func jsonAddsTheGTINForUPC() throws {
        let bytes = line(.json, detection(.upca, "036000291452"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["text"] as? String == "036000291452")
        #expect(object["gtin"] as? String == "00036000291452")
    }
}
