/// One line across a symbol, from the start pattern's outer edge to the stop pattern's: its
/// sub-pixel edges, the guards read on it (which give the module size at both ends), and its
/// codewords, each read from the bar edge nearest where it should begin, its 8 widths classified
/// against its own length (17 modules).
struct PDF417RowReader {
    /// Positions along the line (pixels from its start point) where the grey crosses the local
    /// threshold; `firstDark` says whether the run before the first edge is dark.
    private var edges: [Double] = []
    private var firstDark = false
    /// End of the start pattern and beginning of the stop pattern (or of the compact stop bar).
    private(set) var codewordsBegin = 0.0
    private(set) var codewordsEnd = 0.0
    private(set) var startModule = 0.0
    private(set) var stopModule = 0.0
    /// How much wider than its modules a bar reads on this line (pixels; negative: narrower).
    private var barGain = 0.0
    /// No stop was found (compact reading only): codewords are placed at the start's module size.
    private(set) var isOpen = false

    /// Reads the line from `from` to `to` (the outer edges); nil when a guard is not on it.
    init?(_ image: BinaryImage, from: MatrixPoint, to: MatrixPoint, module: Double, compact: Bool) {
        let length = from.distance(to: to)
        guard length > 20 * module, module > 0.3 else { return nil }
        let u = (to - from) * (1 / length)
        let step = min(0.5, module / 3)
        let margin = 3 * module
        var s = -margin
        var previous = image.darkness(at: from + u * s)
        firstDark = previous > 0
        // Bounded by the line's length in steps.
        while s < length + margin {
            let next = s + step
            let d = image.darkness(at: from + u * next)
            if (d > 0) != (previous > 0) {
                edges.append(s + step * previous / (previous - d))
            }
            previous = d
            s = next
        }
        // The start pattern: 8 runs from the bar edge nearest the line's start.
        guard let j = nearestEdge(0, intoDark: true, within: 3 * module), j + 8 < edges.count,
              let mS = PDF417Guard.start.match(runs(j, 8)) else { return nil }
        startModule = mS
        codewordsBegin = edges[j + 8]
        // Blur and a threshold off middle grey widen every bar (or narrow it) by the same amount;
        // the start pattern's 11 modules of bar in 17 say by how much.
        let bars = runs(j, 8).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).reduce(0, +)
        barGain = (bars - 11 * mS) / 4
        if compact {
            // The stop is one bar of one module, then the quiet zone: a light run longer than any
            // inside the symbol (6 modules) within the image. `to` is only as far as it may be.
            func inside(_ s: Double) -> Bool {
                let p = from + u * s
                return p.x >= 0 && p.y >= 0 && p.x < Double(image.width) && p.y < Double(image.height)
            }
            var e = j + 9 + 16
            while e < edges.count {
                let entersLight = (e % 2 == 0) == firstDark
                if entersLight, abs(edges[e] - edges[e - 1] - mS) < 0.8 * mS, inside(edges[e] + 6.5 * mS),
                   e + 1 == edges.count || edges[e + 1] - edges[e] > 6.5 * mS { break }
                e += 1
            }
            stopModule = mS
            // No stop bar: the symbol runs off the image (its far columns are erasures).
            isOpen = e >= edges.count
            codewordsEnd = isOpen ? length : edges[e - 1]
        } else {
            guard let e = nearestEdge(length, intoDark: false, within: 3 * module) else { return nil }
            guard e >= 9, let mT = PDF417Guard.stop.match(runs(e - 9, 9)) else { return nil }
            stopModule = mT
            codewordsEnd = edges[e - 9]
        }
        guard codewordsEnd - codewordsBegin > 10 * module else { return nil }
    }

    /// Codewords between the guards (row indicators included), by the line's own module sizes.
    var estimatedCodewords: Int {
        Int(((codewordsEnd - codewordsBegin) / (startModule * stopModule).squareRoot() / 17).rounded())
    }

    /// Codeword `k` of `count` between the guards; nil when its widths make no codeword.
    func codeword(_ k: Int, of count: Int) -> PDF417Codewords.Codeword? {
        // Module positions map to the line projectively, the module growing from the start
        // guard's size to the stop guard's.
        let total = Double(17 * count)
        let b = isOpen ? 0 : ((startModule / stopModule).squareRoot() - 1) / total
        let a = isOpen ? startModule : (codewordsEnd - codewordsBegin) * (1 + b * total) / total
        func position(_ mu: Double) -> Double { codewordsBegin + a * mu / (1 + b * mu) }
        let begin = position(Double(17 * k)), end = position(Double(17 * k + 17))
        let module = (end - begin) / 17
        guard end < codewordsEnd + module, let j = nearestEdge(begin, intoDark: true, within: 2 * module), j + 8 < edges.count else { return nil }
        let width = edges[j + 8] - edges[j]
        guard abs(width - 17 * module) < 3 * module else { return nil }
        // Element boundaries, each bar's edges moved in by half the line's bar gain, rounded to
        // whole modules of the codeword's own 17 (the gain cancels over the whole codeword).
        var widths = [Int](repeating: 0, count: 8)
        var previous = 0
        for i in 1...8 {
            let shift = i % 2 == 0 ? barGain / 2 : -barGain / 2
            let boundary = Int(((edges[j + i] + (i < 8 ? shift : barGain / 2) - edges[j] - barGain / 2) * 17 / width).rounded())
            widths[i - 1] = boundary - previous
            previous = boundary
        }
        return PDF417Codewords.lookup(widths)
    }

    private func runs(_ j: Int, _ count: Int) -> [Double] {
        (0..<count).map { edges[j + $0 + 1] - edges[j + $0] }
    }

    /// The edge nearest `position` entering a dark run (or a light one), within `within` pixels.
    private func nearestEdge(_ position: Double, intoDark: Bool, within: Double) -> Int? {
        // Edge i enters dark when the run after it is dark: runs alternate from `firstDark`.
        var best: Int?
        var bestDistance = within
        var lo = 0, hi = edges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if edges[mid] < position - within { lo = mid + 1 } else { hi = mid }
        }
        var i = lo
        while i < edges.count, edges[i] <= position + within {
            let entersDark = (i % 2 == 0) != firstDark
            if entersDark == intoDark, abs(edges[i] - position) <= bestDistance {
                best = i
                bestDistance = abs(edges[i] - position)
            }
            i += 1
        }
        return best
    }
}
