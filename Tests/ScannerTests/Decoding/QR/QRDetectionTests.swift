import Testing
@testable import Scanner

/// QR Model 2 grids sampled from synthetic images match zint's modules.
@Suite struct QRDetectionTests {
    func check(_ version: Int, _ o: QRTestImage.Options, data: String = "HELLO WORLD 12345", ecc: Int = 2, maxErrors: Int = 0,
               sourceLocation: SourceLocation = #_sourceLocation) {
        guard let m = QRZint.matrix(["-b", "58", "-d", data, "--vers=\(version)", "--secure=\(ecc)"]) else {
            Issue.record("zint failed", sourceLocation: sourceLocation); return
        }
        let found = QRTestImage(m, o).detect()
        let errors = QRTestImage.bestMatch(found, m)
        #expect(errors != nil && errors! <= maxErrors,
                "v\(version) \(o): \(found.count) candidates, best errors \(String(describing: errors))",
                sourceLocation: sourceLocation)
    }

    @Test func versionsUpright() {
        for v in [1, 2, 3, 5, 7, 10, 14, 20, 27, 40] {
            check(v, QRTestImage.Options(scale: v > 20 ? 3 : 4))
        }
    }

    @Test func rotationsIn15DegreeSteps() {
        for step in 0..<24 {
            check(3, QRTestImage.Options(scale: 3, rotation: Double(step * 15)))
            // Off the 15-degree grid, antialiased edges at 3 px a module can flip a module.
            check(9, QRTestImage.Options(scale: 3, rotation: Double(step * 15) + 7), maxErrors: 2)
        }
    }

    @Test func smallModules() {
        for (i, r) in [0.0, 15, 30, 45].enumerated() {
            check(2, QRTestImage.Options(scale: 1.5 + 0.25 * Double(i), rotation: r), maxErrors: 16)
            check(6, QRTestImage.Options(scale: 2, rotation: r), maxErrors: 10)
        }
    }

    @Test func perspective() {
        for seed in 1...8 {
            check(4, QRTestImage.Options(scale: 3, rotation: Double(seed * 40), perspective: 0.07, seed: UInt64(seed)))
            check(15, QRTestImage.Options(scale: 3, rotation: Double(seed * 40), perspective: 0.06, seed: UInt64(seed)), maxErrors: 4)
        }
    }

    @Test func blurNoiseAndUnevenLight() {
        for seed in 1...6 {
            check(5, QRTestImage.Options(scale: 3.5, rotation: Double(seed * 25), blur: 1, noise: 10, gradient: 0.6, seed: UInt64(seed)),
                  maxErrors: 3)
            check(12, QRTestImage.Options(scale: 4, rotation: Double(seed * 25), perspective: 0.05, blur: 1, noise: 8, gradient: 0.6,
                                          seed: UInt64(seed)), maxErrors: 8)
        }
    }

    @Test func inverted() {
        for seed in 1...4 {
            check(3, QRTestImage.Options(scale: 3, rotation: Double(seed * 30), inverted: true, seed: UInt64(seed)))
            check(8, QRTestImage.Options(scale: 3, rotation: Double(seed * 20), blur: 1, noise: 6, gradient: 0.4, inverted: true,
                                         seed: UInt64(seed)), maxErrors: 8)
        }
    }
}
