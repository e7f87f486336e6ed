/// A thresholded frame, and the search for the centres of square bullseyes
/// (Aztec's finder): nine alternating runs of about equal width, dark
/// first and last, across a row and down a column through the same point.
struct BullseyeImage {
    let width: Int
    let height: Int
    /// Row by row, true where the pixel is dark.
    let dark: [Bool]

    /// `frame` split at Otsu's threshold: the level that best separates the
    /// histogram into two classes, as printed modules and paper do.
    init(thresholding frame: Frame) {
        let pixels = frame.packedPixels
        var histogram = [Int](repeating: 0, count: 256)
        for pixel in pixels { histogram[Int(pixel)] += 1 }
        let total = Double(pixels.count)
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var (below, belowSum, best, threshold) = (0.0, 0.0, -1.0, 128)
        for level in 0..<256 {
            below += Double(histogram[level])
            belowSum += Double(level * histogram[level])
            let above = total - below
            guard below > 0, above > 0 else { continue }
            let difference = belowSum / below - (sum - belowSum) / above
            let between = below * above * difference * difference
            if between > best { (best, threshold) = (between, level + 1) }
        }
        self.init(width: frame.width, height: frame.height, dark: pixels.map { Int($0) < threshold })
        self.threshold = threshold
    }

    /// The luma level that splits dark from light (0 when made from bits).
    private(set) var threshold = 0

    init(width: Int, height: Int, dark: [Bool]) {
        self.width = width
        self.height = height
        self.dark = dark
    }

    /// A bullseye's centre and the extent of its nine runs in each direction.
    struct Centre: Equatable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    /// Whether the pixel containing (`x`, `y`) is dark; outside is light,
    /// as a quiet zone would be.
    func isDark(x: Double, y: Double) -> Bool {
        let (column, row) = (Int(x.rounded(.down)), Int(y.rounded(.down)))
        guard column >= 0, column < width, row >= 0, row < height else { return false }
        return dark[row * width + column]
    }

    /// Every bullseye centre, each reported once.
    func bullseyeCentres() -> [Centre] {
        var centres: [Centre] = []
        for y in 0..<height {
            let runs = self.runs(count: width) { dark[y * width + $0] }
            for start in Swift.stride(from: 0, to: runs.count - 8, by: 1) where runs[start].dark {
                let window = runs[start..<start + 9]
                guard Self.isBullseye(window) else { continue }
                let (x, width) = Self.centreAndExtent(window)
                guard let vertical = verticalBullseye(x: Int(x), y: y) else { continue }
                let centre = Centre(x: x, y: vertical.centre, width: width, height: vertical.extent)
                // Every row through the centre run finds the same bullseye.
                if !centres.contains(where: { abs($0.x - centre.x) < centre.width / 9 && abs($0.y - centre.y) < centre.height / 9 }) {
                    centres.append(centre)
                }
            }
        }
        return centres
    }

    /// The bullseye's vertical centre and extent in column `x`, when the
    /// run containing row `y` is the middle of nine bullseye runs.
    private func verticalBullseye(x: Int, y: Int) -> (centre: Double, extent: Double)? {
        let runs = self.runs(count: height) { dark[$0 * width + x] }
        guard let middle = runs.firstIndex(where: { $0.start <= y && y < $0.end }), middle >= 4, middle + 4 < runs.count
        else { return nil }
        let window = runs[middle - 4...middle + 4]
        guard Self.isBullseye(window) else { return nil }
        return Self.centreAndExtent(window)
    }

    /// The middle of the central run, and nine modules measured on the
    /// inner seven runs (the outer two may merge with dark modules beyond).
    private static func centreAndExtent(_ window: ArraySlice<Run>) -> (Double, Double) {
        let inner = window.dropFirst().dropLast()
        let middle = window[window.startIndex + 4]
        return (Double(middle.start + middle.end) / 2, Double(inner.last!.end - inner.first!.start) * 9 / 7)
    }

    private struct Run {
        let dark: Bool
        let start: Int
        let end: Int
    }

    private func runs(count: Int, isDark: (Int) -> Bool) -> [Run] {
        var runs: [Run] = []
        var start = 0
        for i in 1...count where i == count || isDark(i) != isDark(start) {
            runs.append(Run(dark: isDark(start), start: start, end: i))
            start = i
        }
        return runs
    }

    /// Nine runs, dark first; the inner seven each within half a module of
    /// their mean width, the outer two at least half a module.
    private static func isBullseye(_ window: ArraySlice<Run>) -> Bool {
        guard window.count == 9, window.first!.dark else { return false }
        let inner = window.dropFirst().dropLast()
        let module = Double(inner.last!.end - inner.first!.start) / 7
        return module >= 1
            && inner.allSatisfy { abs(Double($0.end - $0.start) - module) <= module / 2 }
            && [window.first!, window.last!].allSatisfy { Double($0.end - $0.start) >= module / 2 }
    }
}
