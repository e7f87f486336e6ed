/// Finds QR alignment patterns (5x5: dark ring, light ring, dark centre module) in the image near
/// a predicted position. Where the standard puts them is `QRVersion.alignmentCentres`.
enum QRAlignmentLocator {
    /// The centre of the 1:1:1:1:1 pattern (confirmed on the row, the column and a diagonal)
    /// nearest to `predicted` within `radius` pixels; nil when there is none.
    static func locate(_ image: BinaryImage, near predicted: MatrixPoint, moduleSize: Double, radius: Double) -> MatrixPoint? {
        candidates(image, near: predicted, moduleSize: moduleSize, radius: radius, limit: 1).first
    }

    /// Up to `limit` pattern centres within `radius` of `predicted`, nearest first.
    static func candidates(_ image: BinaryImage, near predicted: MatrixPoint, moduleSize: Double, radius: Double,
                           limit: Int) -> [MatrixPoint] {
        let x0 = max(0, Int(predicted.x - radius)), x1 = min(image.width - 1, Int(predicted.x + radius))
        let y0 = max(0, Int(predicted.y - radius)), y1 = min(image.height - 1, Int(predicted.y + radius))
        guard x0 < x1, y0 < y1, moduleSize > 0, limit > 0 else { return [] }
        let maxRun = Int(moduleSize * 2.5) + 1
        let cap = max(1, Int(moduleSize * 0.8))
        var found: [(p: MatrixPoint, d: Double)] = []
        image.pixels.withUnsafeBufferPointer { px in
            let w = image.width
            for y in y0...y1 {
                for x in x0...x1 where px[y * w + x] == 1 && (x == 0 || px[y * w + x - 1] == 0) {
                    guard let (cx, _) = ConcentricRuns.crossCheck(image, px, x: x, y: y, dx: 1, dy: 0, centre: 1,
                                                                  maxRun: maxRun, variance: 0.6, outerCap: cap),
                          let (cy, _) = ConcentricRuns.crossCheck(image, px, x: Int(cx), y: y, dx: 0, dy: 1, centre: 1,
                                                                  maxRun: maxRun, variance: 0.6, outerCap: cap),
                          let (rx, _) = ConcentricRuns.crossCheck(image, px, x: Int(cx), y: Int(cy), dx: 1, dy: 0, centre: 1,
                                                                  maxRun: maxRun, variance: 0.6, outerCap: cap),
                          ConcentricRuns.crossCheck(image, px, x: Int(rx), y: Int(cy), dx: 1, dy: 1, centre: 1,
                                                    maxRun: maxRun * 3 / 2, variance: 0.8, outerCap: cap) != nil
                            || ConcentricRuns.crossCheck(image, px, x: Int(rx), y: Int(cy), dx: 1, dy: -1, centre: 1,
                                                         maxRun: maxRun * 3 / 2, variance: 0.8, outerCap: cap) != nil
                    else { continue }
                    let p = MatrixPoint(x: rx, y: cy)
                    let d = p.distance(to: predicted)
                    // One pattern is hit from several rows: keep it once.
                    guard d <= radius, !found.contains(where: { $0.p.distance(to: p) < moduleSize }) else { continue }
                    found.append((p, d))
                    if found.count >= 4 * limit + 8 { break }
                }
                if found.count >= 4 * limit + 8 { break }
            }
        }
        return found.sorted { $0.d < $1.d }.prefix(limit).map(\.p)
    }

    /// The 5x5 modules around `centre`, stepping along the module axes `ax` and `ay`, show an
    /// alignment pattern (dark ring, light ring, dark centre) with at most 2 modules wrong: data
    /// rarely mimics the whole shape.
    static func shapeFits(_ image: BinaryImage, _ centre: MatrixPoint, _ ax: MatrixPoint, _ ay: MatrixPoint, _ m: Double) -> Bool {
        var bad = 0
        for dy in -2...2 {
            for dx in -2...2 {
                let p = MatrixPoint(x: centre.x + Double(dx) * ax.x + Double(dy) * ay.x,
                                    y: centre.y + Double(dx) * ax.y + Double(dy) * ay.y)
                if image.isDark(at: p, spread: m / 4) != (max(abs(dx), abs(dy)) != 1) { bad += 1 }
            }
        }
        return bad <= 2
    }
}
