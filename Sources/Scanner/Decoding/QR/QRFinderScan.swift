/// A located finder pattern (the 7x7 dark-light-dark square of QR, Micro QR and rMQR): centre in
/// image pixels, estimated module size, and how many scan rows confirmed it.
struct FinderPattern: Sendable, Hashable {
    var x: Double
    var y: Double
    var moduleSize: Double
    var count: Int

    var point: MatrixPoint { MatrixPoint(x: x, y: y) }
}

/// Finder pattern candidates: every row is scanned for dark-light-dark-light-dark runs in the ratio
/// 1:1:3:1:1; a hit is confirmed on the column and both diagonals through its centre and refined
/// on the row again. Hits of one finder (several rows) are merged. Bounded work: each check walks at
/// most a few run lengths; the candidate list is capped.
enum QRFinderScan {
    static let maxCandidates = 240
    private static let maxRawCandidates = 4000
    /// A finder narrower than 7 of these is pixel noise. A module of one pixel must pass, with
    /// room for the sampling phase: at 1.2 a version 40 drawn a pixel a module (the corpus's
    /// qrcode-5/16) went unread, and of the degradation renders at a pixel a module QR read 6 %
    /// instead of 19 %, Micro QR and rMQR none instead of 17 %; the no-code images cost the same.
    static let minModuleSize = 0.9

    static func scan(_ image: BinaryImage) -> [FinderPattern] {
        var found: [FinderPattern] = []
        var buckets: [Int: [Int]] = [:]
        image.pixels.withUnsafeBufferPointer { px in
            let w = image.width
            var runs = [Int](repeating: 0, count: 5)
            for y in 0..<image.height {
                let row = y * w
                // runs[4] is the run in progress; runs[0..3] the four before it.
                var filled = 0
                var current = px[row]
                var len = 0
                for x in 0...w {
                    let v: UInt8 = x < w ? px[row + x] : 2
                    if v == current { len += 1; continue }
                    // A run ended at x-1.
                    if current == 1 {
                        runs[4] = len
                        if filled >= 4,
                           let f = confirm(image, px, runs: runs, endX: x, y: y) {
                            merge(f, into: &found, buckets: &buckets)
                            if found.count >= maxRawCandidates { break }
                        }
                    } else {
                        runs[4] = len
                    }
                    runs[0] = runs[1]; runs[1] = runs[2]; runs[2] = runs[3]; runs[3] = runs[4]
                    filled += 1
                    current = v
                    len = 1
                }
                if found.count >= maxRawCandidates { break }
            }
        }
        // Keep candidates seen on at least two rows (a true finder spans 3 modules of rows).
        var kept = found.filter { $0.count >= 2 }
        kept.sort { $0.count > $1.count }
        if kept.count > maxCandidates { kept.removeLast(kept.count - maxCandidates) }
        return kept
    }

    /// The row hit ending (exclusive) at endX; confirmed across the column, the row again and a
    /// diagonal. Returns the refined centre and module size.
    private static func confirm(_ image: BinaryImage, _ px: UnsafeBufferPointer<UInt8>, runs: [Int], endX: Int, y: Int) -> FinderPattern? {
        guard ConcentricRuns.matches(runs[0], runs[1], runs[2], runs[3], runs[4], centre: 3, variance: 0.6) else { return nil }
        let hTotal = runs.reduce(0, +)
        let cx0 = Int(Double(endX - runs[4] - runs[3]) - Double(runs[2]) / 2)
        // The column through the centre must show the same pattern at a similar size.
        guard let (cy, vTotal) = ConcentricRuns.crossCheck(image, px, x: cx0, y: y, dx: 0, dy: 1, centre: 3,
                                                           maxRun: hTotal, variance: 0.6),
              5 * abs(vTotal - hTotal) < 2 * hTotal,
              let (cx, hTotal2) = ConcentricRuns.crossCheck(image, px, x: cx0, y: Int(cy), dx: 1, dy: 0, centre: 3,
                                                            maxRun: hTotal, variance: 0.6)
        else { return nil }
        let diagonalRun = hTotal * 3 / 2
        let d1 = ConcentricRuns.crossCheck(image, px, x: Int(cx), y: Int(cy), dx: 1, dy: 1, centre: 3,
                                           maxRun: diagonalRun, variance: 0.8)
        let d2 = ConcentricRuns.crossCheck(image, px, x: Int(cx), y: Int(cy), dx: 1, dy: -1, centre: 3,
                                           maxRun: diagonalRun, variance: 0.8)
        guard d1 != nil || d2 != nil else { return nil }
        // A run across a rotated square is longer than its side by 1/cos of the angle to the
        // side's normal; of the row, column and diagonals one is within 22.5 degrees of a normal,
        // so the shortest is within 8% of the true width (diagonal steps are sqrt 2 pixels).
        var width = Double(min(vTotal, hTotal2))
        for d in [d1, d2] { if let d { width = min(width, Double(d.total) * 2.0.squareRoot()) } }
        guard width >= 7 * minModuleSize else { return nil }
        return FinderPattern(x: cx, y: cy, moduleSize: width / 7, count: 1)
    }

    private static func merge(_ f: FinderPattern, into found: inout [FinderPattern], buckets: inout [Int: [Int]]) {
        let cell = 32.0
        let bx = Int(f.x / cell), by = Int(f.y / cell)
        for ny in (by - 1)...(by + 1) {
            for nx in (bx - 1)...(bx + 1) {
                guard let list = buckets[ny << 16 | nx] else { continue }
                for i in list {
                    let g = found[i]
                    let d = max(abs(g.x - f.x), abs(g.y - f.y))
                    let ratio = g.moduleSize / f.moduleSize
                    if d <= 2 * max(g.moduleSize, f.moduleSize), ratio > 0.66, ratio < 1.5 {
                        let n = Double(g.count)
                        found[i] = FinderPattern(x: (g.x * n + f.x) / (n + 1), y: (g.y * n + f.y) / (n + 1),
                                                 moduleSize: (g.moduleSize * n + f.moduleSize) / (n + 1),
                                                 count: g.count + 1)
                        return
                    }
                }
            }
        }
        buckets[by << 16 | bx, default: []].append(found.count)
        found.append(f)
    }
}
