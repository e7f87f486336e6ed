import Glibc

/// Undoes the tilt and perspective of an Aztec symbol around its bullseye.
///
/// zxing 1.4's Aztec detector gives up a few degrees off axis, and on photos
/// taken at an angle. The bullseye tells the symbol's pose: its rings are
/// squares in the symbol's plane. Rays cast from the centre find the outer
/// edge of the second dark ring (5×5 modules, in compact and full symbols
/// alike); a line fitted to each side gives the four corners of that square
/// as the camera saw it, and a homography maps them back to an upright
/// square. zxing then reads the rectified image.
enum BullseyeRectification {
    /// The first bullseye in `frame` turned into an upright square, with the
    /// way back to `frame`'s pixels; nil when there is no bullseye whose
    /// ring can be traced.
    /// With `perspective` false, only the bullseye's rotation is undone: a
    /// small ring's corners are too imprecise to extrapolate a homography
    /// across a large symbol that is merely turned.
    static func rectify(_ frame: Frame, perspective: Bool) -> (frame: Frame, toSource: (Point) -> Point)? {
        guard frame.width >= 15, frame.height >= 15 else { return nil }
        let image = BullseyeImage(thresholding: frame)
        for centre in image.bullseyeCentres() {
            guard var quad = ringCorners(in: image, of: frame, around: centre) else { continue }
            // The same square, upright, centred where the ring was.
            let sides = zip(quad, quad.dropFirst() + [quad[0]])
            let side = sides.map { distance($0, $1) }.reduce(0, +) / 4
            let cx = quad.map(\.x).reduce(0, +) / 4, cy = quad.map(\.y).reduce(0, +) / 4
            let square = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)]
            let upright = square.map { Point(x: cx + $0.0 * side / 2, y: cy + $0.1 * side / 2) }
            if !perspective {
                // The mean direction of the four sides, modulo a quarter
                // turn (averaged as angles times four, so 89° and 1° agree).
                let (sum4x, sum4y) = sides.reduce((0.0, 0.0)) { total, side in
                    let angle = 4 * atan2(side.1.y - side.0.y, side.1.x - side.0.x)
                    return (total.0 + cos(angle), total.1 + sin(angle))
                }
                let turn = atan2(sum4y, sum4x) / 4
                quad = square.map { corner in
                    let (x, y) = (corner.0 * side / 2, corner.1 * side / 2)
                    return Point(x: cx + x * cos(turn) - y * sin(turn), y: cy + x * sin(turn) + y * cos(turn))
                }
            }
            guard let toSource = Homography(from: upright, to: quad) else { continue }
            // Same size, white where the source ends, as a quiet zone would be.
            let rectified = frame.resampled(width: frame.width, height: frame.height, fill: 255, toSource.apply)
            return (rectified, toSource.apply)
        }
        return nil
    }

    /// The four corners of the second dark ring's outer edge, clockwise.
    private static func ringCorners(in image: BullseyeImage, of frame: Frame, around centre: BullseyeImage.Centre) -> [Point]? {
        let module = (centre.width + centre.height) / 18
        let step = 0.25
        var edge: [Point] = []
        for degree in Swift.stride(from: 0.0, to: 360, by: 2) {
            let (dx, dy) = (cos(degree * .pi / 180), sin(degree * .pi / 180))
            // Count light-after-dark transitions; the second is the ring's edge.
            var transitions = 0, wasDark = true
            var t = 0.0
            while t < module * 6 {
                let dark = image.isDark(x: centre.x + dx * t, y: centre.y + dy * t)
                if wasDark && !dark {
                    transitions += 1
                    if transitions == 2 {
                        // Where the luma crosses the threshold, to a fraction
                        // of a pixel: the angle rests on a ring a few modules wide.
                        let level = { (u: Double) in frame.luma(x: centre.x + dx * u, y: centre.y + dy * u) }
                        let (before, after) = (level(t - step), level(t))
                        let fraction = after == before ? 0.5 : (Double(image.threshold) - before) / (after - before)
                        let crossing = t - step + step * min(max(fraction, 0), 1)
                        edge.append(Point(x: centre.x + dx * crossing, y: centre.y + dy * crossing))
                        break
                    }
                }
                wasDark = dark
                t += step
            }
        }
        guard edge.count >= 120 else { return nil }  // most rays must find it
        // Sides from the minimum-area rectangle, then a line fitted to the
        // points nearest each side: the corners as perspective left them.
        let box = BoundingQuad.enclosing(edge, reading: Point(x: 1, y: 0), up: Point(x: 0, y: -1))
        guard box.count == 4 else { return nil }
        let lines = (0..<4).compactMap { side -> Line? in
            let (a, b) = (box[side], box[(side + 1) % 4])
            let line = Line(a, b)
            let near = edge.filter { p in (0..<4).allSatisfy { line.distance(p) <= Line(box[$0], box[($0 + 1) % 4]).distance(p) } }
            return Line(fitting: near.count >= 4 ? near : [a, b])
        }
        guard lines.count == 4 else { return nil }
        let corners = (0..<4).compactMap { lines[($0 + 3) % 4].intersection(lines[$0]) }
        guard corners.count == 4 else { return nil }
        return corners
    }

    private static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// A line through `point` along the unit vector `direction`.
    private struct Line {
        let point: Point
        let direction: Point

        init(_ a: Point, _ b: Point) {
            let length = max(BullseyeRectification.distance(a, b), 1e-9)
            point = a
            direction = Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
        }

        /// The total least-squares line through `points`.
        init?(fitting points: [Point]) {
            let n = Double(points.count)
            guard n >= 2 else { return nil }
            let mx = points.map(\.x).reduce(0, +) / n, my = points.map(\.y).reduce(0, +) / n
            var (sxx, sxy, syy) = (0.0, 0.0, 0.0)
            for p in points {
                sxx += (p.x - mx) * (p.x - mx)
                sxy += (p.x - mx) * (p.y - my)
                syy += (p.y - my) * (p.y - my)
            }
            let angle = atan2(2 * sxy, sxx - syy) / 2
            point = Point(x: mx, y: my)
            direction = Point(x: cos(angle), y: sin(angle))
        }

        func distance(_ p: Point) -> Double {
            abs((p.x - point.x) * direction.y - (p.y - point.y) * direction.x)
        }

        func intersection(_ other: Line) -> Point? {
            let denominator = direction.x * other.direction.y - direction.y * other.direction.x
            guard abs(denominator) > 1e-6 else { return nil }
            let t = ((other.point.x - point.x) * other.direction.y - (other.point.y - point.y) * other.direction.x) / denominator
            return Point(x: point.x + direction.x * t, y: point.y + direction.y * t)
        }
    }
}

/// A plane projective map, fixed by four point pairs.
struct Homography {
    private let h: [Double]  // row-major 3×3 with h[8] = 1

    /// The map taking each of `source` to the matching `target`.
    init?(from source: [Point], to target: [Point]) {
        guard source.count == 4, target.count == 4 else { return nil }
        // Eight linear equations in the eight unknowns h0…h7.
        var rows: [[Double]] = []
        for (s, t) in zip(source, target) {
            rows.append([s.x, s.y, 1, 0, 0, 0, -s.x * t.x, -s.y * t.x, t.x])
            rows.append([0, 0, 0, s.x, s.y, 1, -s.x * t.y, -s.y * t.y, t.y])
        }
        for column in 0..<8 {
            guard let pivot = (column..<8).max(by: { abs(rows[$0][column]) < abs(rows[$1][column]) }),
                  abs(rows[pivot][column]) > 1e-12 else { return nil }
            rows.swapAt(column, pivot)
            for row in 0..<8 where row != column {
                let factor = rows[row][column] / rows[column][column]
                for k in column...8 { rows[row][k] -= factor * rows[column][k] }
            }
        }
        h = (0..<8).map { rows[$0][8] / rows[$0][$0] } + [1]
    }

    func apply(_ p: Point) -> Point {
        let w = h[6] * p.x + h[7] * p.y + h[8]
        return Point(x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w)
    }
}
