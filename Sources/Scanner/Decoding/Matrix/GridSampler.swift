/// Reference points for sampling: a lattice of module coordinates (every `xs` by every `ys`, both
/// increasing) with their located image positions. Coordinates are continuous: module (i, j)
/// covers [i, i+1) x [j, j+1), so its centre is (i + 0.5, j + 0.5).
struct SamplingGrid: Sendable {
    let xs: [Double]
    let ys: [Double]
    /// Row-major, ys.count rows of xs.count points.
    var points: [MatrixPoint]

    init?(xs: [Double], ys: [Double], points: [MatrixPoint]) {
        guard xs.count >= 2, ys.count >= 2, points.count == xs.count * ys.count else { return nil }
        self.xs = xs
        self.ys = ys
        self.points = points
    }

    /// One cell: a single homography through four corners given in module coordinates.
    init?(corners modules: [MatrixPoint], image: [MatrixPoint]) {
        guard modules.count == 4, image.count == 4,
              let t = PerspectiveTransform.quadToQuad(from: modules, to: image) else { return nil }
        let x0 = min(modules[0].x, modules[2].x), x1 = max(modules[0].x, modules[2].x)
        let y0 = min(modules[0].y, modules[2].y), y1 = max(modules[0].y, modules[2].y)
        guard x1 > x0, y1 > y0 else { return nil }
        self.init(xs: [x0, x1], ys: [y0, y1],
                  points: [t.apply(x0, y0), t.apply(x1, y0), t.apply(x0, y1), t.apply(x1, y1)])
    }

    func point(_ col: Int, _ row: Int) -> MatrixPoint { points[row * xs.count + col] }
}

/// Samples module centres into a BitMatrix. Each cell of the reference lattice gets its own
/// homography, so a bent or unevenly stretched symbol is followed piece by piece; modules outside
/// the lattice use the nearest cell's homography (extrapolation over a few modules).
enum GridSampler {
    /// Each module is read as the mean grey around its centre (see BinaryImage.isDark(at:)).
    /// nil when the grid is degenerate or a module centre falls well outside the image (a false
    /// candidate, or a symbol cut by the image border).
    static func sample(_ image: BinaryImage, grid: SamplingGrid, width: Int, height: Int, moduleSize: Double) -> BitMatrix? {
        guard var m = BitMatrix(width: width, height: height) else { return nil }
        let nx = grid.xs.count, ny = grid.ys.count
        var transforms: [PerspectiveTransform] = []
        transforms.reserveCapacity((nx - 1) * (ny - 1))
        for r in 0..<(ny - 1) {
            for c in 0..<(nx - 1) {
                let from = [MatrixPoint(x: grid.xs[c], y: grid.ys[r]), MatrixPoint(x: grid.xs[c + 1], y: grid.ys[r]),
                            MatrixPoint(x: grid.xs[c + 1], y: grid.ys[r + 1]), MatrixPoint(x: grid.xs[c], y: grid.ys[r + 1])]
                let to = [grid.point(c, r), grid.point(c + 1, r), grid.point(c + 1, r + 1), grid.point(c, r + 1)]
                guard let t = PerspectiveTransform.quadToQuad(from: from, to: to) else { return nil }
                transforms.append(t)
            }
        }
        let colOf = cellIndices(grid.xs, count: width)
        let rowOf = cellIndices(grid.ys, count: height)
        let margin = 1.5
        let spread = moduleSize / 4
        let maxX = Double(image.width) + margin, maxY = Double(image.height) + margin
        for y in 0..<height {
            let r = rowOf[y]
            for x in 0..<width {
                let p = transforms[r * (nx - 1) + colOf[x]].apply(Double(x) + 0.5, Double(y) + 0.5)
                guard p.x > -margin, p.y > -margin, p.x < maxX, p.y < maxY else { return nil }
                m[x, y] = image.isDark(at: p, spread: spread)
            }
        }
        return m
    }

    /// For each module index, the lattice cell whose span holds the module centre (clamped).
    private static func cellIndices(_ coords: [Double], count: Int) -> [Int] {
        (0..<count).map { i in
            let c = Double(i) + 0.5
            var k = 0
            while k < coords.count - 2 && c >= coords[k + 1] { k += 1 }
            return k
        }
    }
}
