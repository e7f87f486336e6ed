/// A point in image pixels (sub-pixel).
struct MatrixPoint: Sendable, Hashable {
    var x: Double
    var y: Double
}

extension MatrixPoint {
    static func + (a: MatrixPoint, b: MatrixPoint) -> MatrixPoint { MatrixPoint(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: MatrixPoint, b: MatrixPoint) -> MatrixPoint { MatrixPoint(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: MatrixPoint, k: Double) -> MatrixPoint { MatrixPoint(x: a.x * k, y: a.y * k) }
    func dot(_ b: MatrixPoint) -> Double { x * b.x + y * b.y }
    func distance(to b: MatrixPoint) -> Double { ((x - b.x) * (x - b.x) + (y - b.y) * (y - b.y)).squareRoot() }
    var normalized: MatrixPoint {
        let l = (x * x + y * y).squareRoot()
        return l > 0 ? MatrixPoint(x: x / l, y: y / l) : self
    }

    /// Where the line through `p` along `d` meets the line through `q` along `e`; nil when
    /// the sine of the angle between them is `minimumSine` or less (nearly parallel).
    static func meeting(of p: MatrixPoint, along d: MatrixPoint, with q: MatrixPoint, along e: MatrixPoint,
                        minimumSine: Double) -> MatrixPoint? {
        let det = d.x * e.y - d.y * e.x
        let scale = (d.x * d.x + d.y * d.y).squareRoot() * (e.x * e.x + e.y * e.y).squareRoot()
        guard scale > 0, abs(det) > minimumSine * scale else { return nil }
        let a = ((q.x - p.x) * e.y - (q.y - p.y) * e.x) / det
        return MatrixPoint(x: p.x + a * d.x, y: p.y + a * d.y)
    }
}
