import Foundation
import Scanner

/// Deterministic image degradations for round-trip tests (quarter turns and
/// inversion come from the library's own `FrameOperations`): each returns a new,
/// tightly packed frame (except `padded(toStride:)`) and leaves `self` alone.
extension Frame {
    /// The frame turned clockwise by `degrees` about its centre, on a canvas
    /// grown to hold all of it, sampled bilinearly; new area is `fill`.
    public func rotated(degrees: Double, fill: UInt8 = 255) -> Frame {
        let (outWidth, outHeight) = rotatedSize(degrees: degrees)
        let source = packedPixels
        let (cos, sin) = (Foundation.cos(degrees * .pi / 180), Foundation.sin(degrees * .pi / 180))
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)
        let (ox, oy) = (Double(outWidth) / 2, Double(outHeight) / 2)
        return Frame.generated(width: outWidth, height: outHeight) { x, y in
            // Inverse rotation of the output pixel's centre into the source.
            let dx = Double(x) + 0.5 - ox, dy = Double(y) + 0.5 - oy
            let sx = cos * dx + sin * dy + cx, sy = -sin * dx + cos * dy + cy
            return bilinear(source, x: sx - 0.5, y: sy - 0.5, fill: fill)
        }
    }

    /// Where `point` of this frame lands in `rotated(degrees:)`'s output.
    public func pointAfterRotation(_ point: Point, degrees: Double) -> Point {
        let (outWidth, outHeight) = rotatedSize(degrees: degrees)
        let (cos, sin) = (Foundation.cos(degrees * .pi / 180), Foundation.sin(degrees * .pi / 180))
        let dx = point.x - Double(width) / 2, dy = point.y - Double(height) / 2
        return Point(x: cos * dx - sin * dy + Double(outWidth) / 2, y: sin * dx + cos * dy + Double(outHeight) / 2)
    }

    private func rotatedSize(degrees: Double) -> (Int, Int) {
        let radians = degrees * .pi / 180
        let (c, s) = (abs(cos(radians)), abs(sin(radians)))
        let w = Double(width), h = Double(height)
        return (Int((w * c + h * s).rounded(.up)), Int((w * s + h * c).rounded(.up)))
    }

    /// The frame resized by `factor` (bilinear).
    public func scaled(by factor: Double) -> Frame {
        let source = packedPixels
        let outWidth = max(1, Int((Double(width) * factor).rounded()))
        let outHeight = max(1, Int((Double(height) * factor).rounded()))
        let fx = Double(width) / Double(outWidth), fy = Double(height) / Double(outHeight)
        return Frame.generated(width: outWidth, height: outHeight) { x, y in
            bilinear(source, x: (Double(x) + 0.5) * fx - 0.5, y: (Double(y) + 0.5) * fy - 0.5, fill: nil)
        }
    }

    /// The frame with uniform noise of ±`amplitude` levels, the same for the
    /// same `seed`.
    public func withNoise(amplitude: Int, seed: UInt64) -> Frame {
        var random = SplitMix64(seed: seed)
        let source = packedPixels
        return Frame.generated(width: width, height: height) { x, y in
            let noise = Int(random.next() % UInt64(2 * amplitude + 1)) - amplitude
            return UInt8(clamping: Int(source[y * width + x]) + noise)
        }
    }

    /// The frame averaged over a (2·radius+1)² box, edges clamped.
    public func boxBlurred(radius: Int) -> Frame {
        let source = packedPixels
        return Frame.generated(width: width, height: height) { x, y in
            var sum = 0, count = 0
            for sy in max(0, y - radius)...min(height - 1, y + radius) {
                for sx in max(0, x - radius)...min(width - 1, x + radius) {
                    sum += Int(source[sy * width + sx])
                    count += 1
                }
            }
            return UInt8(sum / count)
        }
    }

    /// The same pixels in rows `stride` bytes apart, as camera buffers are;
    /// the padding holds `padding` so that a reader ignoring the stride sees
    /// garbage.
    public func padded(toStride stride: Int, padding: UInt8 = 0) -> Frame {
        precondition(stride >= width, "stride \(stride) is narrower than the width \(width)")
        let source = packedPixels
        let storage = PixelStorage(count: stride * height) { bytes in
            for row in 0..<height {
                for column in 0..<stride {
                    bytes[row * stride + column] = column < width ? source[row * width + column] : padding
                }
            }
        }
        return Frame(width: width, height: height, stride: stride, storage: storage)
    }

    /// This frame pasted at (`x`, `y`) on a `width`×`height` canvas of `background`.
    public func placed(onCanvasWidth canvasWidth: Int, height canvasHeight: Int, x: Int, y: Int, background: UInt8 = 255) -> Frame {
        let source = packedPixels
        return Frame.generated(width: canvasWidth, height: canvasHeight) { cx, cy in
            let (sx, sy) = (cx - x, cy - y)
            return sx >= 0 && sx < width && sy >= 0 && sy < height ? source[sy * width + sx] : background
        }
    }

    private static func generated(width: Int, height: Int, pixel: (Int, Int) -> UInt8) -> Frame {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = pixel(x, y) }
        }
        return Frame(width: width, height: height, pixels: pixels)
    }

    /// The source sampled at (`x`, `y`) in pixel-centre coordinates; outside
    /// the frame, `fill`, or the nearest edge pixel when `fill` is nil.
    private func bilinear(_ source: [UInt8], x: Double, y: Double, fill: UInt8?) -> UInt8 {
        if let fill, x < -0.5 || y < -0.5 || x > Double(width) - 0.5 || y > Double(height) - 0.5 { return fill }
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let tx = x - Double(x0), ty = y - Double(y0)
        func at(_ px: Int, _ py: Int) -> Double {
            Double(source[min(max(py, 0), height - 1) * width + min(max(px, 0), width - 1)])
        }
        let top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx
        let bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx
        return UInt8(clamping: Int((top * (1 - ty) + bottom * ty).rounded()))
    }
}

/// A small seeded generator (SplitMix64), so that noisy test images are the
/// same on every run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
