/// Where a Micro QR seen in perspective has its corners. The finder and the timing patterns
/// place the top right and bottom left corners by the module pitch near the finder, and the far
/// corner completes a parallelogram: right only when the symbol is seen square on. In
/// perspective the pitch shrinks towards the far side (a keystone of 10 % puts the right edge of
/// a 15-module symbol a module inside where the timing pattern's pitch extrapolates), and the
/// modules there are sampled off. Perspective keeps edges straight, so the symbol's right and
/// bottom edges are found in the image, each as the line that touches the outermost dark
/// modules with the quiet zone beyond them (a light module at the edge leaves its point inside
/// the line, a dark one on it; at least `support` points must lie on it, none outside), and the
/// corners are where the four edges meet.
enum MicroQRKeystone {
    /// Points that must lie on an edge, within `tolerance` modules of it.
    static let support = 4
    static let tolerance = 0.35
    /// Light modules (of the 2 the standard asks) beyond an edge point.
    static let quietZone = 1.5
    /// Edges closer to parallel than this (the sine of their angle) do not make a corner.
    static let minimumSine = 0.1

    /// The corners (module corners (0, 0), (size, 0), (size, size), (0, size)) from the origin
    /// `o` and the estimates `top` and `left` of the two corners along the timing patterns;
    /// nil when an edge cannot be found.
    static func corners(_ image: BinaryImage, origin o: MatrixPoint, top: MatrixPoint, left: MatrixPoint, size: Int) -> [MatrixPoint]? {
        let across = top - o, down = left - o
        guard let right = edge(image, from: top, along: down, outward: across, size: size),
              let bottom = edge(image, from: left, along: across, outward: down, size: size),
              let topRight = MatrixPoint.meeting(of: o, along: across, with: right.point, along: right.direction, minimumSine: minimumSine),
              let bottomLeft = MatrixPoint.meeting(of: o, along: down, with: bottom.point, along: bottom.direction, minimumSine: minimumSine),
              let far = MatrixPoint.meeting(of: right.point, along: right.direction, with: bottom.point, along: bottom.direction,
                                            minimumSine: minimumSine) else { return nil }
        return [o, topRight, far, bottomLeft]
    }

    /// The size the timing pattern along row 0 (`along` true) or column 0 of the finder
    /// homography `t` shows by its count of dark modules up to the quiet zone, whatever their
    /// pitch: in perspective the pitch near the finder, extrapolated, takes the far modules for
    /// too few or too many. Nil unless the runs alternate as timing modules do (each 0.4 to 1.6
    /// modules of the finder's pitch) and the count is a Micro QR size.
    static func countedSize(_ image: BinaryImage, _ t: PerspectiveTransform, along: Bool) -> Int? {
        func dark(_ u: Double) -> Bool { image.isDark(at: along ? t.apply(u, 0.5) : t.apply(0.5, u)) }
        // From the separator (module 7) on: light, then dark and light in turn.
        var u = 7.5, runs: [(dark: Bool, length: Double)] = []
        var current = dark(u), start = u
        while u < 7.5 + 2 * Double(MicroQRSampler.sizes.last ?? 17) {
            u += 0.1
            let now = dark(u)
            guard now != current else {
                if !current, u - start >= quietZone, runs.count >= 2 { break }
                continue
            }
            runs.append((current, u - start))
            (current, start) = (now, u)
        }
        // The separator's light half module, the timing modules, then the quiet zone.
        guard !current, u - start >= quietZone, let first = runs.first, !first.dark,
              runs.dropFirst().allSatisfy({ (0.4...1.6).contains($0.length) }) else { return nil }
        let size = 2 * runs.filter(\.dark).count + 7
        return MicroQRSampler.sizes.contains(size) ? size : nil
    }

    /// The edge that starts near `corner` and runs along `along` in the square view, `outward`
    /// pointing out of the symbol (both spanning the symbol's size): a point on it and its direction.
    private static func edge(_ image: BinaryImage, from corner: MatrixPoint, along: MatrixPoint, outward: MatrixPoint,
                             size: Int) -> (point: MatrixPoint, direction: MatrixPoint)? {
        let s = Double(size)
        let (ax, ay) = (along.x / s, along.y / s), (wx, wy) = (outward.x / s, outward.y / s)
        // Each point: how far along the edge (in modules) and how far out of the square edge.
        var points: [(along: Double, out: Double)] = []
        for k in stride(from: 1.0, through: s - 0.5, by: 0.5) {
            let (bx, by) = (corner.x + ax * k, corner.y + ay * k)
            // The outermost dark sample from 3 modules out inwards, with the quiet zone beyond it.
            var t = 3.0
            while t > -3, !image.isDark(at: MatrixPoint(x: bx + wx * t, y: by + wy * t)) { t -= 0.1 }
            guard t > -3, t <= 3 - quietZone else { continue }
            points.append((k, t + 0.05))
        }
        // The line through two of the points that none lies outside of and most lie on.
        var best: (support: Int, span: Double, a: Double, b: Double)?
        for i in points.indices {
            for j in points.indices where points[j].along > points[i].along {
                let b = (points[j].out - points[i].out) / (points[j].along - points[i].along)
                let a = points[i].out - b * points[i].along
                let off = points.map { $0.out - a - b * $0.along }
                guard off.allSatisfy({ $0 <= tolerance }) else { continue }
                let on = points.filter { abs($0.out - a - b * $0.along) <= tolerance }
                let span = (on.map(\.along).max() ?? 0) - (on.map(\.along).min() ?? 0)
                if best.map({ on.count > $0.support || (on.count == $0.support && span > $0.span) }) ?? true {
                    best = (on.count, span, a, b)
                }
            }
        }
        guard let best, best.support >= support else { return nil }
        let point = MatrixPoint(x: corner.x + wx * best.a, y: corner.y + wy * best.a)
        return (point, MatrixPoint(x: along.x + outward.x * best.b, y: along.y + outward.y * best.b))
    }
}
