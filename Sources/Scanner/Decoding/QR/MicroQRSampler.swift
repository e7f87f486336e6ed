/// From one finder pattern to Micro QR grids (ISO/IEC 18004: 11, 13, 15 or 17 modules, the finder
/// at the top-left corner, timing patterns along row 0 and column 0 from the finder to the edge).
/// The finder's outline gives four possible orientations; for each, the modules along the two
/// edges beyond the finder are read: light separator, alternating timing, then the light quiet
/// zone where the symbol ends. The orientation and size that fit, with no near tie, are sampled;
/// then, for a symbol seen in perspective, each orientation whose timing patterns count one size
/// (or one of them does, the other uncountable) is sampled through the corners its own edges
/// give (`MicroQRKeystone`).
enum MicroQRSampler {
    static let sizes = [11, 13, 15, 17]

    static func sample(_ image: BinaryImage, _ f: FinderPattern) -> [SampledSymbol] {
        guard let c = FinderOutline.corners(image, f) else { return [] }
        let unit = [MatrixPoint(x: 0, y: 0), MatrixPoint(x: 7, y: 0), MatrixPoint(x: 7, y: 7), MatrixPoint(x: 0, y: 7)]
        var fits: [(t: PerspectiveTransform, size: Int, bad: Int)] = [], orientations: [PerspectiveTransform] = []
        for r in 0..<4 {
            // Affine through three outline corners: the projective terms of a 7-module outline
            // are mostly noise, and they would be extrapolated over up to 19 modules.
            let o = c[r], x = c[(r + 1) % 4], y = c[(r + 3) % 4]
            let quad = [o, x, MatrixPoint(x: x.x + y.x - o.x, y: x.y + y.y - o.y), y]
            guard let t = PerspectiveTransform.quadToQuad(from: unit, to: quad) else { continue }
            orientations.append(t)
            for s in sizes { fits.append((t, s, edgeMismatches(image, t, size: s, moduleSize: f.moduleSize))) }
        }
        fits.sort { $0.bad < $1.bad }
        var out: [SampledSymbol] = []
        if let best = fits.first, best.bad <= 3 {
            for fit in fits where fit.bad <= best.bad + 1 && out.count < 2 {
                if let s = sample(image, fit.t, size: fit.size, moduleSize: f.moduleSize) { out.append(s) }
            }
        }
        // Seen in perspective: each orientation whose timing patterns count one size is sampled
        // through the corners its own edges give (`MicroQRKeystone`), after every reading square
        // on, so that a symbol those decode is read as before. One count is enough when the
        // other pattern cannot be counted: under a steep keystone the edge that slopes away
        // leaves the finder's row 0 before the symbol ends. Two counts must agree.
        for transform in orientations {
            let top = MicroQRKeystone.countedSize(image, transform, along: true)
            let left = MicroQRKeystone.countedSize(image, transform, along: false)
            guard let size = top ?? left, (top ?? size) == size, (left ?? size) == size,
                  let s = keystoned(image, transform, size: size, moduleSize: f.moduleSize) else { continue }
            out.append(s)
        }
        return out
    }

    /// Row 0 and column 0 from the separator to two modules past the edge: module 7 light, then
    /// dark on even indices up to size-1, then quiet zone. Also the separator row/column 7.
    private static func edgeMismatches(_ image: BinaryImage, _ t: PerspectiveTransform, size: Int, moduleSize: Double) -> Int {
        var bad = 0
        let spread = moduleSize / 4
        for i in 7...(size + 1) {
            let expected = i < size && i >= 8 && i % 2 == 0
            if image.isDark(at: t.apply(Double(i) + 0.5, 0.5), spread: spread) != expected { bad += 1 }
            if image.isDark(at: t.apply(0.5, Double(i) + 0.5), spread: spread) != expected { bad += 1 }
        }
        for i in 0..<8 {
            if image.isDark(at: t.apply(7.5, Double(i) + 0.5), spread: spread) { bad += 1 }
            if image.isDark(at: t.apply(Double(i) + 0.5, 7.5), spread: spread) { bad += 1 }
        }
        return bad
    }

    /// Samples with the finder's homography, its scale along each edge corrected by where the
    /// timing modules' edges really are (the finder alone is only 7 modules to extrapolate from).
    private static func sample(_ image: BinaryImage, _ t: PerspectiveTransform, size s: Int, moduleSize: Double) -> SampledSymbol? {
        let top = TimingEdgeFit.corner(image, t, along: true, last: s), left = TimingEdgeFit.corner(image, t, along: false, last: s)
        // The far corner completes the parallelogram: the perspective terms of a 7-module
        // homography are too noisy to extrapolate, and a Micro QR symbol is small.
        let origin = t.apply(0, 0)
        let far = top + left - origin
        return sample(image, [origin, top, far, left], size: s, moduleSize: moduleSize)
    }

    /// Samples through the corners the symbol's own edges give (`MicroQRKeystone`).
    private static func keystoned(_ image: BinaryImage, _ t: PerspectiveTransform, size s: Int, moduleSize: Double) -> SampledSymbol? {
        let top = TimingEdgeFit.corner(image, t, along: true, last: s), left = TimingEdgeFit.corner(image, t, along: false, last: s)
        guard let corners = MicroQRKeystone.corners(image, origin: t.apply(0, 0), top: top, left: left, size: s) else { return nil }
        return sample(image, corners, size: s, moduleSize: moduleSize)
    }

    /// The symbol sampled through its corners (module corners (0, 0), (s, 0), (s, s), (0, s)).
    private static func sample(_ image: BinaryImage, _ corners: [MatrixPoint], size s: Int, moduleSize: Double) -> SampledSymbol? {
        let ds = Double(s)
        guard let grid = SamplingGrid(corners: [MatrixPoint(x: 0, y: 0), MatrixPoint(x: ds, y: 0), MatrixPoint(x: ds, y: ds), MatrixPoint(x: 0, y: ds)],
                                      image: corners),
              let m = GridSampler.sample(image, grid: grid, width: s, height: s, moduleSize: moduleSize) else { return nil }
        return SampledSymbol(matrix: m, corners: corners, moduleSize: moduleSize)
    }
}
