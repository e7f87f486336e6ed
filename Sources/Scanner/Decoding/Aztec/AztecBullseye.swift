import Glibc

/// A located bullseye: where its centre is and how centred module coordinates (observed frame:
/// the symbol's rotation and mirroring are still unknown) map to image pixels.
struct AztecBullseye: Sendable {
    let centre: MatrixPoint
    let moduleSize: Double
    /// Module offset from the centre module's centre → pixel, fitted to the centre line of the
    /// light ring at radius 3 (offsets ±3), which every Aztec symbol has whatever its mode message.
    let toImage: PerspectiveTransform
    /// The same fitted to the light ring at radius 5 when it is there: a longer baseline for
    /// full-range symbols.
    let toImageFull: PerspectiveTransform?
}

/// Finds bullseyes: alternating runs of equal length on scan lines (the 7 inner runs through the
/// centre, the outer dark ring possibly merged with the mode ring), cross-checked vertically and
/// horizontally, then confirmed and measured by rays cast from the centre in all directions: each
/// ray must cross the ring edges at 0.5, 1.5, 2.5, 3.5 modules, and the centre line of the light ring
/// at radius 3 must form a quadrilateral, whose four fitted sides give its corners with sub-pixel
/// accuracy.
enum AztecBullseyeFinder {
    /// Scan every `rowStep`-th row (a 2 px module is still hit by every scan).
    static let rowStep = 2
    static let rayCount = 128

    static func find(_ image: BinaryImage, _ grey: GreyLevels) -> [AztecBullseye] {
        image.pixels.withUnsafeBufferPointer { px in
            var found: [AztecBullseye] = []
            let w = image.width, h = image.height
            var runs = [Int](repeating: 0, count: 9)
            var y = rowStep / 2
            while y < h {
                let row = y * w
                // runs[8] is the current run; the window holds the last 9 runs.
                var count = 0, x = 0
                while x <= w {
                    let dark = x < w && px[row + x] == 1
                    let prevDark = x > 0 && px[row + x - 1] == 1
                    if x > 0 && (x == w || dark != prevDark) {
                        // runs[8] has just closed; with 8 closed before it the window is full.
                        if prevDark, count >= 8,
                           runsMatch(runs[0], runs[1], runs[2], runs[3], runs[4], runs[5], runs[6], runs[7], runs[8]) {
                            let end = x - runs[8] - runs[7] - runs[6] - runs[5]
                            let cx = end - (runs[4] + 1) / 2
                            let moduleGuess = Double(runs[1] + runs[2] + runs[3] + runs[5] + runs[6] + runs[7]) / 6
                            if !found.contains(where: { near($0, cx, y) }),
                               let b = confirm(image, px, grey, x: cx, y: y, module: moduleGuess) {
                                found.append(b)
                            }
                        }
                        for i in 0..<8 { runs[i] = runs[i + 1] }
                        runs[8] = 0
                        count += 1
                    }
                    if x < w { runs[8] += 1 }
                    x += 1
                }
                for i in 0..<9 { runs[i] = 0 }
                y += rowStep
            }
            return found
        }
    }

    @inline(__always)
    private static func near(_ b: AztecBullseye, _ x: Int, _ y: Int) -> Bool {
        let dx = b.centre.x - Double(x), dy = b.centre.y - Double(y)
        return dx * dx + dy * dy < 9 * b.moduleSize * b.moduleSize
    }

    /// 9 runs, dark first: dark runs about equal, light runs about equal (ink spread or a thin
    /// print makes the two differ), the outer ones at least half a module (they may run on into
    /// dark mode-ring modules). The centre run may be short: a scan line off the centre of a
    /// 45°-turned bullseye clips the tip of the centre module.
    @inline(__always)
    static func runsMatch(_ r0: Int, _ r1: Int, _ r2: Int, _ r3: Int, _ r4: Int, _ r5: Int, _ r6: Int,
                          _ r7: Int, _ r8: Int) -> Bool {
        let light = Double(r1 + r3 + r5 + r7) / 4, dark = Double(r2 + r6) / 2
        let m = (light + dark) / 2
        guard m >= 1.2, light >= 0.3 * dark, dark >= 0.3 * light else { return false }
        let lt = max(0.4 * light, 1.0), dt = max(0.4 * dark, 1.0)
        for r in [r1, r3, r5, r7] where abs(Double(r) - light) > lt { return false }
        for r in [r2, r6] where abs(Double(r) - dark) > dt { return false }
        return Double(r4) >= 0.3 * dark && Double(r4) <= dark + dt && Double(r0) >= 0.5 * dark && Double(r8) >= 0.5 * dark
    }

    /// Runs along (dx, dy) from a dark pixel: the part of the centre run from the start, then up
    /// to 4 more runs. The last may be cut at `cap` pixels. nil when a run exceeds `maxRun`.
    private static func walk(_ image: BinaryImage, _ px: UnsafeBufferPointer<UInt8>, x: Int, y: Int, dx: Int, dy: Int,
                             maxRun: Int) -> [Int]? {
        let w = image.width, h = image.height
        var runs = [0, 0, 0, 0, 0]
        var i = 0, cx = x, cy = y
        var colour: UInt8 = 1
        while cx >= 0, cy >= 0, cx < w, cy < h {
            let v = px[cy * w + cx]
            if v != colour {
                i += 1
                colour = v
                if i == 5 { return runs }
            }
            runs[i] += 1
            if runs[i] > maxRun { return i == 4 ? runs : nil }
            cx += dx
            cy += dy
        }
        return i == 4 ? runs : nil
    }

    /// Centre coordinate along a line through (x, y), or nil when the runs do not fit.
    private static func crossCheck(_ image: BinaryImage, _ px: UnsafeBufferPointer<UInt8>, x: Int, y: Int,
                                   dx: Int, dy: Int, module: Double) -> Double? {
        let maxRun = Int(module * 3) + 3
        guard let a = walk(image, px, x: x, y: y, dx: -dx, dy: -dy, maxRun: maxRun),
              let b = walk(image, px, x: x, y: y, dx: dx, dy: dy, maxRun: maxRun) else { return nil }
        guard runsMatch(a[4], a[3], a[2], a[1], a[0] + b[0] - 1, b[1], b[2], b[3], b[4]) else { return nil }
        let start = Double(dx != 0 ? x : y)
        return start + Double(b[0] - a[0]) / 2 + 0.5
    }

    private static func confirm(_ image: BinaryImage, _ px: UnsafeBufferPointer<UInt8>, _ grey: GreyLevels, x: Int, y: Int,
                                module: Double) -> AztecBullseye? {
        guard let cy = crossCheck(image, px, x: x, y: y, dx: 0, dy: 1, module: module),
              let cx = crossCheck(image, px, x: x, y: Int(cy), dx: 1, dy: 0, module: module),
              let cy2 = crossCheck(image, px, x: Int(cx), y: Int(cy), dx: 0, dy: 1, module: module),
              // Both diagonals too: cheap, and random texture rarely passes four directions.
              crossCheck(image, px, x: Int(cx), y: Int(cy2), dx: 1, dy: 1, module: module * 1.5) != nil,
              crossCheck(image, px, x: Int(cx), y: Int(cy2), dx: 1, dy: -1, module: module * 1.5) != nil else { return nil }
        // Along a line through the centre the rings repeat, so a scan can lock onto a ring next to
        // the centre: measure again from the fitted centre and accept only a fixed point.
        var origin = MatrixPoint(x: cx, y: cy2)
        for _ in 0..<3 {
            guard let b = measure(image, px, grey, centre: origin, module: module) else { return nil }
            if dist(b.centre, origin) < 0.3 * b.moduleSize { return b }
            origin = b.centre
        }
        return nil
    }

    /// Casts rays from the centre, keeps those crossing the ring edges in the bullseye's ratios,
    /// refines each edge on the grey levels, and fits the quadrilaterals of the light rings at radius 3
    /// and (full range only) 5.
    private static func measure(_ image: BinaryImage, _ px: UnsafeBufferPointer<UInt8>, _ grey: GreyLevels,
                                centre: MatrixPoint, module: Double) -> AztecBullseye? {
        let w = image.width, h = image.height
        let step = min(0.5, module / 4)
        let maxDistance = module * 12
        var inner = [MatrixPoint?](repeating: nil, count: rayCount), outer = inner
        var innerEdge = [Double](repeating: 0, count: rayCount)
        var edges = [Double](repeating: 0, count: 6)
        for k in 0..<rayCount {
            let a = 2 * Double.pi * Double(k) / Double(rayCount)
            let ux = cos(a), uy = sin(a)
            var found = 0
            var colour: UInt8 = 1
            var pending = 0, pendingAt = 0.0
            var t = 0.0
            while t < maxDistance, found < 6 {
                let sx = Int((centre.x + ux * t).rounded(.down)), sy = Int((centre.y + uy * t).rounded(.down))
                guard sx >= 0, sy >= 0, sx < w, sy < h else { break }
                let v = px[sy * w + sx]
                if v != colour {
                    // A new colour counts once it holds for two samples (one noisy pixel does not).
                    if pending == 0 { pendingAt = t - step / 2 }
                    pending += 1
                    if pending >= 2 { edges[found] = pendingAt; found += 1; colour = v; pending = 0 }
                } else {
                    pending = 0
                }
                t += step
            }
            guard found >= 4 else { continue }
            // Edges at 0.5, 1.5, 2.5, 3.5 modules, each dark-to-light one pushed out and each
            // light-to-dark one pulled in by the same ink spread or blur: differences of like
            // edges and sums of neighbours are immune to it.
            let unit = (edges[3] - edges[1] + edges[2] - edges[0]) / 4
            guard unit > 0.8 else { continue }
            let tol = 0.2 * unit + 1.0
            guard abs(edges[3] - edges[1] - 2 * unit) < tol, abs(edges[2] - edges[0] - 2 * unit) < tol,
                  abs(edges[0] + edges[1] - 2 * unit) < tol, abs(edges[2] + edges[3] - 6 * unit) < 2 * tol else { continue }
            let hw = unit / 2
            // The centre line of light ring 3 (3.0 modules), midway between its refined edges.
            let p2 = grey.refine(centre, ux, uy, near: edges[2], halfWidth: hw)
            let p3 = grey.refine(centre, ux, uy, near: edges[3], halfWidth: hw)
            inner[k] = MatrixPoint(x: (p2.x + p3.x) / 2, y: (p2.y + p3.y) / 2)
            innerEdge[k] = edges[3]
            // Full range: light ring 5 between dark rings 4 and 6 (edges 4.5 and 5.5).
            if found == 6, abs(edges[4] - edges[2] - 2 * unit) < tol, abs(edges[5] - edges[3] - 2 * unit) < tol {
                let c = grey.refine(centre, ux, uy, near: edges[4], halfWidth: hw)
                let d = grey.refine(centre, ux, uy, near: edges[5], halfWidth: hw)
                outer[k] = MatrixPoint(x: (c.x + d.x) / 2, y: (c.y + d.y) / 2)
            }
        }
        // Seen from its centre a square's edge is as far in opposite directions (nearly so under
        // perspective); keep only rays whose opposite agrees.
        let half = rayCount / 2
        for k in 0..<half where inner[k] != nil && inner[k + half] != nil {
            let a = innerEdge[k], b = innerEdge[k + half]
            if abs(a - b) > 0.15 * (a + b) / 2 + 1 { inner[k] = nil; inner[k + half] = nil; outer[k] = nil; outer[k + half] = nil }
        }
        let innerPoints = inner.compactMap { $0 }, outerPoints = outer.compactMap { $0 }
        guard innerPoints.count >= rayCount * 3 / 5, let quad = fitQuad(innerPoints, centre: centre),
              let t = square(3, to: quad) else { return nil }
        var t6: PerspectiveTransform?
        if outerPoints.count >= rayCount * 3 / 5, let q6 = fitQuad(outerPoints, centre: centre) { t6 = square(5, to: q6) }
        let m = (dist(quad[0], quad[1]) + dist(quad[1], quad[2]) + dist(quad[2], quad[3]) + dist(quad[3], quad[0])) / 24
        return AztecBullseye(centre: t.apply(0, 0), moduleSize: m, toImage: t, toImageFull: t6)
    }

    /// The homography taking the square of half-side r (module offsets) onto the quad.
    private static func square(_ r: Double, to quad: [MatrixPoint]) -> PerspectiveTransform? {
        PerspectiveTransform.quadToQuad(
            from: [MatrixPoint(x: -r, y: -r), MatrixPoint(x: r, y: -r), MatrixPoint(x: r, y: r), MatrixPoint(x: -r, y: r)],
            to: quad)
    }

    @inline(__always)
    static func dist(_ a: MatrixPoint, _ b: MatrixPoint) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    /// Four corners, clockwise on screen (points come in increasing ray angle, y down): rough
    /// corners from extreme points, then each side refitted by least squares over its middle part.
    static func fitQuad(_ points: [MatrixPoint], centre: MatrixPoint) -> [MatrixPoint]? {
        let n = points.count
        guard n >= 12 else { return nil }
        // Rough corners: the point farthest from the centre, the one farthest from it, then the
        // farthest from that diagonal on either side.
        func farthest(from p: MatrixPoint) -> Int { points.indices.max { dist(points[$0], p) < dist(points[$1], p) } ?? 0 }
        let ia = farthest(from: centre)
        let ic = farthest(from: points[ia])
        let a = points[ia], c = points[ic]
        func side(_ p: MatrixPoint) -> Double { (c.x - a.x) * (p.y - a.y) - (c.y - a.y) * (p.x - a.x) }
        guard let ib = points.indices.max(by: { side(points[$0]) < side(points[$1]) }),
              let id = points.indices.min(by: { side(points[$0]) < side(points[$1]) }),
              side(points[ib]) > 0, side(points[id]) < 0 else { return nil }
        let corners = [ia, ib, ic, id].sorted()
        // Sides between consecutive rough corners, in index (angle) order.
        var lines: [(MatrixPoint, MatrixPoint)] = []  // (point on line, direction)
        for s in 0..<4 {
            let i0 = corners[s], i1 = corners[(s + 1) % 4]
            let span = (i1 - i0 + n) % n
            guard span >= 3 else { return nil }
            // Leave out the points nearest the corners (rounded by blur, or belonging to both sides).
            let skip = max(1, span / 5)
            var sub: [MatrixPoint] = []
            var j = skip
            while j <= span - skip { sub.append(points[(i0 + j) % n]); j += 1 }
            guard sub.count >= 2, let line = fitLine(sub) else { return nil }
            // The fitted side must be straight: no point far from it.
            let normal = MatrixPoint(x: -line.1.y, y: line.1.x)
            let spread = dist(points[i0], points[i1])
            for p in sub where abs((p.x - line.0.x) * normal.x + (p.y - line.0.y) * normal.y) > 0.06 * spread + 0.75 {
                return nil
            }
            lines.append(line)
        }
        var out: [MatrixPoint] = []
        for s in 0..<4 {
            let (previous, side) = (lines[(s + 3) % 4], lines[s])
            guard let p = MatrixPoint.meeting(of: previous.0, along: previous.1, with: side.0, along: side.1, minimumSine: 1e-6) else { return nil }
            out.append(p)
        }
        // Plausible shape: convex, sides within a factor 3 of each other, near the rough corners.
        let sides = (0..<4).map { dist(out[$0], out[($0 + 1) % 4]) }
        guard let lo = sides.min(), let hi = sides.max(), lo > 3, hi < 3 * lo else { return nil }
        for s in 0..<4 {
            let p = out[s], q = out[(s + 1) % 4], r = out[(s + 2) % 4]
            if (q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x) <= 0 { return nil }
        }
        return out
    }

    /// Total least squares line: (mean point, unit direction).
    static func fitLine(_ p: [MatrixPoint]) -> (MatrixPoint, MatrixPoint)? {
        let n = Double(p.count)
        let mx = p.reduce(0) { $0 + $1.x } / n, my = p.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for q in p {
            sxx += (q.x - mx) * (q.x - mx)
            sxy += (q.x - mx) * (q.y - my)
            syy += (q.y - my) * (q.y - my)
        }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        guard sxx + syy > 0 else { return nil }
        return (MatrixPoint(x: mx, y: my), MatrixPoint(x: cos(angle), y: sin(angle)))
    }
}
