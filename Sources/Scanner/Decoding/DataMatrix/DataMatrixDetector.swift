/// Finds Data Matrix candidates in a binary image: large dark regions whose hull is close to a
/// quadrilateral with two adjacent solid edges (the L finder) and two dashed ones (timing); the
/// module counts come from the dark runs on the dashed edges. Works at any rotation; the fourth
/// corner and perspective are settled later by `DataMatrixGridFit`.
enum DataMatrixDetector {
    /// Regions smaller than this (pixels across) are not examined: 8 modules at 1.25 px.
    static let minSide = 10
    /// At most this many regions per image polarity are examined (largest first).
    static let maxRegions = 300
    /// Pixel insets at which edges are probed before the module size is known.
    private static let insets = [1.0, 2.0, 3.5]

    static func detect(_ image: BinaryImage, allowMirrored: Bool = true) -> [DataMatrixCandidate] {
        let regions = DarkComponents.find(image, minSide: minSide, minPixels: 40, limit: maxRegions)
        var out: [DataMatrixCandidate] = []
        for r in regions {
            guard let corners = DataMatrixOutline.largestQuad(r.hull) else { continue }
            let quad = corners.map { r.hull[$0] }
            let quadArea = abs(DataMatrixOutline.area(quad))
            let hullArea = abs(DataMatrixOutline.area(r.hull))
            // Outline must be a quadrilateral, partly dark.
            guard quadArea >= 64, quadArea >= 0.8 * hullArea else { continue }
            let fill = Double(r.pixelCount) / quadArea
            guard fill > 0.1, fill < 0.9 else { continue }
            out += candidates(image, hull: r.hull, corners: corners, allowMirrored: allowMirrored)
        }
        return out
    }

    /// The L corner of `quad` and the size estimate, or nothing when no corner has two solid
    /// edges whose completed parallelogram has two dashed (neither solid nor empty) opposite edges.
    /// Only the L corner and the two ends of its arms are taken from the outline: the region may
    /// miss much of the timing edges (isolated timing modules), even the fourth corner.
    static func candidates(_ image: BinaryImage, hull: [MatrixPoint], corners: [Int], allowMirrored: Bool) -> [DataMatrixCandidate] {
        let quad = corners.map { hull[$0] }
        let centre = MatrixPoint(x: quad.map(\.x).reduce(0, +) / 4, y: quad.map(\.y).reduce(0, +) / 4)
        // Dark fraction of each edge i (quad[i] → quad[i+1]) just inside the outline, at the
        // inset that shows it most solid: the hull's corners can sit a pixel or two outside a
        // blurred finder edge, and its chord outside a bent one (by 2 % of its length).
        let fractions = (0..<4).map { i in
            let a = quad[i], b = quad[(i + 1) % 4]
            return (insets + [0.02 * a.distance(to: b)]).map {
                DataMatrixOutline.scan(image, a, b, inset: $0, inner: centre).fraction
            }.max() ?? 0
        }
        // Every corner that passes is tried (a region holding little more than the L has a
        // triangular outline, whose short fourth edge can make a second corner look like an L).
        var result: [DataMatrixCandidate] = []
        for i in 0..<4 {
            // Corner i joins edges i-1 and i.
            let score = min(fractions[(i + 3) % 4], fractions[i])
            let bl = quad[i], next = quad[(i + 1) % 4], prev = quad[(i + 3) % 4]
            let armA = bl.distance(to: next), armB = bl.distance(to: prev)
            // Arms at least 8 modules of the other arm's 144 (8x144 is the most elongated size).
            guard score >= 0.8, min(armA, armB) >= max(Double(minSide) * 0.8, max(armA, armB) / 20) else { continue }
            // The outline's fourth corner is cut where the timing edges meet, or missing when the
            // region lacks the timing modules there: the completed parallelogram (exact without
            // perspective), the outline's vertex and (below) the meeting of the timing edges are
            // all tried, if their edges look dashed.
            let inner = MatrixPoint(x: (next.x + prev.x) / 2, y: (next.y + prev.y) / 2)
            var estimates = [MatrixPoint(x: next.x + prev.x - bl.x, y: next.y + prev.y - bl.y), quad[(i + 2) % 4]]
            // The timing edges' own directions, from the straight hull runs leaving the arm ends
            // (hull order runs bl → next → far → prev), meet at the far corner under perspective too.
            if let dn = DataMatrixOutline.straightRun(hull, from: corners[(i + 1) % 4], step: 1, tolerance: 1.5),
               let dp = DataMatrixOutline.straightRun(hull, from: corners[(i + 3) % 4], step: -1, tolerance: 1.5),
               let x = MatrixPoint.meeting(of: next, along: dn - next, with: prev, along: dp - prev, minimumSine: 0.05),
               x.distance(to: estimates[0]) < 0.3 * next.distance(to: prev) {
                estimates.insert(x, at: 0)
            }
            let fars = estimates.enumerated().filter { k, f in
                !estimates[..<k].contains { $0.distance(to: f) < 2 }
            }.map(\.element).filter { f in
                // A far-corner estimate off by a module or so lets the edge leave the timing row at
                // some insets: any inset that shows both edges dashed will do.
                insets.contains { d in
                    let a = DataMatrixOutline.scan(image, next, f, inset: d, inner: inner).fraction
                    let b = DataMatrixOutline.scan(image, prev, f, inset: d, inner: inner).fraction
                    return min(a, b) > 0.15 && max(a, b) < 0.85
                }
            }
            guard !fars.isEmpty else { continue }
            // Standard orientation (y down): cross(BR - BL, TL - BL) < 0.
            let normalOrder = DataMatrixOutline.cross(bl, next, prev) < 0
            let (br, tl) = normalOrder ? (next, prev) : (prev, next)
            // A mirrored symbol's timing edges are the same two edges with
            // rows and columns swapped: each is counted once.
            let counted = fars.map { far in
                let centre = MatrixPoint(x: (tl.x + far.x + br.x + bl.x) / 4, y: (tl.y + far.y + br.y + bl.y) / 4)
                return (far: far, top: moduleCounts(image, tl, far, inner: centre), right: moduleCounts(image, br, far, inner: centre))
            }
            for edges in counted {
                if let c = candidate(tl: tl, tr: edges.far, br: br, bl: bl, columns: edges.top, rows: edges.right, mirrored: false) { result.append(c) }
            }
            if allowMirrored {
                for edges in counted {
                    if let c = candidate(tl: br, tr: edges.far, br: tl, bl: bl, columns: edges.right, rows: edges.top, mirrored: true) { result.append(c) }
                }
            }
        }
        return result
    }

    /// Module counts from the dark runs along a timing edge from `a` to `b`, `inner` the
    /// symbol's centre: a first count near the edge gives the module size, then counts at a
    /// quarter, half and three quarters of a module inside (the edge estimate may drift by a
    /// module towards the far corner, into the quiet zone or the data; runs under half a module
    /// are ignored as noise). Sorted; empty when the edge shows too few runs.
    private static func moduleCounts(_ image: BinaryImage, _ a: MatrixPoint, _ b: MatrixPoint, inner centre: MatrixPoint) -> [Int] {
        let len = a.distance(to: b)
        var found: [Int] = []
        // Runs under 1.5 px may be the pixel staircase of a slanted edge, or modules of a
        // symbol at 2 px per module: both readings give a module size estimate.
        for minRun in [1, 3] {
            let first = insets.map {
                DataMatrixOutline.scan(image, a, b, inset: $0, inner: centre, minRun: minRun, from: 0, to: 1).darkRuns
            }.max() ?? 0
            guard first >= 2 else { continue }
            let module = len / Double(2 * first)
            found.append(first)
            for f in [0.25, 0.5, 0.75] {
                found.append(DataMatrixOutline.scan(image, a, b, inset: module * f, inner: centre,
                                                    minRun: max(1, Int(module)), from: 0, to: 1).darkRuns)
            }
        }
        return found.filter { $0 >= 4 }.map { 2 * $0 }.sorted()
    }

    /// The candidate whose top (timing) edge counted `columns` and right edge `rows`
    /// (`moduleCounts`): the sizes near any of these counts are kept, nearest to the median
    /// first; the grid fit picks among them.
    private static func candidate(tl: MatrixPoint, tr: MatrixPoint, br: MatrixPoint, bl: MatrixPoint,
                                  columns: [Int], rows: [Int], mirrored: Bool) -> DataMatrixCandidate? {
        guard !columns.isEmpty, !rows.isEmpty else { return nil }
        func near(_ n: Int, _ measured: [Int]) -> Bool { measured.contains { abs($0 - n) <= max(2, $0 / 8) } }
        let mc = columns[columns.count / 2], mr = rows[rows.count / 2]
        let sizes = DataMatrixSymbolSize.all.filter { near($0.columns, columns) && near($0.rows, rows) }.sorted {
            abs($0.columns - mc) + abs($0.rows - mr) < abs($1.columns - mc) + abs($1.rows - mr)
        }
        guard !sizes.isEmpty else { return nil }
        return DataMatrixCandidate(corners: [tl, tr, br, bl], sizes: Array(sizes.prefix(8)),
                                   measuredColumns: mc, measuredRows: mr, isMirrored: mirrored)
    }
}
