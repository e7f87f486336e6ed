import Glibc

/// Where a frame's stacked bars lie and which way they run: the gradient's structure tensor over
/// tiles, whose coherent tiles vote their direction across the bars into a histogram of 180
/// degrees. Each peak (a few at most) comes with the box of the tiles that voted for it, so that
/// scan lines run across the bars only where they are.
enum MicroPDF417Orientation {
    static let tile = 16
    static let maximumPeaks = 4
    /// A tile's gradients that line up this much (0: no direction, 1: one direction) vote; a
    /// MicroPDF417's rows, two modules high, add edges along the bars too (~0.3).
    static let minimumCoherence: Float = 0.2

    struct Peak: Sendable {
        /// Direction across the bars, degrees clockwise from the x axis, in [0, 180).
        var degrees: Double
        /// The rows' direction when the symbol is sheared (seen at a slant, its bars no longer
        /// square to its rows): across the edges between rows, less 90°; nil when within 2° of
        /// `degrees`.
        var rowDegrees: Double?
        /// The box of the tiles within `coreSpread` of the peak: where lines at its angle can
        /// stay inside a row for a RAP and a codeword, so where the probe looks.
        var core: PixelRect
    }

    /// Tiles this close to a peak's angle bound its core box: 27 modules (a RAP and a codeword)
    /// stay within a row two modules high up to ~4°.
    static let coreSpread = 4.0

    static func peaks(_ luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) -> [Peak] {
        let tilesX = width / tile, tilesY = height / tile
        guard tilesX >= 1, tilesY >= 1 else { return [] }
        var angles = [Float](repeating: -1, count: tilesX * tilesY), weights = [Float](repeating: 0, count: tilesX * tilesY)
        var histogram = [Float](repeating: 0, count: 180)
        // Below it, flat paper.
        let minimumEnergy = Float(LumaContrast(luma, width: width, height: height, stride: stride).minimumEdgeEnergy)
        for ty in 0..<tilesY {
            for tx in 0..<tilesX {
                var jxx: Float = 0, jyy: Float = 0, jxy: Float = 0
                let x0 = max(1, tx * tile), x1 = min(width - 1, (tx + 1) * tile)
                let y0 = max(1, ty * tile), y1 = min(height - 1, (ty + 1) * tile)
                guard x0 < x1, y0 < y1 else { continue }
                for y in y0..<y1 {
                    let row = y * stride
                    for x in x0..<x1 {
                        let gx = Float(luma[row + x + 1]) - Float(luma[row + x - 1])
                        let gy = Float(luma[row + stride + x]) - Float(luma[row - stride + x])
                        jxx += gx * gx
                        jyy += gy * gy
                        jxy += gx * gy
                    }
                }
                let energy = jxx + jyy
                guard energy > minimumEnergy * Float((x1 - x0) * (y1 - y0)) else { continue }
                let coherent = ((jxx - jyy) * (jxx - jyy) + 4 * jxy * jxy).squareRoot()
                guard coherent >= minimumCoherence * energy else { continue }
                var degrees = 0.5 * atan2(2 * jxy, jxx - jyy) * 180 / Float.pi
                if degrees < 0 { degrees += 180 }
                let i = ty * tilesX + tx
                angles[i] = degrees
                weights[i] = coherent
                histogram[Int(degrees) % 180] += coherent
            }
        }
        var peaks: [Peak] = []
        var smoothed = [Float](repeating: 0, count: 180)
        for b in 0..<180 { smoothed[b] = histogram[(b + 179) % 180] + histogram[b] + histogram[(b + 1) % 180] }
        let highest = smoothed.max() ?? 0
        guard highest > 0 else { return [] }
        var taken = [Bool](repeating: false, count: 180)
        while peaks.count < maximumPeaks {
            var best = -1
            for b in 0..<180 where !taken[b] && smoothed[b] >= 0.2 * highest && (best < 0 || smoothed[b] > smoothed[best]) { best = b }
            guard best >= 0 else { break }
            for d in -6...6 { taken[(best + d + 180) % 180] = true }
            // The tiles' own angles within 3 degrees, weighted, give the peak's angle and box.
            var sum: Double = 0, total: Double = 0
            var coreX0 = Int.max, coreY0 = Int.max, coreX1 = Int.min, coreY1 = Int.min
            for i in angles.indices where angles[i] >= 0 {
                var d = Double(angles[i]) - (Double(best) + 0.5)
                if d > 90 { d -= 180 } else if d < -90 { d += 180 }
                guard abs(d) <= coreSpread else { continue }
                if abs(d) <= 3.5 {
                    sum += d * Double(weights[i])
                    total += Double(weights[i])
                }
                let tx = i % tilesX, ty = i / tilesX
                coreX0 = min(coreX0, tx * tile); coreX1 = max(coreX1, (tx + 1) * tile)
                coreY0 = min(coreY0, ty * tile); coreY1 = max(coreY1, (ty + 1) * tile)
            }
            guard total > 0 else { continue }
            var degrees = Double(best) + 0.5 + sum / total
            if degrees < 0 { degrees += 180 } else if degrees >= 180 { degrees -= 180 }
            // The tiles within 3.5° that gave `total` are within the core's 4°.
            let core = PixelRect(x: coreX0, y: coreY0, width: coreX1 - coreX0, height: coreY1 - coreY0)
            var peak = Peak(degrees: degrees, core: core)
            peak.rowDegrees = rowDirection(luma, width: width, height: height, stride: stride, peak)
            peaks.append(peak)
        }
        return peaks
    }

    /// How far the rows may turn from square to the bars (a symbol seen at a slant).
    static let maximumShear = 20.0
    /// Pixels of the core looked at for row edges at most: a larger core is sampled on a
    /// coarser grid. (At 12 000 the no-code photos cost 4 % more: the fewer points projected
    /// differently on texture, and the dense lines followed.)
    static let maximumEdgeSamples = 40_000

    /// The rows' direction: the turn within `maximumShear` of square to the bars at which the
    /// edges between rows (where luma changes along the bars) project onto the fewest, sharpest
    /// lines, the sum of squares of a one-pixel histogram across them (deskewing a page of text
    /// works this way). Per-pixel gradient angles cannot give it: on a sharp render a slanted
    /// edge is a staircase of level steps, whose gradients all point square to the pixel grid.
    /// Nil when the rows are within 2° of square to the bars, or no row edges show.
    static func rowDirection(_ luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, _ peak: Peak) -> Double? {
        let core = peak.core
        let (x0, x1) = (max(1, core.x), min(width - 1, core.x + core.width))
        let (y0, y1) = (max(1, core.y), min(height - 1, core.y + core.height))
        guard x0 < x1, y0 < y1 else { return nil }
        let step = max(1, Int(Double((x1 - x0) * (y1 - y0) / maximumEdgeSamples).squareRoot().rounded(.up)))
        // Along the bars (u) and across them (v).
        let normal = peak.degrees * .pi / 180
        let (vx, vy) = (Float(cos(normal)), Float(sin(normal)))
        let (ux, uy) = (-vy, vx)
        var points: [(x: Float, y: Float, weight: Float)] = []
        for y in Swift.stride(from: y0, to: y1, by: step) {
            let row = y * stride
            for x in Swift.stride(from: x0, to: x1, by: step) {
                let gx = Float(luma[row + x + 1]) - Float(luma[row + x - 1])
                let gy = Float(luma[row + stride + x]) - Float(luma[row - stride + x])
                let along = abs(gx * ux + gy * uy), across = abs(gx * vx + gy * vy)
                // A row edge within the shear's reach (tan 20° < 1/2), not a bar's.
                guard along > 40, along > 2 * across else { continue }
                points.append((Float(x - x0), Float(y - y0), along))
            }
        }
        guard points.count >= 16 else { return nil }
        let span = Int((Double((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0))).squareRoot()) + 2
        var bins = [Float](repeating: 0, count: 2 * span + 1)
        func sharpness(_ degrees: Double) -> Float {
            let radians = degrees * .pi / 180
            let (sx, sy) = (Float(-sin(radians)), Float(cos(radians)))
            for i in bins.indices { bins[i] = 0 }
            for p in points { bins[span + Int((p.x * sx + p.y * sy).rounded())] += p.weight }
            return bins.reduce(0) { $0 + $1 * $1 }
        }
        // Whole degrees, then quarters around the best.
        var best = peak.degrees, bestScore: Float = -1
        for turn in -Int(maximumShear)...Int(maximumShear) {
            let score = sharpness(peak.degrees + Double(turn))
            if score > bestScore { (best, bestScore) = (peak.degrees + Double(turn), score) }
        }
        let whole = best
        for quarter in [-0.75, -0.5, -0.25, 0.25, 0.5, 0.75] {
            let score = sharpness(whole + quarter)
            if score > bestScore { (best, bestScore) = (whole + quarter, score) }
        }
        guard abs(best - peak.degrees) > 2 else { return nil }
        return (best + 180).truncatingRemainder(dividingBy: 180)
    }
}
