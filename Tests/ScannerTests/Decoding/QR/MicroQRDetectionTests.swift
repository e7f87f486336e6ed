import Testing
@testable import Scanner

@Suite struct MicroQRDetectionTests {
    // M1 (11) to M4 (17).
    static let samples = ["123", "12345678", "HELLO M3", "MICRO QR 17 TEST"]

    @Test func everySizeInRotationsOf15Degrees() {
        for (i, data) in Self.samples.enumerated() {
            guard let m = QRZint.matrix(["-b", "97", "-d", data]) else { Issue.record("zint failed"); continue }
            // A third of the angles for each size.
            for step in 0..<24 where step % 3 == i % 3 {
                let o = QRTestImage.Options(scale: 4, rotation: Double(step * 15))
                let found = QRTestImage(m, o).detect().filter { $0.family == .microQR }
                #expect(QRTestImage.bestMatch(found, m) == 0, "M\(m.width) \(o): \(found.count) candidates")
                #expect(found.contains { QRSymbolDecoder.decode($0.matrix)?.text == data }, "M\(m.width) \(o) decoded")
            }
        }
    }
}
