import Testing
@testable import Scanner

@Suite struct RMQRDetectionTests {
    /// zint's rMQR version numbers 1–32 follow the size order of `QRVersion.rmqrSizes`.
    func check(_ version: Int, _ o: QRTestImage.Options, sourceLocation: SourceLocation = #_sourceLocation) {
        let size = QRVersion.rmqrSizes[version - 1]
        let data = "RMQR \(version)"
        guard let m = QRZint.rmqr(["-d", data], sizeIndex: version - 1), m.height == size.height else {
            Issue.record("zint failed", sourceLocation: sourceLocation); return
        }
        let found = QRTestImage(m, o).detect().filter { $0.family == .rmqr }
        #expect(QRTestImage.bestMatch(found, m) == 0, "R\(size.height)x\(size.width) \(o): \(found.count) candidates",
                sourceLocation: sourceLocation)
        #expect(found.contains { QRSymbolDecoder.decode($0.matrix)?.text == data }, "R\(size.height)x\(size.width) decoded",
                sourceLocation: sourceLocation)
    }

    @Test func everySizeUpright() {
        for v in 1...32 { check(v, QRTestImage.Options(scale: 4)) }
    }

    @Test func rotations() {
        for (i, v) in [1, 6, 11, 17, 24, 32].enumerated() {
            for k in 0..<4 { check(v, QRTestImage.Options(scale: 3.5, rotation: Double(k * 90 + i * 15 + 10))) }
        }
    }
}
