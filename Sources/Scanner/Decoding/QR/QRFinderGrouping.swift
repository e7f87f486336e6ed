/// Three finder patterns that may be one QR symbol, oriented: `topLeft` is the corner finder,
/// `topRight` and `bottomLeft` follow the symbol's reading orientation (module x grows from
/// topLeft to topRight, module y from topLeft to bottomLeft).
struct FinderTriple: Sendable {
    let topLeft: FinderPattern
    let topRight: FinderPattern
    let bottomLeft: FinderPattern
    /// Indices into the candidate list, so a caller can use each finder once.
    let indices: (Int, Int, Int)
    /// Lower is better: 0 for a perfect right isosceles triangle of equal module sizes.
    let score: Double

    var moduleSize: Double { (topLeft.moduleSize + topRight.moduleSize + bottomLeft.moduleSize) / 3 }

    /// Symbol sizes 4v+17 consistent with the finder distances (a range: the module size from run
    /// lengths is only good to about 10%), nearest estimate first.
    func dimensionCandidates() -> [Int] {
        let d = (topLeft.point.distance(to: topRight.point) + topLeft.point.distance(to: bottomLeft.point)) / 2
        let estimate = d / moduleSize + 7
        let lo = max(21, Int((estimate * 0.85 - 17) / 4) * 4 + 17)
        let hi = min(177, Int(((estimate * 1.15 - 17) / 4).rounded(.up)) * 4 + 17)
        guard lo <= hi else { return [] }
        return stride(from: lo, through: hi, by: 4).sorted { abs(Double($0) - estimate) < abs(Double($1) - estimate) }
    }
}

/// Groups finder candidates into plausible QR triples without trying every triple: candidates are
/// put in a coarse grid of cells, and each candidate only pairs with the ones within reach of the
/// largest symbol (177 modules at its module size) and of similar module size. Triples must form
/// a near right isosceles triangle (perspective allows some slack).
enum QRFinderGrouping {
    static let maxTriples = 600
    private static let cell = 64.0

    static func triples(_ finders: [FinderPattern]) -> [FinderTriple] {
        var grid: [Int: [Int]] = [:]
        for (i, f) in finders.enumerated() {
            grid[key(Int(f.x / cell), Int(f.y / cell)), default: []].append(i)
        }
        var out: [FinderTriple] = []
        for (ia, a) in finders.enumerated() {
            let reach = 180 * a.moduleSize
            let r = Int(reach / cell) + 1
            let cx = Int(a.x / cell), cy = Int(a.y / cell)
            var near: [Int] = []
            for gy in (cy - r)...(cy + r) {
                for gx in (cx - r)...(cx + r) {
                    guard let list = grid[key(gx, gy)] else { continue }
                    for j in list where j != ia && similarSize(a, finders[j]) {
                        let d = a.point.distance(to: finders[j].point)
                        if d >= 10 * a.moduleSize && d <= reach { near.append(j) }
                    }
                }
            }
            guard near.count >= 2 else { continue }
            for p in 0..<(near.count - 1) {
                for q in (p + 1)..<near.count {
                    let b = finders[near[p]], c = finders[near[q]]
                    guard similarSize(b, c), let t = orient(a, b, c, ia, near[p], near[q]) else { continue }
                    out.append(t)
                }
            }
            // Bound the memory on pathological inputs; the best are kept below.
            if out.count > 8 * maxTriples {
                out.sort { $0.score < $1.score }
                out.removeLast(out.count - maxTriples)
            }
        }
        out.sort { $0.score < $1.score }
        if out.count > maxTriples { out.removeLast(out.count - maxTriples) }
        return out
    }

    private static func key(_ x: Int, _ y: Int) -> Int { (y & 0xFFFF) << 16 | (x & 0xFFFF) }

    private static func similarSize(_ a: FinderPattern, _ b: FinderPattern) -> Bool {
        let r = a.moduleSize / b.moduleSize
        return r > 0.6 && r < 1.0 / 0.6
    }

    /// `a` as the right-angle corner; nil when the triangle is not near right isosceles.
    private static func orient(_ a: FinderPattern, _ b: FinderPattern, _ c: FinderPattern,
                               _ ia: Int, _ ib: Int, _ ic: Int) -> FinderTriple? {
        let abx = b.x - a.x, aby = b.y - a.y, acx = c.x - a.x, acy = c.y - a.y
        let dab = (abx * abx + aby * aby).squareRoot(), dac = (acx * acx + acy * acy).squareRoot()
        let lengthRatio = dab / dac
        guard lengthRatio > 0.65, lengthRatio < 1 / 0.65 else { return nil }
        let cosine = (abx * acx + aby * acy) / (dab * dac)
        guard abs(cosine) < 0.4 else { return nil }
        let mean = (a.moduleSize + b.moduleSize + c.moduleSize) / 3
        let spread = (max(a.moduleSize, b.moduleSize, c.moduleSize) - min(a.moduleSize, b.moduleSize, c.moduleSize)) / mean
        let score = max(lengthRatio, 1 / lengthRatio) - 1 + abs(cosine) + spread
        // Image y grows downwards: with b to the right of a, c lies clockwise (positive cross).
        let cross = abx * acy - aby * acx
        return cross > 0
            ? FinderTriple(topLeft: a, topRight: b, bottomLeft: c, indices: (ia, ib, ic), score: score)
            : FinderTriple(topLeft: a, topRight: c, bottomLeft: b, indices: (ia, ic, ib), score: score)
    }
}
