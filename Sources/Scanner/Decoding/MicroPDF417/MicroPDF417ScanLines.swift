import Glibc

/// Parallel scan lines across a box of the image, at any angle, each clipped to the box: a line
/// through the frame would cost more and see other symbols. Both the sparse lines that look for
/// RAPs (`MicroPDF417Candidates`) and the dense ones that read rows (`MicroPDF417Reader`) are cast so.
struct MicroPDF417ScanLines {
    let sampler: LineSampler
    let box: PixelRect
    /// The lines' direction, degrees clockwise from the x axis.
    let degrees: Double
    /// Pixels between neighbouring lines.
    let spacing: Float
    /// Rounds of the blur correction on each line's edges (`EdgeProfile.blurRounds`).
    var blurRounds = EdgeProfile.blurRounds

    /// A box of `sampler`'s image: `x0..<x1`, `y0..<y1` clamped to it; nil when empty.
    static func box(_ sampler: LineSampler, x0: Int, y0: Int, x1: Int, y1: Int) -> PixelRect? {
        let (left, top) = (max(0, x0), max(0, y0)), (right, bottom) = (min(sampler.width, x1), min(sampler.height, y1))
        return left < right && top < bottom ? PixelRect(x: left, y: top, width: right - left, height: bottom - top) : nil
    }

    /// Samples each line into `buffer` and hands `body` its runs (light first) and where along the
    /// line a sample index lies in the image; returns the samples taken. `body` returns false to stop.
    func cast(_ body: (_ runs: ScanRuns, _ line: Int, _ point: (Float) -> (x: Float, y: Float)) -> Bool) -> Int {
        let x0 = Float(box.x), x1 = Float(box.x + box.width), y0 = Float(box.y), y1 = Float(box.y + box.height)
        let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
        let reach = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot() / 2
        let radians = Float(degrees * .pi / 180)
        let ux = cos(radians), uy = sin(radians)
        var buffer: [Float] = []
        var samples = 0, index = 0
        var offset = -reach
        while offset <= reach {
            defer { offset += spacing; index += 1 }
            let fx = cx - uy * offset, fy = cy + ux * offset
            guard let (a, b) = clip(fx, fy, ux, uy, reach: reach, x0, y0, x1, y1) else { continue }
            let line = sampler.sample(fromX: fx + ux * a, y0: fy + uy * a, toX: fx + ux * b, y1: fy + uy * b, into: &buffer)
            samples += line.count
            // Shorter than a one-column row's RAP, codeword, RAP and stop bar at a module a pixel.
            guard line.count >= 38 else { continue }
            let runs = buffer.withUnsafeBufferPointer { EdgeProfile.runs(UnsafeBufferPointer(rebasing: $0[0..<line.count]), blurRounds: blurRounds) }
            guard body(runs, index, { t in (line.originX + line.stepX * t, line.originY + line.stepY * t) }) else { break }
        }
        return samples
    }

    /// The parameter range of the line through (fx, fy) along (ux, uy) within `reach` that lies in the box.
    private func clip(_ fx: Float, _ fy: Float, _ ux: Float, _ uy: Float, reach: Float,
                      _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) -> (Float, Float)? {
        var a = -reach, b = reach
        for (p, q) in [(ux, fx - x0), (-ux, x1 - 1 - fx), (uy, fy - y0), (-uy, y1 - 1 - fy)] {
            if abs(p) < 1e-6 {
                if q < 0 { return nil }
            } else if p > 0 {
                a = max(a, -q / p)
            } else {
                b = min(b, -q / p)
            }
        }
        return a + 1 < b ? (a, b) : nil
    }
}
