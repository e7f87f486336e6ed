/// Fits a candidate's corners to one symbol size: the finder and timing modules (and the region
/// borders inside bigger symbols) are known, so the corners are moved, coarse to fine, to where
/// those modules match best. This settles the fourth corner (cut off the outline where the two
/// timing edges meet) and mild perspective.
enum DataMatrixGridFit {
    struct Fit: Sendable {
        /// Top-left, top-right, bottom-right, bottom-left, in image pixels.
        var corners: [MatrixPoint]
        /// Fraction of the fixed-pattern modules sampled right.
        var score: Double
    }

    /// Fixed pattern of a size at module (x, y): dark, light, or nil for a data module.
    @inline(__always)
    static func expected(_ x: Int, _ y: Int, _ size: DataMatrixSymbolSize) -> Bool? {
        let w = size.regionColumns + 2, h = size.regionRows + 2
        let lx = x % w, ly = y % h
        if lx == 0 || ly == h - 1 { return true }
        if ly == 0 { return lx % 2 == 0 }
        if lx == w - 1 { return ly % 2 == 1 }
        return nil
    }

    /// The border modules to check: the outer ring only (for the search), or every region border too.
    private static func fixedModules(_ size: DataMatrixSymbolSize, inner: Bool) -> [(Int, Int, Bool)] {
        var out: [(Int, Int, Bool)] = []
        let w = size.regionColumns + 2, h = size.regionRows + 2
        for y in 0..<size.rows {
            for x in 0..<size.columns {
                let outer = x == 0 || y == 0 || x == size.columns - 1 || y == size.rows - 1
                let border = x % w == 0 || x % w == w - 1 || y % h == 0 || y % h == h - 1
                guard outer || (inner && border), let e = expected(x, y, size) else { continue }
                out.append((x, y, e))
            }
        }
        return out
    }

    static func transform(_ corners: [MatrixPoint], _ size: DataMatrixSymbolSize) -> PerspectiveTransform? {
        let c = Double(size.columns), r = Double(size.rows)
        return PerspectiveTransform.quadToQuad(
            from: [MatrixPoint(x: 0, y: 0), MatrixPoint(x: c, y: 0), MatrixPoint(x: c, y: r), MatrixPoint(x: 0, y: r)],
            to: corners)
    }

    /// The share of `modules` that read as expected; once even all the rest could not lift it
    /// above `toBeat`, a bound that does not either (the search keeps only a better fit).
    private static func score(_ image: BinaryImage, _ corners: [MatrixPoint], _ size: DataMatrixSymbolSize,
                              _ modules: [(Int, Int, Bool)], toBeat: Double = -.infinity) -> Double {
        guard let t = transform(corners, size), !modules.isEmpty else { return 0 }
        let count = Double(modules.count)
        var good = 0, remaining = modules.count
        for (x, y, e) in modules {
            let p = t.apply(Double(x) + 0.5, Double(y) + 0.5)
            if image.isDark(Int(p.x.rounded(.down)), Int(p.y.rounded(.down))) == e { good += 1 }
            remaining -= 1
            let reachable = Double(good + remaining) / count
            if reachable <= toBeat { return reachable }
        }
        return Double(good) / count
    }

    static func fit(_ image: BinaryImage, corners start: [MatrixPoint], size: DataMatrixSymbolSize) -> Fit {
        let ring = fixedModules(size, inner: false)
        var corners = start
        var best = score(image, corners, size, ring)
        // Module steps along the symbol's own axes.
        let ux = (corners[1].x - corners[0].x) / Double(size.columns), uy = (corners[1].y - corners[0].y) / Double(size.columns)
        let vx = (corners[3].x - corners[0].x) / Double(size.rows), vy = (corners[3].y - corners[0].y) / Double(size.rows)
        let moves: [(Double, Double)] = [(ux, uy), (-ux, -uy), (vx, vy), (-vx, -vy),
                                         (ux + vx, uy + vy), (ux - vx, uy - vy), (-ux + vx, -uy + vy), (-ux - vx, -uy - vy)]
        // The top-right corner (index 1) is the least known: it is searched first and widest.
        for step in [1.0, 0.5, 0.25] {
            for _ in 0..<4 {
                var improved = false
                for corner in [1, 0, 2, 3] {
                    for (mx, my) in moves {
                        var trial = corners
                        trial[corner].x += mx * step
                        trial[corner].y += my * step
                        let s = score(image, trial, size, ring, toBeat: best)
                        if s > best { best = s; corners = trial; improved = true }
                    }
                }
                if !improved { break }
            }
        }
        let all = size.regionsVertical * size.regionsHorizontal > 1 ? score(image, corners, size, fixedModules(size, inner: true)) : best
        return Fit(corners: corners, score: min(best, all))
    }

    /// The module matrix of `size` sampled through the fitted corners.
    static func sample(_ image: BinaryImage, corners: [MatrixPoint], size: DataMatrixSymbolSize) -> BitMatrix? {
        let c = Double(size.columns), r = Double(size.rows)
        guard let grid = SamplingGrid(corners: [MatrixPoint(x: 0, y: 0), MatrixPoint(x: c, y: 0),
                                                MatrixPoint(x: c, y: r), MatrixPoint(x: 0, y: r)], image: corners)
        else { return nil }
        let module = corners[0].distance(to: corners[1]) / c
        return GridSampler.sample(image, grid: grid, width: size.columns, height: size.rows, moduleSize: module)
    }
}
