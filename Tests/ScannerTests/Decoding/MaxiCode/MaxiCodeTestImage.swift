import Foundation
import ScannerTestSupport
@testable import Scanner

/// MaxiCode symbols as zint draws them (about 10 pixels a module, zint's fixed size), brought
/// to other module sizes, turns, mirrored or inverted, and read by our engine alone.
enum MaxiCodeTestImage {
    struct Case: Sendable, CustomStringConvertible {
        var mode: Int
        var primary = ""
        var payload: ZintPayload
        var eci = 0
        var structuredAppend: (index: Int, count: Int, id: String)?
        /// What zxing-cpp reports.
        var expected: String
        var description: String { "mode \(mode) \(expected.prefix(24).debugDescription)" }
    }

    static func render(_ c: Case) throws -> Frame {
        try ZintRenderer.render(.maxicode, c.payload, moduleSize: 10, margin: 150, eci: c.eci,
                                form: .maxiCode(mode: c.mode, primary: c.primary), structuredAppend: c.structuredAppend).frame
    }

    /// `frame` at `pixelsPerModule` (zint draws 50), turned clockwise by `degrees`.
    static func transformed(_ frame: Frame, pixelsPerModule: Double, degrees: Double, mirrored: Bool = false,
                            inverted: Bool = false) -> Frame {
        var f = frame
        if mirrored { f = Self.mirrored(f) }
        // Averaged first, as a camera's pixels would be, rather than point-sampled.
        f = averaged(f, by: 5)
        if pixelsPerModule < 10 { f = f.boxBlurred(radius: 1) }
        f = f.scaled(by: pixelsPerModule / 10).rotated(degrees: degrees)
        return inverted ? f.inverted() : f
    }

    /// Each `k`×`k` block of pixels as one, their mean.
    static func averaged(_ frame: Frame, by k: Int) -> Frame {
        let p = frame.packedPixels, w = frame.width / k, h = frame.height / k
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0
                for dy in 0..<k { for dx in 0..<k { sum += Int(p[(y * k + dy) * frame.width + x * k + dx]) } }
                out[y * w + x] = UInt8(sum / (k * k))
            }
        }
        return Frame(width: w, height: h, pixels: out)
    }

    static func mirrored(_ frame: Frame) -> Frame {
        let p = frame.packedPixels, w = frame.width
        return Frame(width: w, height: frame.height, pixels: (0..<p.count).map { p[($0 / w) * w + w - 1 - $0 % w] })
    }

    static func read(_ frame: Frame) -> [Detection] {
        MaxiCodeEngine().decode(frame, symbologies: [.maxicode], options: EngineOptions())
    }
}
