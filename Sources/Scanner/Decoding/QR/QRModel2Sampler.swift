/// A grid sampled from the image with where its corners lie.
struct SampledSymbol: Sendable {
    let matrix: BitMatrix
    let corners: [MatrixPoint]
    let moduleSize: Double
}

/// From three oriented finder patterns to QR Model 2 module grids: the size is chosen by how well
/// the timing patterns fit (and by the version information from version 7 on), then the grid is
/// sampled piecewise between the located alignment patterns.
enum QRModel2Sampler {
    /// Timing rows with more mismatches than this are not a QR symbol of that size.
    static let maxTimingMismatch = 0.2
    /// Sizes whose timing fit is this close to the best one are near ties: all are returned.
    static let tieMargin = 0.06

    /// `allowEstimate`: when neither timing line reads, still try the sizes nearest the
    /// finder-distance estimate (the caller rations this, as it costs searches on noise).
    static func sample(_ image: BinaryImage, _ t: FinderTriple, allowEstimate: Bool) -> [SampledSymbol] {
        var dimensions = sizeHypotheses(image, t)
        if allowEstimate {
            for d in t.dimensionCandidates().prefix(3) where !dimensions.contains(d) { dimensions.append(d) }
        }
        guard !dimensions.isEmpty else { return [] }
        let hits = alignmentHits(image, t, dimensions: dimensions)
        var scored: [(fit: SizeFit, mismatch: Double)] = []
        for d in dimensions {
            if let s = fitSize(image, t, dimension: d, hits: hits) { scored.append(s) }
        }
        scored.sort { $0.mismatch < $1.mismatch }
        guard let best = scored.first, best.mismatch <= maxTimingMismatch else { return [] }
        var out: [SampledSymbol] = []
        for s in scored.prefix(3) where s.mismatch <= min(maxTimingMismatch, best.mismatch + tieMargin) {
            guard let symbol = sample(image, t, s.fit) else { continue }
            // From version 7 on the version information names the size: trust it when it decodes.
            let d = s.fit.dimension
            if d >= 45, let v = readVersion(symbol.matrix), 4 * v + 17 != d {
                let vd = 4 * v + 17
                if let fit = fitSize(image, t, dimension: vd, hits: alignmentHits(image, t, dimensions: [vd])), let fixed = sample(image, t, fit.fit),
                   readVersion(fixed.matrix) == v {
                    out.append(fixed)
                }
                continue
            }
            out.append(symbol)
        }
        return out
    }

    /// One size hypothesis: the homography through the finder centres and, from version 2 on, the
    /// bottom-right alignment pattern when it is found (this corrects perspective).
    struct SizeFit {
        let dimension: Int
        let transform: PerspectiveTransform
        let bottomRight: MatrixPoint?
    }

    /// Sizes to try, best first: from the timing patterns' run counts when they read as timing
    /// patterns (the nearest valid sizes that the finder-distance estimate allows). Empty when
    /// neither timing line reads.
    static func sizeHypotheses(_ image: BinaryImage, _ t: FinderTriple) -> [Int] {
        let estimates = t.dimensionCandidates()
        let counted = [QRTimingLine.dimension(image, from: t.topLeft, to: t.topRight, towards: t.bottomLeft, cornerIsA: true),
                       QRTimingLine.dimension(image, from: t.bottomLeft, to: t.topLeft, towards: t.topRight, cornerIsA: false)]
            .compactMap { $0 }
        var out: [Int] = []
        for c in counted {
            // Nearest valid sizes (4v + 17) to the count; a merged or split run is off by one or two.
            let below = 17 + ((c - 17) / 4) * 4
            for d in [c - below <= 2 ? below : below + 4, c - below <= 2 ? below + 4 : below]
            where (21...177).contains(d) && !out.contains(d) && estimates.contains(d) {
                out.append(d)
            }
        }
        return out
    }

    /// Alignment-pattern-like spots around where the bottom-right alignment pattern would be for
    /// any of the candidate sizes: one search serves all sizes.
    private static func alignmentHits(_ image: BinaryImage, _ t: FinderTriple, dimensions: [Int]) -> [MatrixPoint] {
        let predictions = dimensions.filter { $0 >= 25 }.compactMap { d -> MatrixPoint? in
            finderTransform(t, dimension: d)?.apply(Double(d) - 6.5, Double(d) - 6.5)
        }
        guard let first = predictions.first, let largest = dimensions.max() else { return [] }
        var lo = first, hi = first
        for p in predictions {
            lo = MatrixPoint(x: min(lo.x, p.x), y: min(lo.y, p.y))
            hi = MatrixPoint(x: max(hi.x, p.x), y: max(hi.y, p.y))
        }
        let centre = MatrixPoint(x: (lo.x + hi.x) / 2, y: (lo.y + hi.y) / 2)
        let radius = lo.distance(to: hi) / 2 + searchRadius(largest, t.moduleSize)
        return QRAlignmentLocator.candidates(image, near: centre, moduleSize: t.moduleSize, radius: radius, limit: 24)
    }

    /// Perspective moves the bottom-right alignment pattern off the parallelogram prediction,
    /// more so on big symbols.
    private static func searchRadius(_ d: Int, _ m: Double) -> Double { min(12, max(5, 0.15 * Double(d))) * m }

    /// Data can mimic an alignment pattern: every hit near the prediction is tried, and the one
    /// whose homography fits the timing patterns best wins.
    private static func fitSize(_ image: BinaryImage, _ t: FinderTriple, dimension d: Int, hits: [MatrixPoint]) -> (fit: SizeFit, mismatch: Double)? {
        guard let affine = finderTransform(t, dimension: d) else { return nil }
        let affineFit = (fit: SizeFit(dimension: d, transform: affine, bottomRight: nil),
                         mismatch: timingMismatch(image, affine, dimension: d, moduleSize: t.moduleSize))
        guard d >= 25 else { return affineFit }
        let dd = Double(d), m = t.moduleSize, inner = dd - 6.5
        let predicted = affine.apply(inner, inner), radius = searchRadius(d, m)
        let near = hits.filter { $0.distance(to: predicted) <= radius }
            .sorted { $0.distance(to: predicted) < $1.distance(to: predicted) }
        var best: (fit: SizeFit, mismatch: Double)?, tried = 0
        for br in near where tried < 6 {
            guard let h = PerspectiveTransform.quadToQuad(
                from: [MatrixPoint(x: 3.5, y: 3.5), MatrixPoint(x: dd - 3.5, y: 3.5), MatrixPoint(x: inner, y: inner), MatrixPoint(x: 3.5, y: dd - 3.5)],
                to: [t.topLeft.point, t.topRight.point, br, t.bottomLeft.point]) else { continue }
            // The hit's whole 5x5 shape (data rarely mimics that), along the module axes the
            // homography through it gives there: under a keystone the far corner's modules are
            // smaller and skewed, which the finders' parallelogram does not know.
            let ex = h.apply(inner + 1, inner), ey = h.apply(inner, inner + 1)
            let axisX = ex - br, axisY = ey - br
            guard QRAlignmentLocator.shapeFits(image, br, axisX, axisY, m) else { continue }
            tried += 1
            let mismatch = timingMismatch(image, h, dimension: d, moduleSize: m)
            if mismatch < best?.mismatch ?? 2 { best = (SizeFit(dimension: d, transform: h, bottomRight: br), mismatch) }
        }
        // The timing rows hug the finders, where the affine fit is good anyway; the alignment
        // pattern corrects the far corner, so it wins unless it clearly fits the timing worse.
        if let b = best, b.mismatch <= affineFit.mismatch + 0.05 { return b }
        return affineFit
    }

    /// The version (7...40) from either version information block, nil when unreadable.
    static func readVersion(_ m: BitMatrix) -> Int? {
        let d = m.width
        guard d >= 45 else { return nil }
        var topRight = 0, bottomLeft = 0
        for i in 0..<18 {
            if m[d - 11 + i % 3, i / 3] { topRight |= 1 << i }
            if m[i / 3, d - 11 + i % 3] { bottomLeft |= 1 << i }
        }
        return BCH.nearest([topRight, bottomLeft], among: BCH.qrVersion, maxDistance: 3)
    }

    /// Affine map from module coordinates through the three finder centres.
    private static func finderTransform(_ t: FinderTriple, dimension d: Int) -> PerspectiveTransform? {
        let far = Double(d) - 3.5
        let br = MatrixPoint(x: t.topRight.x + t.bottomLeft.x - t.topLeft.x, y: t.topRight.y + t.bottomLeft.y - t.topLeft.y)
        return PerspectiveTransform.quadToQuad(
            from: [MatrixPoint(x: 3.5, y: 3.5), MatrixPoint(x: far, y: 3.5), MatrixPoint(x: far, y: far), MatrixPoint(x: 3.5, y: far)],
            to: [t.topLeft.point, t.topRight.point, br, t.bottomLeft.point])
    }

    /// Fraction of timing-pattern modules (row 6 and column 6 between the finders) that do not
    /// alternate as they should (dark on even indices).
    private static func timingMismatch(_ image: BinaryImage, _ t: PerspectiveTransform, dimension d: Int, moduleSize: Double) -> Double {
        var bad = 0, total = 0
        let spread = moduleSize / 4
        for i in 8...(d - 9) {
            let expected = i % 2 == 0
            let a = t.apply(Double(i) + 0.5, 6.5), b = t.apply(6.5, Double(i) + 0.5)
            if image.isDark(at: a, spread: spread) != expected { bad += 1 }
            if image.isDark(at: b, spread: spread) != expected { bad += 1 }
            total += 2
        }
        return Double(bad) / Double(total)
    }

    private static func sample(_ image: BinaryImage, _ t: FinderTriple, _ fit: SizeFit) -> SampledSymbol? {
        let d = fit.dimension, dd = Double(d), m = t.moduleSize, h0 = fit.transform, bottomRight = fit.bottomRight
        let whole = SamplingGrid(corners: [MatrixPoint(x: 0, y: 0), MatrixPoint(x: dd, y: 0), MatrixPoint(x: dd, y: dd), MatrixPoint(x: 0, y: dd)],
                                 image: [h0.apply(0, 0), h0.apply(dd, 0), h0.apply(dd, dd), h0.apply(0, dd)])
        var matrix = whole.flatMap { GridSampler.sample(image, grid: $0, width: d, height: d, moduleSize: m) }
        let centres = (QRVersion.qr((d - 17) / 4)?.alignmentCentres ?? []).map { Double($0) + 0.5 }
        // A false alignment hit bends a lattice cell: keep the piecewise sampling only when it
        // shows the function patterns at least as well as the single homography.
        if centres.count > 2, let lattice = alignmentLattice(image, h0, centres: centres, bottomRight: bottomRight, moduleSize: m),
           let piecewise = GridSampler.sample(image, grid: lattice, width: d, height: d, moduleSize: m),
           QRPatternFit.mismatches(piecewise) <= matrix.map(QRPatternFit.mismatches) ?? Int.max {
            matrix = piecewise
        }
        guard let matrix else { return nil }
        return SampledSymbol(matrix: matrix, corners: [h0.apply(0, 0), h0.apply(dd, 0), h0.apply(dd, dd), h0.apply(0, dd)],
                             moduleSize: m)
    }

    /// Reference lattice through every alignment pattern centre. Each pattern is searched near a
    /// prediction corrected by how far its located neighbours (above, left) strayed from the
    /// overall homography, so a bent symbol is followed step by step. The three lattice corners
    /// under finders have no pattern and come from the homography, which is anchored there.
    private static func alignmentLattice(_ image: BinaryImage, _ h0: PerspectiveTransform, centres: [Double],
                                         bottomRight: MatrixPoint?, moduleSize m: Double) -> SamplingGrid? {
        let n = centres.count
        var points = [MatrixPoint](repeating: MatrixPoint(x: 0, y: 0), count: n * n)
        var offsets = [MatrixPoint?](repeating: nil, count: n * n)
        for r in 0..<n {
            for c in 0..<n {
                let i = r * n + c
                let predicted = h0.apply(centres[c], centres[r])
                let underFinder = (r == 0 && (c == 0 || c == n - 1)) || (r == n - 1 && c == 0)
                if underFinder { points[i] = predicted; continue }
                if r == n - 1 && c == n - 1, let br = bottomRight { points[i] = br; continue }
                var dx = 0.0, dy = 0.0, k = 0.0
                for j in [i - n, i - 1, i - n - 1] where j >= 0 && (j != i - 1 || c > 0) && (j != i - n - 1 || c > 0) {
                    if let o = offsets[j] { dx += o.x; dy += o.y; k += 1 }
                }
                let guess = k > 0 ? MatrixPoint(x: predicted.x + dx / k, y: predicted.y + dy / k) : predicted
                if let found = QRAlignmentLocator.locate(image, near: guess, moduleSize: m, radius: 3 * m) {
                    points[i] = found
                    offsets[i] = found - predicted
                } else {
                    points[i] = guess
                }
            }
        }
        return SamplingGrid(xs: centres, ys: centres, points: points)
    }
}
