/// Total-least-squares line through image points: centroid and principal direction (the
/// scatter matrix's main eigenvector, in closed form). nil for fewer than 2 distinct points.
enum LineFit {
    static func fit(_ pts: [MatrixPoint]) -> (p: MatrixPoint, d: MatrixPoint)? {
        guard pts.count >= 2 else { return nil }
        let n = Double(pts.count)
        let cx = pts.reduce(0) { $0 + $1.x } / n, cy = pts.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for p in pts {
            sxx += (p.x - cx) * (p.x - cx); sxy += (p.x - cx) * (p.y - cy); syy += (p.y - cy) * (p.y - cy)
        }
        let half = (sxx - syy) / 2
        let lambda = (sxx + syy) / 2 + (half * half + sxy * sxy).squareRoot()
        let a = MatrixPoint(x: sxy, y: lambda - sxx), b = MatrixPoint(x: lambda - syy, y: sxy)
        let v = a.x * a.x + a.y * a.y >= b.x * b.x + b.y * b.y ? a : b
        let len = (v.x * v.x + v.y * v.y).squareRoot()
        guard len > 1e-9 else { return nil }
        return (MatrixPoint(x: cx, y: cy), MatrixPoint(x: v.x / len, y: v.y / len))
    }
}
