import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// Whole scenes: noise with no symbol, a photo-like frame with three, a page of thirty.
@Suite struct QRSceneDetectionTests {
    /// QR format information read from a candidate (the copy beside the top-left finder), decoded.
    static func formatReadable(_ m: BitMatrix) -> Bool {
        guard m.width >= 21 else { return false }
        var bits = 0
        let positions = (0...5).map { (8, $0) } + [(8, 7), (8, 8), (7, 8)] + (0...5).reversed().map { ($0, 8) }
        for (i, p) in positions.enumerated() where m[p.0, p.1] { bits |= 1 << (14 - i) }
        return BCH.nearest([bits], among: BCH.qrFormat, maxDistance: 3) != nil
    }

    @Test func formatPositionsReadOnARealSymbol() throws {
        let m = try #require(QRZint.matrix(["-b", "58", "-d", "FORMAT", "--vers=3"]))
        #expect(Self.formatReadable(m))
    }

    @Test func randomNoiseHasNoReadableCandidate() {
        var rng = SplitMix64(seed: 99)
        for (w, h) in [(640, 480), (1280, 720)] {
            let img = QRTestImage(width: w, height: h, pixels: (0..<(w * h)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
            let found = img.detect()
            #expect(found.count <= 2, "noise \(w)x\(h)")
            #expect(found.filter { Self.formatReadable($0.matrix) }.isEmpty, "noise \(w)x\(h)")
        }
    }

    /// A photo-like 1280x720 scene: smooth shading, texture, three symbols on white labels.
    @Test func photoLikeSceneShowsItsThreeSymbols() throws {
        let (width, height) = (1280, 720)
        var canvas = [Double](repeating: 1, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let shading: Double = 0.25 * sin(Double(x) / 90) * cos(Double(y) / 70)
                let texture: Double = 0.1 * sin(Double(x * y) / 5000)
                canvas[y * width + x] = max(0, min(1, 0.6 + shading + texture))
            }
        }
        for (i, v) in [3, 7, 12].enumerated() {
            let m = try #require(QRZint.matrix(["-b", "58", "-d", "PHOTO \(i)", "--vers=\(v)"]))
            let s = 4.0, x0 = 100 + Double(i) * 400, y0 = 150.0, w = Double(m.width)
            let t = try #require(QRTestImage.transform(width: w, height: w, to: [
                MatrixPoint(x: x0, y: y0), MatrixPoint(x: x0 + w * s, y: y0 + 20),
                MatrixPoint(x: x0 + w * s - 10, y: y0 + w * s), MatrixPoint(x: x0 + 5, y: y0 + w * s - 15),
            ]))
            // A white label behind the code, as on a real object.
            let label = try #require(QRTestImage.transform(width: 1, height: 1, to: [
                t.apply(-4, -4), t.apply(w + 4, -4), t.apply(w + 4, w + 4), t.apply(-4, w + 4),
            ]).flatMap { $0.inverse() })
            for y in 0..<height {
                for x in 0..<width {
                    let p = label.apply(Double(x) + 0.5, Double(y) + 0.5)
                    if p.x >= 0, p.x <= 1, p.y >= 0, p.y <= 1 { canvas[y * width + x] = 1 }
                }
            }
            QRTestImage.draw(m, into: &canvas, width: width, height: height, toImage: t)
        }
        var rng = SplitMix64(seed: 3)
        let img = QRTestImage(canvas: canvas, width: width, height: height,
                              QRTestImage.Options(blur: 1, noise: 5, gradient: 0.3), rng: &rng)
        #expect(img.detect().filter { $0.family == .qr }.count >= 3)
    }

    /// 30 symbols in a 6x5 grid on one 1280x900 page, each slightly rotated.
    @Test func aPageOfThirtyCodesAllFound() throws {
        let (width, height) = (1280, 900)
        var canvas = [Double](repeating: 1, count: width * height)
        var expected: [BitMatrix] = []
        for i in 0..<30 {
            let m = try #require(QRZint.matrix(["-b", "58", "-d", "PAGE CODE \(i)", "--vers=\(2 + i % 4)"]))
            expected.append(m)
            let cx = 110 + Double(i % 6) * 212, cy = 95 + Double(i / 6) * 178
            let s = 3.0, a = Double(i % 5 - 2) * 0.08, h = Double(m.width) / 2
            let quad = [(-h, -h), (h, -h), (h, h), (-h, h)].map { (u: Double, v: Double) -> MatrixPoint in
                let x: Double = cx + s * (u * cos(a) - v * sin(a))
                let y: Double = cy + s * (u * sin(a) + v * cos(a))
                return MatrixPoint(x: x, y: y)
            }
            let t = try #require(QRTestImage.transform(width: 2 * h, height: 2 * h, to: quad))
            QRTestImage.draw(m, into: &canvas, width: width, height: height, toImage: t)
        }
        var rng = SplitMix64(seed: 7)
        let found = QRTestImage(canvas: canvas, width: width, height: height,
                                QRTestImage.Options(blur: 1, noise: 4, gradient: 0.3), rng: &rng).detect()
        // Blur and noise at 3 px a module cost a few modules; Reed-Solomon absorbs them.
        let missing = expected.filter { m in (QRTestImage.bestMatch(found, m) ?? .max) > 4 }.count
        #expect(missing == 0, "\(found.count) candidates")
        let texts = Set(QRImageToTextTests.decodeAll(found))
        #expect(texts == Set((0..<30).map { "PAGE CODE \($0)" }))
    }
}
