/// A point in image pixels (sub-pixel).
struct MatrixPoint: Sendable, Hashable {
    var x: Double
    var y: Double
}

extension MatrixPoint {
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
