import Foundation
import ScannerTestSupport
@testable import Scanner

/// Camera-like luma images of module matrices for the QR detector's tests:
/// drawn through a homography with 3x3 supersampling, then blurred, lit
/// unevenly, inverted and noised as `Options` say.
struct QRTestImage {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    struct Options: CustomStringConvertible {
        var scale = 4.0
        var quiet = 4
        var rotation = 0.0  // degrees
        var perspective = 0.0  // corner jitter as a fraction of the side
        var blur = 0  // box-blur passes (3x3)
        var noise = 0.0  // gaussian sigma in grey levels
        var gradient = 0.0  // light falls off by this fraction across the image
        var inverted = false
        var seed: UInt64 = 1

        var description: String {
            "scale \(scale) rotation \(rotation)° perspective \(perspective) blur \(blur) noise \(noise) "
                + "gradient \(gradient)\(inverted ? " inverted" : "") seed \(seed)"
        }
    }

    static func uniform(_ rng: inout SplitMix64) -> Double { Double(rng.next() >> 11) / Double(1 << 53) }

    static func normal(_ rng: inout SplitMix64) -> Double {
        let u = max(uniform(&rng), 1e-12), v = uniform(&rng)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    /// Places `m` on a canvas of reflectances (1 = light) through `toImage`
    /// (module coordinates → pixels).
    static func draw(_ m: BitMatrix, into canvas: inout [Double], width: Int, height: Int, toImage: PerspectiveTransform) {
        guard let inv = toImage.inverse() else { return }
        // Only pixels inside the bounding box of the symbol need work.
        let cs = [toImage.apply(0, 0), toImage.apply(Double(m.width), 0), toImage.apply(Double(m.width), Double(m.height)),
                  toImage.apply(0, Double(m.height))]
        let x0 = max(0, Int(cs.map(\.x).min() ?? 0) - 2), x1 = min(width - 1, Int(cs.map(\.x).max() ?? 0) + 2)
        let y0 = max(0, Int(cs.map(\.y).min() ?? 0) - 2), y1 = min(height - 1, Int(cs.map(\.y).max() ?? 0) + 2)
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            for x in x0...x1 {
                var dark = 0
                for sy in 0..<3 {
                    for sx in 0..<3 {
                        let p = inv.apply(Double(x) + (Double(sx) + 0.5) / 3, Double(y) + (Double(sy) + 0.5) / 3)
                        if p.x >= 0, p.y >= 0, m[Int(p.x.rounded(.down)), Int(p.y.rounded(.down))] { dark += 1 }
                    }
                }
                if dark > 0 { canvas[y * width + x] = min(canvas[y * width + x], 1 - Double(dark) / 9) }
            }
        }
    }

    /// The homography taking a w×h module grid to `quad` (corners (0,0), (w,0), (w,h), (0,h)).
    static func transform(width w: Double, height h: Double, to quad: [MatrixPoint]) -> PerspectiveTransform? {
        PerspectiveTransform.quadToQuad(
            from: [MatrixPoint(x: 0, y: 0), MatrixPoint(x: w, y: 0), MatrixPoint(x: w, y: h), MatrixPoint(x: 0, y: h)], to: quad)
    }

    /// A symbol alone on a square canvas, transformed per `o`.
    init(_ m: BitMatrix, _ o: Options) {
        var rng = SplitMix64(seed: o.seed)
        let w = Double(m.width), h = Double(m.height), q = Double(o.quiet)
        let diag = ((w + 2 * q) * (w + 2 * q) + (h + 2 * q) * (h + 2 * q)).squareRoot() * o.scale
        let size = Int(diag * (1 + 2 * o.perspective)) + 16
        let c = Double(size) / 2
        let a = o.rotation * .pi / 180
        var quad: [MatrixPoint] = []
        for (u, v) in [(0.0, 0.0), (w, 0), (w, h), (0, h)] {
            let dx = (u - w / 2) * o.scale, dy = (v - h / 2) * o.scale
            var p = MatrixPoint(x: c + dx * cos(a) - dy * sin(a), y: c + dx * sin(a) + dy * cos(a))
            if o.perspective > 0 {
                p.x += (Self.uniform(&rng) * 2 - 1) * o.perspective * w * o.scale
                p.y += (Self.uniform(&rng) * 2 - 1) * o.perspective * h * o.scale
            }
            quad.append(p)
        }
        var canvas = [Double](repeating: 1, count: size * size)
        if let t = Self.transform(width: w, height: h, to: quad) { Self.draw(m, into: &canvas, width: size, height: size, toImage: t) }
        self.init(canvas: canvas, width: size, height: size, o, rng: &rng)
    }

    /// Blur, lighting, polarity and noise on a canvas of reflectances.
    init(canvas: [Double], width: Int, height: Int, _ o: Options, rng: inout SplitMix64) {
        var c = canvas
        for _ in 0..<o.blur {
            var b = c
            for y in 0..<height {
                for x in 0..<width {
                    var s = 0.0, n = 0.0
                    for yy in max(0, y - 1)...min(height - 1, y + 1) {
                        for xx in max(0, x - 1)...min(width - 1, x + 1) { s += c[yy * width + xx]; n += 1 }
                    }
                    b[y * width + x] = s / n
                }
            }
            c = b
        }
        var px = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let r = o.inverted ? 1 - c[y * width + x] : c[y * width + x]
                let light = 230 * (1 - o.gradient * Double(x + y) / Double(width + height))
                var v = 25 + (light - 25) * r
                if o.noise > 0 { v += Self.normal(&rng) * o.noise }
                px[y * width + x] = UInt8(max(0, min(255, v.rounded())))
            }
        }
        self.init(width: width, height: height, pixels: px)
    }

    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    func detect() -> [QRCandidate] {
        pixels.withUnsafeBufferPointer { QRDetector.detect($0, width: width, height: height, stride: width) }
    }

    /// Module differences between two grids of the same size, nil when the sizes differ.
    static func mismatches(_ a: BitMatrix, _ b: BitMatrix) -> Int? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var n = 0
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { n += 1 } }
        return n
    }

    /// The fewest module errors of any candidate against the expected grid (nil: none of its size).
    static func bestMatch(_ candidates: [QRCandidate], _ expected: BitMatrix) -> Int? {
        candidates.compactMap { mismatches($0.matrix, expected) }.min()
    }
}
