import Glibc

/// A located bullseye: its centre, and the ellipse the centre line of its outer light ring makes
/// in the image (the rings are circles: the ellipse gives the symbol's scale and any affine skew,
/// not its rotation).
struct MaxiCodeBullseye: Sendable {
    let centre: MatrixPoint
    /// Maps the unit circle onto that ellipse, centred: (x, y) → (a x + b y, c x + d y).
    let a, b, c, d: Double
    /// Mean grey of the dark rings and of the light rings.
    let darkGrey: Double
    let lightGrey: Double
    /// That ring's mean radius in pixels.
    var radius: Double { ((a * a + c * c).squareRoot() + (b * b + d * d).squareRoot()) / 2 }
}

/// Finds bullseyes: three dark rings around a light centre (some printers put a small dark dot
/// in it), their widths alike but for the centre, which is wider by an amount that differs
/// between printers. Scan lines find the pattern; a vertical and two diagonal lines through its
/// centre confirm it; rays cast in every direction measure the outer light ring's ellipse. The
/// outer edge of the outer dark ring is never used: data modules may touch it.
enum MaxiCodeBullseyeFinder {
    static let rayCount = 64
    /// At most this many scan-line matches are cross-checked, and this many bullseyes measured,
    /// in one image, so a textured image costs little (rows of alternating modules match too).
    static let maximumChecks = 1 << 11
    static let maximumCandidates = 24
    /// Every other row is scanned: the light centre of a 3 px/module bullseye is 3 or 4 rows tall.
    static let rowStep = 2

    static func find(_ image: BinaryImage, _ grey: GreyLevels) -> [MaxiCodeBullseye] {
        image.pixels.withUnsafeBufferPointer { px in
            var found: [MaxiCodeBullseye] = []
            var tried = 0, checks = 0
            let w = image.width, h = image.height
            // The last 13 runs, oldest first; runs[12] is the one being counted.
            var runs = [Int](repeating: 0, count: 13)
            var y = rowStep / 2
            while y < h, tried < maximumCandidates {
                let row = y * w
                var count = 0
                for i in 0..<13 { runs[i] = 0 }
                var x = 0
                while x <= w {
                    let dark = x < w && px[row + x] == 1
                    let prevDark = x > 0 && px[row + x - 1] == 1
                    if x > 0 && (x == w || dark != prevDark) {
                        if prevDark, count >= 10, let (start, end) = pattern(runs, count: count + 1, end: x) {
                            let cx = Double(start + end) / 2
                            let scale = Double(end - start)
                            if !found.contains(where: { near($0, cx, Double(y)) }), checks < maximumChecks,
                               ringAboveAndBelow(px, image, x: Int(cx), y: y, span: end - start) {
                                checks += 1
                                if let b = confirm(image, px, grey, x: cx, y: Double(y) + 0.5, span: scale, measured: &tried) {
                                    found.append(b)
                                }
                            }
                        }
                        for i in 0..<12 { runs[i] = runs[i + 1] }
                        runs[12] = 0
                        count += 1
                    }
                    if x < w { runs[12] += 1 }
                    x += 1
                }
                y += rowStep
            }
            return found
        }
    }

    @inline(__always)
    private static func near(_ b: MaxiCodeBullseye, _ x: Double, _ y: Double) -> Bool {
        let dx = b.centre.x - x, dy = b.centre.y - y
        return dx * dx + dy * dy < b.radius * b.radius
    }

    /// The centre run's extent when the closed runs ending at `end` are a bullseye's 11 (light
    /// centre) or 13 (centre with a dot); `runs[12]` is the dark run just closed.
    @inline(__always)
    static func pattern(_ runs: [Int], count: Int, end: Int) -> (Int, Int)? {
        for dotted in [false, true] {
            let n = dotted ? 13 : 11
            guard count >= n else { continue }
            let first = 13 - n
            let centreRuns = dotted ? 3 : 1
            var centre = 0
            for i in 0..<centreRuns { centre += runs[first + 5 + i] }
            if dotted {
                let dot = runs[first + 6], l1 = runs[first + 5], l2 = runs[first + 7]
                guard dot * 10 <= centre * 6, l1 * 4 >= l2, l2 * 4 >= l1 else { continue }
            }
            guard ringsMatch(runs, first: first, centreRuns: centreRuns, centre: centre) else { continue }
            var outer = 0
            for i in 0..<5 { outer += runs[first + 5 + centreRuns + i] }
            let centreEnd = end - outer
            return (centreEnd - centre, centreEnd)
        }
        return nil
    }

    /// Ten ring runs from outside in and out again (dark, light, dark, light, dark on each side):
    /// darks alike, lights alike, both sides alike, and a centre at least as wide as a light ring.
    /// The outer ring's runs may run on into data modules that touch it.
    @inline(__always)
    static func ringsMatch(_ runs: [Int], first: Int, centreRuns: Int, centre: Int) -> Bool {
        // Ring run i: 0-4 before the centre, 5-9 after it.
        @inline(__always) func r(_ i: Int) -> Int { runs[first + (i < 5 ? i : i + centreRuns)] }
        let dark = Double(r(2) + r(4) + r(5) + r(7)) / 4
        let light = Double(r(1) + r(3) + r(6) + r(8)) / 4
        guard dark + light >= 2, dark >= 0.4 * light, light >= 0.4 * dark else { return false }
        let dt = 0.5 * dark + 1, lt = 0.5 * light + 1
        for i in stride(from: 1, through: 8, by: 1) {
            let v = Double(r(i)), odd = i == 1 || i == 3 || i == 6 || i == 8
            if abs(v - (odd ? light : dark)) > (odd ? lt : dt) { return false }
        }
        guard Double(r(0)) >= dark - dt, Double(r(9)) >= dark - dt else { return false }
        let left = r(1) + r(2) + r(3) + r(4), right = r(5) + r(6) + r(7) + r(8)
        guard abs(left - right) * 3 <= left + right + 3 else { return false }
        // Rounded to pixels, a small bullseye's centre can look no wider than a light ring.
        let c = Double(centre)
        return c >= light - 0.5 && c <= 4 * (dark + light)
    }

    /// Whether the column through a match meets a dark ring above and below within twice the
    /// centre's width: a cheap test that spares the cross-checks the gaps between a 1D code's
    /// bars, which match along a row but run on vertically.
    @inline(__always)
    private static func ringAboveAndBelow(_ px: UnsafeBufferPointer<UInt8>, _ image: BinaryImage, x: Int, y: Int, span: Int) -> Bool {
        let reach = 2 * span + 3
        for step in stride(from: -1, through: 1, by: 2) {
            var seenLight = false, met = false
            var yy = y
            for _ in 0..<reach {
                yy += step
                guard yy >= 0, yy < image.height else { return false }
                if px[yy * image.width + x] == 0 { seenLight = true } else if seenLight { met = true; break }
            }
            guard met else { return false }
        }
        return true
    }

    /// Cross-checks through the centre (vertical, horizontal, a diagonal), then the rays' fit.
    private static func confirm(_ image: BinaryImage, _ px: UnsafeBufferPointer<UInt8>, _ grey: GreyLevels,
                                x: Double, y: Double, span: Double, measured: inout Int) -> MaxiCodeBullseye? {
        var centre = MatrixPoint(x: x, y: y)
        let reach = span * 12
        guard let (up, down) = edges(px, image, centre, 0, -1, reach) else { return nil }
        centre.y += (down - up) / 2
        guard let (left, right) = edges(px, image, centre, -1, 0, reach) else { return nil }
        centre.x += (right - left) / 2
        // One diagonal suffices: on a small symbol a jagged ring edge can fail the other, and the
        // rays below check every direction anyway.
        guard edges(px, image, centre, 1, 1, reach) != nil || edges(px, image, centre, 1, -1, reach) != nil,
              measured < maximumCandidates else { return nil }
        measured += 1
        for _ in 0..<3 {
            guard let b = measure(image, px, grey, centre: centre, reach: reach) else { return nil }
            let dx = b.centre.x - centre.x, dy = b.centre.y - centre.y
            if dx * dx + dy * dy < 0.25 { return b }
            centre = b.centre
        }
        return nil
    }

    /// The distances from `c` along (dx, dy) and back to the inner edge of the outer ring, when
    /// both directions cross the rings as a bullseye's do.
    private static func edges(_ px: UnsafeBufferPointer<UInt8>, _ image: BinaryImage, _ c: MatrixPoint,
                              _ dx: Double, _ dy: Double, _ reach: Double) -> (Double, Double)? {
        let norm = (dx * dx + dy * dy).squareRoot()
        guard let a = ringEdges(px, image, c, dx / norm, dy / norm, reach, step: 0.5),
              let b = ringEdges(px, image, c, -dx / norm, -dy / norm, reach, step: 0.5) else { return nil }
        let ga = (a[4] - a[0]) / 4, gb = (b[4] - b[0]) / 4
        // The centre is wider than a ring: measured across it, so that an off-centre start
        // does not matter.
        guard abs(ga - gb) <= 0.35 * (ga + gb) / 2 + 1, a[0] + b[0] >= 0.55 * (ga + gb) else { return nil }
        return (a[4], b[4])
    }

    /// The five ring edges along a ray from a point inside the centre: the first light-to-dark
    /// edge (inner edge of the inner ring; a centre dot's edge comes before it) and the four
    /// after it, when their spacing is about even.
    static func ringEdges(_ px: UnsafeBufferPointer<UInt8>, _ image: BinaryImage, _ c: MatrixPoint, _ ux: Double, _ uy: Double,
                          _ reach: Double, step: Double) -> [Double]? {
        let w = image.width, h = image.height
        var e = [Double](repeating: 0, count: 5)
        var found = -1
        var colour: UInt8 = 255
        var pending = 0, pendingAt = 0.0
        // Where a ray starting on dark (a centre dot) first turns light.
        var dotEdge: Double?
        var t = 0.0
        while t < reach {
            let sx = Int((c.x + ux * t).rounded(.down)), sy = Int((c.y + uy * t).rounded(.down))
            guard sx >= 0, sy >= 0, sx < w, sy < h else { return nil }
            let v = px[sy * w + sx]
            if colour == 255 {
                colour = v
            } else if v != colour {
                // A new colour counts once it holds for two samples.
                if pending == 0 { pendingAt = t - step / 2 }
                pending += 1
                if pending >= 2 {
                    colour = v
                    pending = 0
                    if found < 0 {
                        if v == 1 { e[0] = pendingAt; found = 1 } else if dotEdge == nil { dotEdge = pendingAt }
                    } else {
                        e[found] = pendingAt
                        found += 1
                        if found == 5 { break }
                    }
                }
            } else {
                pending = 0
            }
            t += step
        }
        guard found == 5 else { return nil }
        let g = (e[4] - e[0]) / 4
        guard g >= 0.8 else { return nil }
        for k in 0..<4 where abs(e[k + 1] - e[k] - g) > 0.5 * g + 1 { return nil }
        // A ray that started on a ring rather than a dot has its edges one ring out.
        if let dotEdge, dotEdge > 0.45 * g { return nil }
        return e
    }

    /// Casts rays, keeps those crossing the rings as a bullseye's, refines the centre from
    /// opposite rays (the midpoint of a chord through an ellipse's centre is its centre) and fits
    /// an ellipse to the outer light ring's centre line.
    private static func measure(_ image: BinaryImage, _ px: UnsafeBufferPointer<UInt8>, _ grey: GreyLevels,
                                centre: MatrixPoint, reach: Double) -> MaxiCodeBullseye? {
        var outer = [Double?](repeating: nil, count: rayCount), inner = [Double](repeating: 0, count: rayCount)
        var spacing = 0.0
        var darkSum = 0.0, lightSum = 0.0, samples = 0
        var dirs: [(Double, Double)] = []
        for k in 0..<rayCount {
            let a = 2 * Double.pi * Double(k) / Double(rayCount)
            let ux = cos(a), uy = sin(a)
            dirs.append((ux, uy))
            guard let e = ringEdges(px, image, centre, ux, uy, reach, step: 0.35) else { continue }
            outer[k] = (e[3] + e[4]) / 2
            inner[k] = e[0]
            spacing += (e[4] - e[0]) / 4
            for (i, mid) in [(e[0] + e[1]) / 2, (e[1] + e[2]) / 2, (e[2] + e[3]) / 2, (e[3] + e[4]) / 2].enumerated() {
                let g = grey.at(centre.x + ux * mid, centre.y + uy * mid)
                if i % 2 == 0 { darkSum += g } else { lightSum += g }
            }
            samples += 1
        }
        guard samples >= rayCount * 2 / 3 else { return nil }
        // Opposite rays: the centre is the mean of the chords' midpoints.
        let half = rayCount / 2
        let g = spacing / Double(samples)
        var mx = 0.0, my = 0.0, pairs = 0
        var points: [MatrixPoint] = []
        for k in 0..<half {
            guard let r1 = outer[k], let r2 = outer[k + half] else { continue }
            // A ray that started on a ring sees the rings one out: its opposite disagrees.
            guard abs(r1 - r2) <= 0.12 * (r1 + r2) / 2 + 1, abs(inner[k] - inner[k + half]) <= 0.5 * g + 1 else { continue }
            let (ux, uy) = dirs[k]
            mx += ux * (r1 - r2) / 2
            my += uy * (r1 - r2) / 2
            pairs += 1
            points.append(MatrixPoint(x: ux * r1, y: uy * r1))
            points.append(MatrixPoint(x: -ux * r2, y: -uy * r2))
        }
        guard pairs >= half / 2 else { return nil }
        let c = MatrixPoint(x: centre.x + mx / Double(pairs), y: centre.y + my / Double(pairs))
        // The points relative to the refined centre.
        let shifted = points.map { MatrixPoint(x: $0.x + centre.x - c.x, y: $0.y + centre.y - c.y) }
        guard let (a, b, cc, d) = ellipse(shifted) else { return nil }
        let dark = darkSum / Double(2 * samples), light = lightSum / Double(2 * samples)
        guard abs(light - dark) >= 16 else { return nil }
        return MaxiCodeBullseye(centre: c, a: a, b: b, c: cc, d: d, darkGrey: dark, lightGrey: light)
    }

    /// The linear map taking the unit circle onto the centred ellipse through the points (least
    /// squares on p x² + 2q xy + r y² = 1), as its symmetric square root; nil when the fit is not
    /// an ellipse or is too eccentric for a symbol seen at a sane angle.
    static func ellipse(_ points: [MatrixPoint]) -> (Double, Double, Double, Double)? {
        var m = [[Double]](repeating: [0, 0, 0], count: 3), v = [0.0, 0.0, 0.0]
        for p in points {
            let f = [p.x * p.x, 2 * p.x * p.y, p.y * p.y]
            for i in 0..<3 {
                v[i] += f[i]
                for j in 0..<3 { m[i][j] += f[i] * f[j] }
            }
        }
        guard let s = solve3(m, v) else { return nil }
        let (p, q, r) = (s[0], s[1], s[2])
        // Eigenvalues of [[p, q], [q, r]].
        let tr = p + r, det = p * r - q * q
        guard det > 0, tr > 0 else { return nil }
        let disc = max(0, tr * tr / 4 - det).squareRoot()
        let l1 = tr / 2 + disc, l2 = tr / 2 - disc
        guard l2 > 0, l1 / l2 < 9 else { return nil }
        // Unit eigenvector of l1.
        var ex = q, ey = l1 - p
        if abs(ex) + abs(ey) < 1e-12 { (ex, ey) = (1, 0) }
        let n = (ex * ex + ey * ey).squareRoot()
        ex /= n
        ey /= n
        let s1 = 1 / l1.squareRoot(), s2 = 1 / l2.squareRoot()
        // s1 e eᵀ + s2 f fᵀ with f ⟂ e.
        let a = s1 * ex * ex + s2 * ey * ey
        let b = (s1 - s2) * ex * ey
        let d = s1 * ey * ey + s2 * ex * ex
        return (a, b, b, d)
    }

    private static func solve3(_ m: [[Double]], _ v: [Double]) -> [Double]? {
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        guard abs(d) > 1e-30, d.isFinite else { return nil }
        return (0..<3).map { k in
            var mk = m
            for i in 0..<3 { mk[i][k] = v[i] }
            return det(mk) / d
        }
    }
}
