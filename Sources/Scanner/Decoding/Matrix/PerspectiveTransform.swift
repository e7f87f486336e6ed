/// A plane homography (x, y) -> ((a11 x + a12 y + a13) / w, (a21 x + a22 y + a23) / w),
/// w = a31 x + a32 y + a33. Built quad-to-quad as square-to-quad composed with
/// the inverse of another square-to-quad (the closed form of Heckbert's "Fundamentals of Texture
/// Mapping"), so there is no linear solve that could be ill-conditioned silently.
struct PerspectiveTransform: Sendable, Hashable {
    // Row-major 3x3: [a11 a12 a13; a21 a22 a23; a31 a32 a33], mapping column vectors (x, y, 1).
    var a11, a12, a13, a21, a22, a23, a31, a32, a33: Double

    /// Maps the unit square (0,0),(1,0),(1,1),(0,1) onto p0, p1, p2, p3.
    static func squareToQuad(_ p0: MatrixPoint, _ p1: MatrixPoint, _ p2: MatrixPoint, _ p3: MatrixPoint) -> PerspectiveTransform? {
        let dx3 = p0.x - p1.x + p2.x - p3.x
        let dy3 = p0.y - p1.y + p2.y - p3.y
        if abs(dx3) < 1e-9 && abs(dy3) < 1e-9 {
            // Affine case.
            return PerspectiveTransform(a11: p1.x - p0.x, a12: p3.x - p0.x, a13: p0.x,
                                        a21: p1.y - p0.y, a22: p3.y - p0.y, a23: p0.y,
                                        a31: 0, a32: 0, a33: 1)
        }
        let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x
        let dy1 = p1.y - p2.y, dy2 = p3.y - p2.y
        let den = dx1 * dy2 - dx2 * dy1
        guard abs(den) > 1e-12 else { return nil }
        let g = (dx3 * dy2 - dx2 * dy3) / den
        let h = (dx1 * dy3 - dx3 * dy1) / den
        return PerspectiveTransform(a11: p1.x - p0.x + g * p1.x, a12: p3.x - p0.x + h * p3.x, a13: p0.x,
                                    a21: p1.y - p0.y + g * p1.y, a22: p3.y - p0.y + h * p3.y, a23: p0.y,
                                    a31: g, a32: h, a33: 1)
    }

    /// Maps quad `from` (4 points, in order) onto quad `to`; nil when either is degenerate.
    static func quadToQuad(from: [MatrixPoint], to: [MatrixPoint]) -> PerspectiveTransform? {
        guard from.count == 4, to.count == 4,
              let s2f = squareToQuad(from[0], from[1], from[2], from[3]),
              let s2t = squareToQuad(to[0], to[1], to[2], to[3]),
              let f2s = s2f.inverse() else { return nil }
        return s2t.composed(after: f2s)
    }

    /// The inverse mapping, via the adjugate; nil when singular.
    func inverse() -> PerspectiveTransform? {
        let c11 = a22 * a33 - a23 * a32, c12 = a13 * a32 - a12 * a33, c13 = a12 * a23 - a13 * a22
        let c21 = a23 * a31 - a21 * a33, c22 = a11 * a33 - a13 * a31, c23 = a13 * a21 - a11 * a23
        let c31 = a21 * a32 - a22 * a31, c32 = a12 * a31 - a11 * a32, c33 = a11 * a22 - a12 * a21
        let det = a11 * c11 + a12 * c21 + a13 * c31
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        return PerspectiveTransform(a11: c11, a12: c12, a13: c13, a21: c21, a22: c22, a23: c23,
                                    a31: c31, a32: c32, a33: c33)
    }

    /// self ∘ other: applies `other` first.
    func composed(after o: PerspectiveTransform) -> PerspectiveTransform {
        PerspectiveTransform(
            a11: a11 * o.a11 + a12 * o.a21 + a13 * o.a31, a12: a11 * o.a12 + a12 * o.a22 + a13 * o.a32,
            a13: a11 * o.a13 + a12 * o.a23 + a13 * o.a33,
            a21: a21 * o.a11 + a22 * o.a21 + a23 * o.a31, a22: a21 * o.a12 + a22 * o.a22 + a23 * o.a32,
            a23: a21 * o.a13 + a22 * o.a23 + a23 * o.a33,
            a31: a31 * o.a11 + a32 * o.a21 + a33 * o.a31, a32: a31 * o.a12 + a32 * o.a22 + a33 * o.a32,
            a33: a31 * o.a13 + a32 * o.a23 + a33 * o.a33)
    }

    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> MatrixPoint {
        let w = a31 * x + a32 * y + a33
        // A point at or behind the horizon maps far away: callers read it as out of the image.
        guard abs(w) > 1e-12 else { return MatrixPoint(x: -1e9, y: -1e9) }
        return MatrixPoint(x: (a11 * x + a12 * y + a13) / w, y: (a21 * x + a22 * y + a23) / w)
    }

    func apply(_ p: MatrixPoint) -> MatrixPoint { apply(p.x, p.y) }
}
