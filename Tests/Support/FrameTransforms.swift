import Foundation
import Scanner

/// Deterministic image degradations for round-trip tests (rotation, scaling
/// and inversion come from the library's own `FrameOperations`): each returns a new,
/// tightly packed frame (except `padded(toStride:)`) and leaves `self` alone.
extension Frame {
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

    /// The frame bent as a label on an uneven surface: rows sag by up to `amplitude` pixels
    /// in the middle and columns bow by as much, edges held (bilinear, white outside).
    public func bowed(by amplitude: Double) -> Frame {
        resampled { x, y in
            (x - amplitude * sin(Double.pi * y / Double(height)), y - amplitude * sin(Double.pi * x / Double(width)))
        }
    }

    /// The frame moved by a fraction of a pixel (bilinear, white where nothing was): edges
    /// that fell between pixels fall inside them.
    public func shifted(byX dx: Double, y dy: Double) -> Frame {
        resampled { x, y in (x - dx, y - dy) }
    }

    /// The frame seen at an angle, its right edge `fraction` shorter than its left (a keystone, a
    /// true perspective: the far side narrows as well), white where nothing was.
    public func keystoned(_ fraction: Double) -> Frame {
        let c = (1 / (1 - fraction) - 1) / Double(width), middle = Double(height) / 2
        return resampled { u, v in
            let x = u / (1 - c * u)
            return x >= 0 && 1 - c * u > 0 ? (x, (v - middle) * (1 + c * x) + middle) : (-1, -1)
        }
    }

    /// The frame sheared along x by `degrees`: its rows stay level and its columns lean, the
    /// bottom to the right (a label seen at a slant), white where nothing was.
    public func sheared(degrees: Double) -> Frame {
        let t = tan(degrees * .pi / 180), middle = Double(height) / 2
        return resampled { x, y in (x - t * (y - middle), y) }
    }

    /// The frame wrapped round a cylinder of `radius` pixels whose axis is vertical through the
    /// middle, seen from the front: columns bunch up towards the sides.
    public func wrappedOnCylinder(radius: Double) -> Frame {
        let middle = Double(width) / 2
        return resampled { x, y in
            let offset = max(-1, min(1, (x - middle) / radius))
            return (middle + radius * asin(offset), y)
        }
    }

    /// Each output pixel's centre looked up at `source(x, y)` (pixel centres at +0.5).
    private func resampled(_ source: (Double, Double) -> (Double, Double)) -> Frame {
        let pixels = packedPixels
        func at(_ x: Int, _ y: Int) -> Double {
            x >= 0 && y >= 0 && x < width && y < height ? Double(pixels[y * width + x]) : 255
        }
        return Frame.generated(width: width, height: height) { x, y in
            let (sx, sy) = source(Double(x) + 0.5, Double(y) + 0.5)
            let fx = sx - 0.5, fy = sy - 0.5
            let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
            let ax = fx - Double(x0), ay = fy - Double(y0)
            let top = at(x0, y0) * (1 - ax) + at(x0 + 1, y0) * ax
            let bottom = at(x0, y0 + 1) * (1 - ax) + at(x0 + 1, y0 + 1) * ax
            return UInt8(clamping: Int((top * (1 - ay) + bottom * ay).rounded()))
        }
    }

    private static func generated(width: Int, height: Int, pixel: (Int, Int) -> UInt8) -> Frame {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = pixel(x, y) }
        }
        return Frame(width: width, height: height, pixels: pixels)
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
