import Foundation
import Testing
@testable import Scanner

/// Symbols rotated in an image and read on one sampled line across the bars.
@Suite struct LinearImageTests {
    /// Renders a module row rotated by `angle` into a W×H 8-bit image (bars infinitely tall), bilinear in
    /// the module pattern, and reads one line through the centre across the bars with every decoder.
    static func readRotated(modules: [Bool], angleDegrees: Double, ppm: Double, thickness: Int = 1) -> [(Symbology, String)] {
        let quiet = 12
        let total = modules.count + 2 * quiet
        let size = Int(Double(total) * ppm) + 20
        let w = size, h = size
        var img = [UInt8](repeating: 0, count: w * h)
        let a = angleDegrees * Double.pi / 180
        let c = cos(a), s = sin(a)
        let cx = Double(w) / 2, cy = Double(h) / 2
        func value(_ m: Double) -> Double {  // module coordinate -> grey, linear between module centres
            let x = m - 0.5
            let i = Int(floor(x)), f = x - floor(x)
            func at(_ k: Int) -> Double {
                let j = k - quiet
                return j >= 0 && j < modules.count && modules[j] ? 40 : 210
            }
            return at(i) * (1 - f) + at(i + 1) * f
        }
        for y in 0..<h {
            for x in 0..<w {
                let u = (Double(x) + 0.5 - cx) * c + (Double(y) + 0.5 - cy) * s
                img[y * w + x] = UInt8(value(u / ppm + Double(total) / 2).rounded())
            }
        }
        let half = Double(total) * ppm / 2 + 4
        let decoders = LinearEngine.decoders(for: LinearEngine().supported)
        var buffer: [Float] = []
        return img.withUnsafeBufferPointer { px -> [(Symbology, String)] in
            guard let sampler = LineSampler(pixels: px, width: w, height: h, stride: w) else { return [] }
            let line = sampler.sample(fromX: Float(cx - 0.5 - half * c), y0: Float(cy - 0.5 - half * s),
                                      toX: Float(cx - 0.5 + half * c), y1: Float(cy - 0.5 + half * s),
                                      thickness: thickness, into: &buffer)
            let runs = buffer.withUnsafeBufferPointer { EdgeProfile.runs(UnsafeBufferPointer(rebasing: $0[0..<line.count])) }
            return LinearLineDecoder.decode(runs, decoders: decoders.oneWay + decoders.unchecked, bothWays: decoders.bothWays)
                .map { ($0.read.symbology, String(decoding: $0.read.bytes, as: UTF8.self)) }
        }
    }

    /// (zint type, data, symbology, payload) for every linear symbology.
    static let cases: [(Int, String, Symbology, String)] = [
        (13, "123456789012", .ean13, "1234567890128"),
        (13, "1234567", .ean8, "12345670"),
        (34, "01234567890", .upca, "012345678905"),
        (37, "1234567", .upce, "12345670"),
        (3, "0987654321", .itf, "0987654321"),
        (18, "A40156B", .codabar, "A40156B"),
        (20, "Code128", .code128, "Code128"),
        (8, "CODE39", .code39, "CODE39"),
        (25, "CODE93", .code93, "CODE93"),
        (32, "ABC123", .telepen, "ABC123"),
        (29, "0123456789012", .databar, "0101234567890128"),
        (30, "1234567890123", .databarLimited, "0112345678901231"),
        (31, "[01]98898765432106", .databarExpanded, "0198898765432106"),
    ]

    /// Never a wrong read; at most 3 of the 26 (angle in 15° steps to 180°, scale) renderings unread.
    @Test(arguments: cases.indices) func rotatedImagesRead(_ index: Int) throws {
        let (type, data, sym, text) = Self.cases[index]
        let modules = try ZintDump.modules(type: type, data: data)
        var missed: [String] = []
        for step in 0...12 {
            let angle = Double(step * 15)
            for ppm in [2.0, 3.0] {
                let reads = Self.readRotated(modules: modules, angleDegrees: angle, ppm: ppm, thickness: 3)
                #expect(reads.allSatisfy { $0.0 == sym && $0.1 == text }, "\(data) at \(angle)°: \(reads)")
                if reads.count != 1 { missed.append("\(angle)°/\(ppm)") }
            }
        }
        #expect(missed.count <= 3, "\(data) unread at \(missed)")
    }

    @Test func samplerClipsAndAverages() throws {
        // A 4×3 ramp; a horizontal line on row 1 beyond both sides is clipped to the image.
        let px: [UInt8] = [0, 10, 20, 30, 100, 110, 120, 130, 200, 210, 220, 230]
        var buffer: [Float] = []
        try px.withUnsafeBufferPointer { p in
            let s = try #require(LineSampler(pixels: p, width: 4, height: 3, stride: 4))
            let line = s.sample(fromX: -5, y0: 1, toX: 10, y1: 1, into: &buffer)
            #expect(line.count == 4)
            #expect(Array(buffer.prefix(4)) == [100, 110, 120, 130])
            let thick = s.sample(fromX: 0, y0: 1, toX: 3, y1: 1, thickness: 3, into: &buffer)
            #expect(thick.count == 4 && abs(buffer[0] - 100) < 0.01)  // rows 0, 1, 2 average to row 1
            #expect(s.sample(fromX: 0, y0: 10, toX: 3, y1: 10, into: &buffer).count == 0)
            #expect(LineSampler(pixels: p, width: 5, height: 3, stride: 5) == nil)
        }
    }
}
