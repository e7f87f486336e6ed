/// Refines where a single-finder symbol's edges run, from its timing pattern. The homography of
/// the finder alone (7 modules) extrapolates poorly to the far end of a 17-module edge, so:
/// - along the edge, the light/dark transitions of the timing row are matched to the module
///   boundaries they should be, and a line through them gives where boundary `last` really is;
/// - across the edge, the outer border of each dark timing module (against the quiet zone) is
///   found, and a line through these border points is the symbol's true edge.
enum TimingEdgeFit {
    /// Image position of module corner (`last`, 0) (`along` = true, row 0) or (0, `last`)
    /// (column 0), in the finder homography `t`'s module coordinates; falls back to `t` itself.
    static func corner(_ image: BinaryImage, _ t: PerspectiveTransform, along: Bool, last: Int) -> MatrixPoint {
        let u = position(image, t, along: along, last: last)
        let guess = point(t, along, u, 0)
        guard let line = edgeLine(image, t, along: along, last: last) else { return guess }
        // Project the guess onto the fitted edge.
        let k = (guess.x - line.p.x) * line.d.x + (guess.y - line.p.y) * line.d.y
        return MatrixPoint(x: line.p.x + k * line.d.x, y: line.p.y + k * line.d.y)
    }

    private static func point(_ t: PerspectiveTransform, _ along: Bool, _ u: Double, _ v: Double) -> MatrixPoint {
        along ? t.apply(u, v) : t.apply(v, u)
    }

    /// Along-edge coordinate of boundary `last`, from the timing transitions (row/column 0.5).
    private static func position(_ image: BinaryImage, _ t: PerspectiveTransform, along: Bool, last: Int) -> Double {
        let step = 0.1
        var pairs: [(expected: Double, seen: Double)] = []
        var u = 7.5
        var previous = image.isDark(at: point(t, along, u, 0.5))
        while u < Double(last) + 1.5 {
            u += step
            let now = image.isDark(at: point(t, along, u, 0.5))
            if now != previous {
                let seen = u - step / 2
                let expected = seen.rounded()
                if abs(seen - expected) < 0.45, expected >= 8, expected <= Double(last) { pairs.append((expected, seen)) }
                previous = now
            }
        }
        guard pairs.count >= 3 else { return Double(last) }
        let n = Double(pairs.count)
        let mx = pairs.reduce(0) { $0 + $1.expected } / n, my = pairs.reduce(0) { $0 + $1.seen } / n
        var sxx = 0.0, sxy = 0.0
        for p in pairs { sxx += (p.expected - mx) * (p.expected - mx); sxy += (p.expected - mx) * (p.seen - my) }
        guard sxx > 0 else { return Double(last) }
        let slope = sxy / sxx
        guard slope > 0.7, slope < 1.4 else { return Double(last) }
        return my + slope * (Double(last) - mx)
    }

    /// Line through the outer borders of the finder and of the dark timing modules.
    private static func edgeLine(_ image: BinaryImage, _ t: PerspectiveTransform, along: Bool, last: Int) -> (p: MatrixPoint, d: MatrixPoint)? {
        var pts = [point(t, along, 0, 0), point(t, along, 7, 0)]
        for i in stride(from: 8, to: last, by: 2) {
            // Walk outwards from the module centre until the quiet zone starts.
            var v = 0.5
            var found = false
            while v > -1.0 {
                if !image.isDark(at: point(t, along, Double(i) + 0.5, v - 0.05)) { found = true; break }
                v -= 0.05
            }
            if found && v < 0.45 { pts.append(point(t, along, Double(i) + 0.5, v)) }
        }
        return pts.count >= 4 ? LineFit.fit(pts) : nil
    }
}
