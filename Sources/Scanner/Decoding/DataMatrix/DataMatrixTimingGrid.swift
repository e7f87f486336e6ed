/// A symbol on a curved surface (a vial, a cable, a bent label) is not one homography: its
/// modules drift off any one fitted grid. Its fixed patterns say where they really are. Every
/// region border is a line of known modules: along a timing row or column the colour turns once
/// per module, and across a border (finder to quiet zone, timing to the next region's finder)
/// wherever the two sides' colours differ. The transitions seen there, through the fitted
/// homography, move the nodes on each border line; nodes inside a region follow their four
/// borders (a Coons patch), and the symbol is sampled cell by cell (`GridSampler`).
enum DataMatrixTimingGrid {
    /// Samples per module when looking for a transition.
    private static let steps = 8

    /// The module matrix of `size` sampled on the grid its borders show; nil when the fitted
    /// corners give no homography.
    static func sample(_ image: BinaryImage, corners: [MatrixPoint], size: DataMatrixSymbolSize) -> BitMatrix? {
        guard let t = DataMatrixGridFit.transform(corners, size) else { return nil }
        let columns = size.columns, rows = size.rows
        // The fixed colour of module (x, y), light outside the symbol; nil for data.
        func colour(_ x: Int, _ y: Int) -> Bool? {
            x < 0 || y < 0 || x >= columns || y >= rows ? false : DataMatrixGridFit.expected(x, y, size)
        }
        func dark(_ x: Double, _ y: Double) -> Bool { image.isDark(at: t.apply(x, y)) }
        let across = Array(stride(from: 0, through: rows, by: size.regionRows + 2))
        let down = Array(stride(from: 0, through: columns, by: size.regionColumns + 2))

        // Horizontal border j: each node's (dx, dy). dy from the transitions across the line,
        // dx from those along the timing row just below it (none below the symbol's last row).
        var horizontal: [[Offset]] = across.map { j in
            let dy = nodes(count: columns) { m in
                transition(colour(m, j - 1), colour(m, j)) { dark(Double(m) + 0.5, Double(j) + $0) }
            }
            let dx: [Double?] = j < rows ? (0...columns).map { k in
                k == 0 || k == columns ? nil : transition(colour(k - 1, j), colour(k, j)) { dark(Double(k) + $0, Double(j) + 0.5) }
            } : Array(repeating: nil, count: columns + 1)
            return zip(filled(dx), dy).map { Offset(dx: $0, dy: $1) }
        }
        // Vertical border k: dx across it, dy along the timing column just left of it.
        var vertical: [[Offset]] = down.map { k in
            let dx = nodes(count: rows) { m in
                transition(colour(k - 1, m), colour(k, m)) { dark(Double(k) + $0, Double(m) + 0.5) }
            }
            let dy: [Double?] = k > 0 ? (0...rows).map { j in
                j == 0 || j == rows ? nil : transition(colour(k - 1, j - 1), colour(k - 1, j)) { dark(Double(k) - 0.5, Double(j) + $0) }
            } : Array(repeating: nil, count: rows + 1)
            return zip(dx, filled(dy)).map { Offset(dx: $0, dy: $1) }
        }
        // Where the borders cross, each line's own measurement stands: dy from the horizontal
        // line, dx from the vertical one.
        for (a, j) in across.enumerated() {
            for (b, k) in down.enumerated() {
                let node = Offset(dx: vertical[b][j].dx, dy: horizontal[a][k].dy)
                horizontal[a][k] = node
                vertical[b][j] = node
            }
        }
        var points: [MatrixPoint] = []
        points.reserveCapacity((rows + 1) * (columns + 1))
        for j in 0...rows {
            let a = min(j / (size.regionRows + 2), across.count - 2)
            for k in 0...columns {
                let b = min(k / (size.regionColumns + 2), down.count - 2)
                let o = coons(k: k, j: j, k0: down[b], k1: down[b + 1], j0: across[a], j1: across[a + 1],
                              top: horizontal[a], bottom: horizontal[a + 1], left: vertical[b], right: vertical[b + 1])
                points.append(t.apply(Double(k) + o.dx, Double(j) + o.dy))
            }
        }
        guard let grid = SamplingGrid(xs: (0...columns).map(Double.init), ys: (0...rows).map(Double.init), points: points)
        else { return nil }
        let module = corners[0].distance(to: corners[1]) / Double(columns)
        return GridSampler.sample(image, grid: grid, width: columns, height: rows, moduleSize: module)
    }

    /// A node's offset from where the homography puts it, in modules.
    private struct Offset {
        var dx: Double
        var dy: Double
    }

    /// Where the colour turns from `before` to `after` along a probe line, as the offset (in
    /// modules, within half a module either side of 0) nearest to 0; nil when either colour is
    /// data, they are the same, or no such turn is seen. `dark(s)` samples the line at `s`.
    private static func transition(_ before: Bool?, _ after: Bool?, dark: (Double) -> Bool) -> Double? {
        guard let before, let after, before != after else { return nil }
        var best: Double?
        var previous = dark(-0.5)
        for i in 1...steps {
            let s = -0.5 + Double(i) / Double(steps)
            let current = dark(s)
            if previous == before, current == after {
                let at = s - 0.5 / Double(steps)
                if best.map({ abs(at) < abs($0) }) ?? true { best = at }
            }
            previous = current
        }
        return best
    }

    /// Offsets measured at module centres 0..<count turned into offsets at the count + 1 nodes
    /// between them (the mean of the modules either side), gaps filled.
    private static func nodes(count: Int, measure: (Int) -> Double?) -> [Double] {
        let centres = (0..<count).map(measure)
        return filled((0...count).map { k in
            let sides = [k > 0 ? centres[k - 1] : nil, k < count ? centres[k] : nil].compactMap { $0 }
            return sides.isEmpty ? nil : sides.reduce(0, +) / Double(sides.count)
        })
    }

    /// Gaps filled linearly between the nearest known values (ends copy the nearest; 0 when
    /// nothing is known).
    private static func filled(_ values: [Double?]) -> [Double] {
        let known = values.indices.compactMap { i in values[i].map { (i, $0) } }
        guard let last = known.last else { return Array(repeating: 0, count: values.count) }
        var out: [Double] = []
        out.reserveCapacity(values.count)
        var n = 0
        for i in values.indices {
            while n < known.count, known[n].0 < i { n += 1 }
            if n == known.count {
                out.append(last.1)
            } else if n == 0 || known[n].0 == i {
                out.append(known[n].1)
            } else {
                let (a, va) = known[n - 1], (b, vb) = known[n]
                out.append(va + (vb - va) * Double(i - a) / Double(b - a))
            }
        }
        return out
    }

    /// The offset of node (k, j) inside the region bounded by lines k0, k1 (vertical) and j0, j1
    /// (horizontal): the Coons patch of its four borders.
    private static func coons(k: Int, j: Int, k0: Int, k1: Int, j0: Int, j1: Int,
                              top: [Offset], bottom: [Offset], left: [Offset], right: [Offset]) -> Offset {
        let u = Double(k - k0) / Double(k1 - k0), v = Double(j - j0) / Double(j1 - j0)
        func blend(_ part: (Offset) -> Double) -> Double {
            (1 - v) * part(top[k]) + v * part(bottom[k]) + (1 - u) * part(left[j]) + u * part(right[j])
                - (1 - u) * (1 - v) * part(top[k0]) - u * (1 - v) * part(top[k1])
                - (1 - u) * v * part(bottom[k0]) - u * v * part(bottom[k1])
        }
        return Offset(dx: blend(\.dx), dy: blend(\.dy))
    }
}
