/// Where a linear code lies, found in the pixels from one point at which a
/// scan line read it.
///
/// When zbar reads a code on a single scan line (a noisy or small image), its
/// location is one point, not an outline. The code is then traced in the
/// image: along that line, out from the point, through bars and spaces
/// until a light run as wide as a quiet zone; across it, line by line, while
/// the lines still show the same pattern of bars.
enum LinearExtent {
    /// The code's box in `frame`'s pixels as (along, across) ranges, where
    /// "along" runs with the scan line through `point`; nil when no code can
    /// be traced there.
    static func box(around point: Point, in frame: Frame, alongRows: Bool) -> (along: ClosedRange<Int>, across: ClosedRange<Int>)? {
        let length = alongRows ? frame.width : frame.height, breadth = alongRows ? frame.height : frame.width
        let (u0, v0) = alongRows ? (Int(point.x), Int(point.y)) : (Int(point.y), Int(point.x))
        guard (0..<length).contains(u0), (0..<breadth).contains(v0), length >= 16 else { return nil }
        func line(_ v: Int) -> [Int] {
            (0..<length).map { u in Int(alongRows ? frame[u, v] : frame[v, u]) }
        }
        // Up to three lines averaged: less noise, the same bars.
        let neighbours = [v0 - 1, v0, v0 + 1].filter { (0..<breadth).contains($0) }.map(line)
        let profile = (0..<length).map { u in neighbours.reduce(0) { $0 + $1[u] } / neighbours.count }
        guard let low = profile.min(), let high = profile.max() else { return nil }
        guard high - low >= 32 else { return nil }
        let threshold = (low + high) / 2
        // Runs of dark and light along the line.
        var runs: [(dark: Bool, start: Int, end: Int)] = []
        for u in 0..<length {
            let dark = profile[u] < threshold
            if let last = runs.last, last.dark == dark { runs[runs.count - 1].end = u + 1 } else { runs.append((dark, u, u + 1)) }
        }
        guard var first = runs.firstIndex(where: { $0.start <= u0 && u0 < $0.end }) else { return nil }
        // The bar nearest the point, then out to the quiet zones: a light run
        // wider than four times the typical bar.
        if !runs[first].dark { first = runs[first..<runs.count].firstIndex(where: \.dark) ?? runs[..<first].lastIndex(where: \.dark) ?? first }
        let bars = runs.filter(\.dark).map { $0.end - $0.start }.sorted()
        guard !bars.isEmpty else { return nil }
        let quiet = max(4, 4 * bars[bars.count / 2])
        var left = first, right = first
        while left >= 2, runs[left - 1].end - runs[left - 1].start <= quiet { left -= 2 }
        while right + 2 < runs.count, runs[right + 1].end - runs[right + 1].start <= quiet { right += 2 }
        let along = runs[left].start...(runs[right].end - 1)
        guard along.count >= 16, right - left >= 8 else { return nil }
        // Across: lines whose pattern over the span still matches.
        let reference = Array(profile[along])
        func matches(_ v: Int) -> Bool {
            correlation(reference, Array(line(v)[along])) > 0.5
        }
        var top = v0, bottom = v0
        while top > 0, matches(top - 1) { top -= 1 }
        while bottom + 1 < breadth, matches(bottom + 1) { bottom += 1 }
        return (along, top...bottom)
    }

    private static func correlation(_ a: [Int], _ b: [Int]) -> Double {
        let n = Double(a.count)
        let ma = Double(a.reduce(0, +)) / n, mb = Double(b.reduce(0, +)) / n
        var (sab, saa, sbb) = (0.0, 0.0, 0.0)
        for (x, y) in zip(a, b) {
            let (dx, dy) = (Double(x) - ma, Double(y) - mb)
            sab += dx * dy
            saa += dx * dx
            sbb += dy * dy
        }
        return saa > 0 && sbb > 0 ? sab / (saa * sbb).squareRoot() : 0
    }
}
