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
        let fx = min(max(0, x - 0.5), Double(width - 1)), fy = min(max(0, y - 0.5), Double(height - 1))
        let x0 = Int(fx), y0 = Int(fy)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let ax = fx - Double(x0), ay = fy - Double(y0)
        let top = Double(luma[y0 * stride + x0]) * (1 - ax) + Double(luma[y0 * stride + x1]) * ax
        let bottom = Double(luma[y1 * stride + x0]) * (1 - ax) + Double(luma[y1 * stride + x1]) * ax
        return top * (1 - ay) + bottom * ay
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
