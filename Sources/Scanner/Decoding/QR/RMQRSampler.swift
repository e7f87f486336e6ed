/// From one finder pattern to rMQR grids (ISO/IEC 23941: heights 7–17, widths 27–139, the finder
/// at the top-left, a timing pattern along the top and bottom rows, a 5x5 sub-finder at the
/// bottom-right corner). For each orientation of the finder outline the top row is followed in
/// the image from the separator to the quiet zone: its runs give the width (a homography of the
/// 7-module finder cannot be extrapolated over 139 modules). The sub-finder is then searched
/// where each valid height puts it; the grids are scored by their timing rows and sub-finder.
enum RMQRSampler {
    /// Grids whose top/bottom timing and sub-finder disagree more than this are not rMQR.
    static let maxMismatch = 0.15

    static func sample(_ image: BinaryImage, _ f: FinderPattern) -> [SampledSymbol] {
        guard let c = FinderOutline.corners(image, f) else { return [] }
        var scored: [(symbol: SampledSymbol, mismatch: Double)] = []
        for r in 0..<4 {
            let o = c[r], x = c[(r + 1) % 4], y = c[(r + 3) % 4]
            guard let t = PerspectiveTransform.quadToQuad(
                from: [MatrixPoint(x: 0, y: 0), MatrixPoint(x: 7, y: 0), MatrixPoint(x: 7, y: 7), MatrixPoint(x: 0, y: 7)],
                to: [o, x, MatrixPoint(x: x.x + y.x - o.x, y: x.y + y.y - o.y), y]),
                  let top = followTopRow(image, t) else { continue }
            for size in QRVersion.rmqrSizes where size.width == top.width {
                if let s = sample(image, f, t, top, height: size.height) { scored.append(s) }
            }
        }
        scored.sort { $0.mismatch < $1.mismatch }
        guard let best = scored.first, best.mismatch <= maxMismatch else { return [] }
        return scored.prefix(2).filter { $0.mismatch <= best.mismatch + 0.03 }.map(\.symbol)
    }

    /// Walks row 0 from the separator (module 7) outwards, in half-pixel steps. Returns the width and the image point of
    /// the symbol's right end on that row (module coordinates (width, 0.5)).
    struct TopRow {
        let width: Int
        /// Image points of module boundaries on row 0.5, by boundary index (8 ... width).
        let boundaries: [(index: Int, point: MatrixPoint)]
        var end: MatrixPoint { boundaries[boundaries.count - 1].point }
    }

    /// The walk's direction comes from the finder outline, slightly off; over 139 modules that
    /// drifts off the row. So the row is walked twice: the first walk finds the dark timing
    /// modules, whose outer border against the quiet zone gives the true top edge, and the second
    /// walk runs half a module inside that edge.
    private static func followTopRow(_ image: BinaryImage, _ t: PerspectiveTransform) -> TopRow? {
        // From the middle of the separator module, so the first run is surely light.
        var start = t.apply(7.5, 0.5)
        let next = t.apply(8.5, 0.5)
        let pitch = start.distance(to: next)
        guard pitch >= 1 else { return nil }
        var direction = MatrixPoint(x: (next.x - start.x) / pitch, y: (next.y - start.y) / pitch)
        let o = t.apply(0, 0), below = t.apply(0, 1)
        let down = below - o
        guard var runs = walk(image, from: start, direction: direction, pitch: pitch) else { return nil }
        // Each walk reaches farther along the true row; three refinements reach 139 modules.
        for _ in 0..<3 {
            guard let edge = topEdge(image, runs: runs, start: start, direction: direction, down: down, finder: t) else { break }
            // Half a module inside the edge, level with the separator's middle.
            let k = (start.x - edge.p.x) * edge.d.x + (start.y - edge.p.y) * edge.d.y
            let newStart = MatrixPoint(x: edge.p.x + k * edge.d.x + 0.5 * down.x, y: edge.p.y + k * edge.d.y + 0.5 * down.y)
            let newDirection = edge.d.x * direction.x + edge.d.y * direction.y >= 0 ? edge.d : MatrixPoint(x: -edge.d.x, y: -edge.d.y)
            guard let again = walk(image, from: newStart, direction: newDirection, pitch: pitch) else { break }
            let grew = again.count > runs.count
            start = newStart; direction = newDirection; runs = again
            if !grew { break }
        }
        // Runs: separator (light), then alternating; the last dark run is the 3-module corner.
        guard runs.count >= 16, runs.count % 2 == 0 else { return nil }
        let inner = runs.dropFirst().dropLast()
        let median = Double(inner.sorted()[inner.count / 2])
        guard median >= 2 else { return nil }
        // Most runs are one module; alignment columns and the corner make some three.
        let regular = inner.filter { Double($0) < 1.6 * median || abs(Double($0) - 3 * median) < median }.count
        guard regular * 100 >= inner.count * 90 else { return nil }
        // Blur moves every edge by the same amount, so dark runs come out thinner and light ones
        // thicker; perspective makes the module grow or shrink along the row. So each run is
        // measured against the one-module runs of both colours near it.
        func local(_ i: Int) -> (module: Double, bleed: Double)? {
            var dark = 0.0, nd = 0.0, light = 0.0, nl = 0.0
            for j in max(1, i - 8)...min(runs.count - 2, i + 8) where Double(runs[j]) < 1.6 * median {
                if j % 2 == 1 { dark += Double(runs[j]); nd += 1 } else { light += Double(runs[j]); nl += 1 }
            }
            guard nd > 0, nl > 0 else { return nil }
            return ((dark / nd + light / nl) / 2, (light / nl - dark / nd) / 2)
        }
        guard let end = local(runs.count - 2), abs(Double(runs[runs.count - 1]) + end.bleed - 3 * end.module) < 1.2 * end.module
        else { return nil }
        // Boundary k lies after the runs that make up modules 7.5 ..< k.
        var boundaries: [(index: Int, point: MatrixPoint)] = []
        var step = 0, index = 8
        for (i, r) in runs.enumerated() {
            step += r
            guard let here = local(min(max(i, 1), runs.count - 2)) else { return nil }
            let bleed = i % 2 == 1 ? here.bleed : -here.bleed
            if i > 0 { index += max(1, Int(((Double(r) + bleed) / here.module).rounded())) }
            // A dark run's end is seen half the bleed early, a light run's end half of it late.
            let at = Double(step) + bleed / 2
            boundaries.append((index, MatrixPoint(x: start.x + direction.x * 0.5 * at, y: start.y + direction.y * 0.5 * at)))
        }
        let width = index
        guard [27, 43, 59, 77, 99, 139].contains(width) else { return nil }
        return TopRow(width: width, boundaries: boundaries)
    }

    /// Run lengths in half-pixel steps along a line, from a light start to where a light run of
    /// three modules (the quiet zone) begins; that last light run is not included.
    private static func walk(_ image: BinaryImage, from start: MatrixPoint, direction d: MatrixPoint, pitch: Double) -> [Int]? {
        let maxSteps = Int(pitch * 150 * 2)
        var runs: [Int] = []
        var current = false, length = 0  // the walk starts on the light separator
        for s in 0...maxSteps {
            let dark = image.isDark(at: MatrixPoint(x: start.x + d.x * 0.5 * Double(s), y: start.y + d.y * 0.5 * Double(s)))
            if dark == current { length += 1 } else {
                runs.append(length)
                current = dark; length = 1
            }
            if !current && Double(length) > 3 * 2 * pitch { return runs }
        }
        return nil
    }

    /// Line of the symbol's top edge: the finder's top corners and, above every dark run of the
    /// walk, where dark turns to the quiet zone's light.
    private static func topEdge(_ image: BinaryImage, runs: [Int], start: MatrixPoint, direction d: MatrixPoint,
                                down: MatrixPoint, finder t: PerspectiveTransform) -> (p: MatrixPoint, d: MatrixPoint)? {
        var pts = [t.apply(0, 0), t.apply(7, 0)]
        var step = 0
        for (i, r) in runs.enumerated() {
            defer { step += r }
            guard i % 2 == 1 else { continue }
            let c = MatrixPoint(x: start.x + d.x * 0.5 * (Double(step) + Double(r) / 2),
                                y: start.y + d.y * 0.5 * (Double(step) + Double(r) / 2))
            guard image.isDark(at: c) else { continue }
            var v = 0.0
            while v < 1.5, image.isDark(at: MatrixPoint(x: c.x - (v + 0.05) * down.x, y: c.y - (v + 0.05) * down.y)) { v += 0.05 }
            if v < 1.5 { pts.append(MatrixPoint(x: c.x - v * down.x, y: c.y - v * down.y)) }
        }
        return pts.count >= 6 ? LineFit.fit(pts) : nil
    }

    /// The grid follows the measured top row: a lattice column at about every 8th module boundary
    /// takes its top point from the row, and its point on row height-2.5 from a down vector
    /// interpolated between the finder's (left) and the sub-finder's (right). A single
    /// homography through a long thin strip would let small errors bend the module pitch.
    private static func sample(_ image: BinaryImage, _ f: FinderPattern, _ t: PerspectiveTransform, _ top: TopRow,
                               height h: Int) -> (symbol: SampledSymbol, mismatch: Double)? {
        let w = top.width, dw = Double(w), dh = Double(h), m = f.moduleSize
        let left = t.apply(0, 0.5)
        let ex = MatrixPoint(x: (top.end.x - left.x) / dw, y: (top.end.y - left.y) / dw)
        let y0 = t.apply(0, 0), y1 = t.apply(0, 1)
        let downLeft = MatrixPoint(x: y1.x - y0.x, y: y1.y - y0.y)
        // Under perspective the modules at the far end differ in size from the finder's: predict
        // from the measured row there (its last module) and scale the finder's down vector alike.
        let b = top.boundaries
        let lastPitch = b[b.count - 1].point.distance(to: b[b.count - 2].point) / 3
        let scale = lastPitch / max(1e-9, t.apply(0, 0).distance(to: t.apply(1, 0)))
        let endTop = MatrixPoint(x: b[b.count - 1].point.x - 2.5 * (b[b.count - 1].point.x - b[b.count - 2].point.x) / 3,
                                 y: b[b.count - 1].point.y - 2.5 * (b[b.count - 1].point.y - b[b.count - 2].point.y) / 3)
        let predicted = MatrixPoint(x: endTop.x + downLeft.x * scale * (dh - 3), y: endTop.y + downLeft.y * scale * (dh - 3))
        guard let corner = cornerModuleCentre(image, top.end, ex, downLeft) else { return nil }
        var best: (symbol: SampledSymbol, mismatch: Double)?
        for sub in QRAlignmentLocator.candidates(image, near: predicted, moduleSize: m * scale, radius: 3 * m * scale, limit: 3)
        where QRAlignmentLocator.shapeFits(image, sub, ex, downLeft, m) {
            if let s = sample(image, f, t, top, height: h, corner: corner, sub: sub, ex: ex, downLeft: downLeft),
               s.mismatch < best?.mismatch ?? 2 { best = s }
        }
        return best
    }

    private static func sample(_ image: BinaryImage, _ f: FinderPattern, _ t: PerspectiveTransform, _ top: TopRow, height h: Int,
                               corner: MatrixPoint, sub: MatrixPoint, ex: MatrixPoint, downLeft: MatrixPoint)
        -> (symbol: SampledSymbol, mismatch: Double)? {
        let w = top.width, dw = Double(w), dh = Double(h), m = f.moduleSize
        let left = t.apply(0, 0.5)
        // The top row's line, pinned across the edge by the corner module: shift every boundary
        // point by the corner's offset from the walked line (the walk may run a little off row 0.5).
        let last = top.boundaries[top.boundaries.count - 1].point, prior = top.boundaries[top.boundaries.count - 2].point
        let walkedCorner = MatrixPoint(x: (last.x + prior.x) / 2, y: (last.y + prior.y) / 2)
        let drift = MatrixPoint(x: corner.x - walkedCorner.x, y: corner.y - walkedCorner.y)
        let downRight = MatrixPoint(x: (sub.x - corner.x - ex.x * -1) / (dh - 3), y: (sub.y - corner.y - ex.y * -1) / (dh - 3))
        var xs: [Double] = [], tops: [MatrixPoint] = []
        var lastIndex = -100
        for (k, b) in top.boundaries.enumerated() where b.index - lastIndex >= 8 || k == top.boundaries.count - 1 {
            let along = Double(b.index - 8) / Double(w - 8)
            let fix = MatrixPoint(x: drift.x * along, y: drift.y * along)
            xs.append(Double(b.index)); tops.append(MatrixPoint(x: b.point.x + fix.x, y: b.point.y + fix.y))
            lastIndex = b.index
        }
        guard xs.count >= 2 else { return nil }
        var points = tops
        for (x, p) in zip(xs, tops) {
            let a = x / dw
            let down = MatrixPoint(x: downLeft.x * (1 - a) + downRight.x * a, y: downLeft.y * (1 - a) + downRight.y * a)
            points.append(MatrixPoint(x: p.x + down.x * (dh - 3), y: p.y + down.y * (dh - 3)))
        }
        guard let grid = SamplingGrid(xs: xs, ys: [0.5, dh - 2.5], points: points),
              let matrix = GridSampler.sample(image, grid: grid, width: w, height: h, moduleSize: m) else { return nil }
        let corners = [MatrixPoint(x: left.x - downLeft.x * 0.5, y: left.y - downLeft.y * 0.5),
                       MatrixPoint(x: top.end.x - downRight.x * 0.5, y: top.end.y - downRight.y * 0.5),
                       MatrixPoint(x: top.end.x + downRight.x * (dh - 0.5), y: top.end.y + downRight.y * (dh - 0.5)),
                       MatrixPoint(x: left.x + downLeft.x * (dh - 0.5), y: left.y + downLeft.y * (dh - 0.5))]
        return (SampledSymbol(matrix: matrix, corners: corners, moduleSize: m), patternMismatch(matrix))
    }

    /// Centre of module (width-2, 0), the middle of the top-right corner pattern, whose module
    /// below is light: the dark run across the row there spans exactly row 0. This pins the row
    /// across the edge, where the walk along the row may have drifted.
    private static func cornerModuleCentre(_ image: BinaryImage, _ end: MatrixPoint, _ ex: MatrixPoint, _ ey: MatrixPoint) -> MatrixPoint? {
        let p = MatrixPoint(x: end.x - 1.5 * ex.x, y: end.y - 1.5 * ex.y)
        guard image.isDark(at: p) else { return nil }
        var reach = [0.0, 0.0]
        for (k, sign) in [-1.0, 1.0].enumerated() {
            var s = 0.0
            while s < 1.5 {
                let q = MatrixPoint(x: p.x + sign * (s + 0.05) * ey.x, y: p.y + sign * (s + 0.05) * ey.y)
                if !image.isDark(at: q) { break }
                s += 0.05
            }
            guard s < 1.5 else { return nil }
            reach[k] = s
        }
        let mid = (reach[1] - reach[0]) / 2
        return MatrixPoint(x: p.x + mid * ey.x, y: p.y + mid * ey.y)
    }

    /// Fraction of the top and bottom timing modules and sub-finder modules that are wrong.
    static func patternMismatch(_ m: BitMatrix) -> Double {
        let w = m.width, h = m.height
        let alignment = QRVersion.rmqr(width: w, height: h)?.alignmentCentres ?? []
        func nearAlignment(_ c: Int) -> Bool { alignment.contains { abs($0 - c) <= 1 } }
        var bad = 0, total = 0
        for c in 7...(w - 4) where !nearAlignment(c) {
            total += 1
            if m[c, 0] != (c % 2 == 0) { bad += 1 }
        }
        // The bottom row's timing starts after the corner pattern (after the finder when h is 7).
        for c in (h == 7 ? 7 : 3)...(w - 6) where !nearAlignment(c) {
            total += 1
            if m[c, h - 1] != (c % 2 == 0) { bad += 1 }
        }
        for dy in -2...2 {
            for dx in -2...2 {
                total += 1
                if m[w - 3 + dx, h - 3 + dy] != (max(abs(dx), abs(dy)) != 1) { bad += 1 }
            }
        }
        return Double(bad) / Double(total)
    }
}
