/// Bilinear grey levels of a luma plane at sub-pixel points (pixel i covers [i, i+1)), to place
/// an edge where the grey crosses midway between its sides.
struct GreyLevels {
    let luma: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let stride: Int

    @inline(__always)
    func at(_ x: Double, _ y: Double) -> Double { Self.bilinear(luma, width: width, height: height, stride: stride, x, y) }

    /// The grey at (x, y) of any luma plane, clamped to its edges.
    @inline(__always)
    static func bilinear<Pixels: RandomAccessCollection<UInt8>>(
        _ luma: Pixels, width: Int, height: Int, stride: Int, _ x: Double, _ y: Double
    ) -> Double where Pixels.Index == Int {
        bilinear(luma, stride: stride, Tap(x, size: width), Tap(y, size: height))
    }

    /// The two neighbouring pixels a coordinate falls between, clamped to the plane, and the far
    /// one's weight. Several samples on one row or column share it (`BinaryImage.isDark(at:spread:)`).
    struct Tap {
        let near: Int
        let far: Int
        let weight: Double

        @inline(__always)
        init(_ v: Double, size: Int) {
            let f = min(max(0, v - 0.5), Double(size - 1))
            near = Int(f)
            far = min(near + 1, size - 1)
            weight = f - Double(near)
        }
    }

    @inline(__always)
    static func bilinear<Pixels: RandomAccessCollection<UInt8>>(
        _ luma: Pixels, stride: Int, _ x: Tap, _ y: Tap
    ) -> Double where Pixels.Index == Int {
        let top = Double(luma[y.near * stride + x.near]) * (1 - x.weight) + Double(luma[y.near * stride + x.far]) * x.weight
        let bottom = Double(luma[y.far * stride + x.near]) * (1 - x.weight) + Double(luma[y.far * stride + x.far]) * x.weight
        return top * (1 - y.weight) + bottom * y.weight
    }

    /// The point on the ray where the grey crosses the mean of the levels half a module either
    /// side of the coarse edge `near`; the coarse edge when the contrast is too low.
    func refine(_ c: MatrixPoint, _ ux: Double, _ uy: Double, near e: Double, halfWidth hw: Double) -> MatrixPoint {
        let before = at(c.x + ux * (e - hw), c.y + uy * (e - hw)), after = at(c.x + ux * (e + hw), c.y + uy * (e + hw))
        var best = e
        if abs(before - after) >= 16 {
            let mid = (before + after) / 2
            let dt = 0.25
            var t = e - hw
            var g0 = before
            var bestGap = Double.infinity
            while t < e + hw {
                let g1 = at(c.x + ux * (t + dt), c.y + uy * (t + dt))
                if (g0 - mid) * (g1 - mid) <= 0, g0 != g1 {
                    let cross = t + dt * (g0 - mid) / (g0 - g1)
                    if abs(cross - e) < bestGap { bestGap = abs(cross - e); best = cross }
                }
                g0 = g1
                t += dt
            }
        }
        return MatrixPoint(x: c.x + ux * best, y: c.y + uy * best)
    }
}
