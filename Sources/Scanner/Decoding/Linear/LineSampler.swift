/// Samples grey values along straight lines of any angle across an 8-bit luma
/// image, bilinearly, one sample per pixel step. A "thick" line averages a few
/// parallel lines one pixel apart, which cuts sensor noise without blurring
/// across the bars (the parallel lines run along the bars' direction only when
/// the line crosses the bars at a right angle; at an angle the extra smear is
/// thickness × sin(angle) pixels, so keep it small).
struct LineSampler {
    let pixels: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let stride: Int

    /// Nil when the buffer cannot hold `height` rows of `stride` bytes (the last row needs only `width`).
    init?(pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) {
        guard width > 0, height > 0, stride >= width,
              height <= Int.max / stride,
              pixels.count >= stride * (height - 1) + width else { return nil }
        self.pixels = pixels
        self.width = width
        self.height = height
        self.stride = stride
    }

    /// Where the samples of one line lie: sample `i` is at `origin + i * step` in the image.
    struct Line: Sendable, Hashable {
        var count: Int
        var originX: Float, originY: Float
        var stepX: Float, stepY: Float
    }

    /// Samples the segment from (x0, y0) to (x1, y1), clipped to the image, into `buffer[0..<count]`.
    /// `buffer` only grows (reuse it across lines). `thickness` parallel lines (1...15) are averaged.
    @discardableResult
    func sample(fromX x0: Float, y0: Float, toX x1: Float, y1: Float,
                thickness: Int = 1, into buffer: inout [Float]) -> Line {
        let empty = Line(count: 0, originX: x0, originY: y0, stepX: 0, stepY: 0)
        let dx = x1 - x0, dy = y1 - y0
        let length = (dx * dx + dy * dy).squareRoot()
        guard length.isFinite, length >= 1, x0.isFinite, y0.isFinite else { return empty }
        let ux = dx / length, uy = dy / length
        guard let (t0, t1) = clip(x0: x0, y0: y0, dx: ux, dy: uy, length: length) else { return empty }
        let count = Int(t1 - t0) + 1
        guard count >= 2 else { return empty }
        if buffer.count < count { buffer.append(contentsOf: repeatElement(0, count: count - buffer.count)) }
        let ox = x0 + ux * t0, oy = y0 + uy * t0
        let lines = max(1, min(thickness, 15))
        let maxX = Float(width - 1), maxY = Float(height - 1)
        buffer.withUnsafeMutableBufferPointer { out in
            for i in 0..<count { out[i] = 0 }
            for k in 0..<lines {
                // Perpendicular offset (-uy, ux), centred on the line.
                let off = Float(k) - Float(lines - 1) / 2
                let sx = ox - uy * off, sy = oy + ux * off
                for i in 0..<count {
                    let x = min(max(sx + ux * Float(i), 0), maxX)
                    let y = min(max(sy + uy * Float(i), 0), maxY)
                    out[i] += bilinear(x, y)
                }
            }
            if lines > 1 {
                let inv = 1 / Float(lines)
                for i in 0..<count { out[i] *= inv }
            }
        }
        return Line(count: count, originX: ox, originY: oy, stepX: ux, stepY: uy)
    }

    /// Bilinear grey value at a point already clamped into [0, width-1] × [0, height-1].
    @inline(__always)
    private func bilinear(_ x: Float, _ y: Float) -> Float {
        let ix = min(Int(x), width - 1), iy = min(Int(y), height - 1)
        let fx = x - Float(ix), fy = y - Float(iy)
        let ix1 = min(ix + 1, width - 1), iy1 = min(iy + 1, height - 1)
        let r0 = iy * stride, r1 = iy1 * stride
        let a = Float(pixels[r0 + ix]), b = Float(pixels[r0 + ix1])
        let c = Float(pixels[r1 + ix]), d = Float(pixels[r1 + ix1])
        let top = a + (b - a) * fx, bottom = c + (d - c) * fx
        return top + (bottom - top) * fy
    }

    /// The parameter range [t0, t1] ⊂ [0, length] of the ray inside the image (Liang–Barsky).
    private func clip(x0: Float, y0: Float, dx: Float, dy: Float, length: Float) -> (Float, Float)? {
        var t0: Float = 0, t1 = length
        let maxX = Float(width - 1), maxY = Float(height - 1)
        for (p, q) in [(-dx, x0), (dx, maxX - x0), (-dy, y0), (dy, maxY - y0)] {
            if abs(p) < 1e-9 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            }
        }
        return t0 <= t1 ? (t0, t1) : nil
    }
}
