import Glibc

/// The tightest rectangle around a cloud of points, at any angle.
///
/// zbar locates a linear code by the points where its scan lines decoded,
/// hundreds of them along the bars' edges. The axis-aligned box of those
/// points sticks out of a tilted symbol; the minimum-area rectangle follows
/// it. (A rectangle of least area has a side on the convex hull.)
enum BoundingQuad {
    /// The four corners of the minimum-area rectangle around `points`,
    /// clockwise (in image coordinates, y down) from the corner that is
    /// furthest back along `reading` and furthest up along `up`.
    static func enclosing(_ points: [Point], reading: Point, up: Point) -> [Point] {
        let hull = convexHull(points)
        guard hull.count >= 6 else {
            // Too few points to tell an angle: the axis-aligned box.
            let xs = points.map(\.x), ys = points.map(\.y)
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return [] }
            return order(
                [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)],
                reading: reading, up: up)
        }
        var best: (area: Double, corners: [Point]) = (.infinity, [])
        for index in hull.indices {
            let a = hull[index], b = hull[(index + 1) % hull.count]
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard length > 0 else { continue }
            let u = Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length), v = Point(x: -u.y, y: u.x)
            let along = hull.map { $0.x * u.x + $0.y * u.y }, across = hull.map { $0.x * v.x + $0.y * v.y }
            let (minU, maxU, minV, maxV) = (along.min()!, along.max()!, across.min()!, across.max()!)
            let area = (maxU - minU) * (maxV - minV)
            if area < best.area {
                let corner = { (s: Double, t: Double) in Point(x: u.x * s + v.x * t, y: u.y * s + v.y * t) }
                best = (area, [corner(minU, minV), corner(maxU, minV), corner(maxU, maxV), corner(minU, maxV)])
            }
        }
        return order(best.corners, reading: reading, up: up)
    }

    /// `corners` clockwise around their centre, starting from the symbol's top-left.
    private static func order(_ corners: [Point], reading: Point, up: Point) -> [Point] {
        let cx = corners.map(\.x).reduce(0, +) / 4, cy = corners.map(\.y).reduce(0, +) / 4
        // With y pointing down, increasing atan2 runs clockwise on screen.
        let sorted = corners.sorted { atan2($0.y - cy, $0.x - cx) < atan2($1.y - cy, $1.x - cx) }
        let score = { (p: Point) in (p.x * reading.x + p.y * reading.y) - (p.x * up.x + p.y * up.y) }
        let start = sorted.indices.min { score(sorted[$0]) < score(sorted[$1]) }!
        return (0..<4).map { sorted[(start + $0) % 4] }
    }

    /// Andrew's monotone chain; collinear points are dropped.
    private static func convexHull(_ points: [Point]) -> [Point] {
        let sorted = Set(points.map { [$0.x, $0.y] }).map { Point(x: $0[0], y: $0[1]) }
            .sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [Point] = [], upper: [Point] = []
        for p in sorted {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
