import ScannerTestSupport
import Testing
@testable import Scanner

/// Arbitrary grids and bit streams end cleanly: nothing, or the symbol's own text.
@Suite struct QRCodecRobustnessTests {
    @Test func randomMatricesNeverDecodeAndNoisySymbolsReadTrueOrNothing() {
        var rng = SplitMix64(seed: 99)
        var sizes: [(Int, Int)] = (1...40).map { (17 + 4 * $0, 17 + 4 * $0) } + [(11, 11), (13, 13), (15, 15), (17, 17)]
        sizes += QRVersion.rmqrSizes.map { ($0.width, $0.height) } + [(1, 1), (20, 20), (30, 7), (7, 30), (200, 3)]
        var decoded = 0
        for (w, h) in sizes {
            for _ in 0..<6 {
                guard var m = BitMatrix(width: w, height: h) else { continue }
                for y in 0..<h { for x in 0..<w where Bool.random(using: &rng) { m[x, y] = true } }
                if QRSymbolDecoder.decode(m) != nil { decoded += 1 }
            }
        }
        #expect(decoded == 0)
        // Real symbols with random module noise: either the original text or nothing.
        for v in [1, 2, 5, 10] {
            guard let m = QRZint.matrix(["-b", "58", "--vers=\(v)", "-d", "noise \(v)"]) else { continue }
            for rate in [0.02, 0.05, 0.1, 0.2, 0.4] {
                for _ in 0..<10 {
                    var n = m
                    for y in 0..<m.height { for x in 0..<m.width where Double.random(in: 0..<1, using: &rng) < rate { n[x, y].toggle() } }
                    if let r = QRSymbolDecoder.decode(n) { #expect(r.text == "noise \(v)") }
                }
            }
        }
    }

    @Test func randomDataStreamsEndCleanly() {
        // The bit-stream decoder behind RS: any bytes, for every symbol type and version.
        var rng = SplitMix64(seed: 5)
        let versions = (1...40).compactMap(QRVersion.qr) + (1...4).compactMap(QRVersion.micro) + (0..<32).compactMap { QRVersion.rmqr(index: $0) }
        for version in versions {
            for _ in 0..<200 {
                let count = Int.random(in: 0...40, using: &rng)
                var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
                // Bias towards plausible headers: small mode values at the start.
                if !bytes.isEmpty && Bool.random(using: &rng) { bytes[0] &= 0x7F }
                _ = QRDataDecoder.decode(bytes, bitCount: Int.random(in: -8...(count * 8 + 8), using: &rng), version: version)
            }
        }
    }
}
