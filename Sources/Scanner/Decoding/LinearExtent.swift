/// Where a linear code lies, traced in the pixels from where a scan line
/// read it.
///
/// When zbar reads a code on a single scan line (a noisy or small image), its
/// location is one point, not an outline. The code is then traced in the
/// image: along that line, out from the point, through bars and spaces
/// until a light run as wide as a quiet zone; across it, line by line, while
/// the lines still show the same pattern of bars (`box(around:in:alongRows:)`).
/// A read's outline covers only the lines that read it; the bars go on
/// across it, at any angle, as far as `bars(of:in:)` follows them.
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
        let reference = profile[along].map(Float.init)
        func matches(_ v: Int) -> Bool {
            correlation(reference, line(v)[along].map(Float.init)) > 0.5
        }
        var top = v0, bottom = v0
        while top > 0, matches(top - 1) { top -= 1 }
        while bottom + 1 < breadth, matches(bottom + 1) { bottom += 1 }
        return (along, top...bottom)
    }

    /// Lines along a read this many pixels apart while its bars are followed
    /// across, and how alike (correlation) each must be to the one before: a
    /// line two pixels further along a bar crosses the same bars, while one
    /// past their ends crosses digits, a quiet zone or another symbol. Each
    /// line is two averaged, covering the step: less noise, and less of the
    /// aliasing that small modules at a slant show from pixel row to row.
    static let barStep: Float = 2
    static let barLikeness = 0.7

    /// A 1D read's outline (`corners` in `frame`'s pixels, clockwise, the
    /// first two along its scan lines) grown across the bars while each
    /// line along the read, `barStep` further out, still crosses the bars
    /// of the line before; at most the symbol's length either way. The
    /// same outline when it is too short to follow.
    static func bars(of corners: [Point], in frame: Frame) -> [Point] {
        guard corners.count == 4 else { return corners }
        let c = corners.map { (x: Float($0.x), y: Float($0.y)) }
        let ax = (c[1].x - c[0].x + c[2].x - c[3].x) / 2, ay = (c[1].y - c[0].y + c[2].y - c[3].y) / 2
        let length = (ax * ax + ay * ay).squareRoot()
        guard length >= 8 else { return corners }
        // Across the bars, from the first edge (corners 0, 1) to the second.
        var (nx, ny) = (-ay / length, ax / length)
        if (c[3].x - c[0].x + c[2].x - c[1].x) * nx + (c[3].y - c[0].y + c[2].y - c[1].y) * ny < 0 { (nx, ny) = (-nx, -ny) }
        let (before, after) = frame.withUnsafeBytes { raw -> (Float, Float) in
            guard let sampler = LineSampler(pixels: raw.assumingMemoryBound(to: UInt8.self), width: frame.width,
                                            height: frame.height, stride: frame.stride) else { return (0, 0) }
            /// How far the bars go on from the edge a to b, moving by (dx, dy) a step.
            func followed(_ a: (x: Float, y: Float), _ b: (x: Float, y: Float), _ dx: Float, _ dy: Float) -> Float {
                var previous: [Float] = [], line: [Float] = []
                let first = sampler.sample(fromX: a.x, y0: a.y, toX: b.x, y1: b.y, thickness: 2, into: &previous)
                var reached: Float = 0
                while reached + barStep <= length {
                    let (ox, oy) = (dx * (reached + barStep), dy * (reached + barStep))
                    guard inside(a.x + ox, a.y + oy, frame), inside(b.x + ox, b.y + oy, frame) else { break }
                    let next = sampler.sample(fromX: a.x + ox, y0: a.y + oy, toX: b.x + ox, y1: b.y + oy, thickness: 2, into: &line)
                    // Parallel lines of one length; rounding may take a sample off one.
                    let count = min(first.count, next.count)
                    guard abs(next.count - first.count) <= 1,
                          correlation(previous[0..<count], line[0..<count]) >= barLikeness else { break }
                    swap(&previous, &line)
                    reached += barStep
                }
                return reached
            }
            return (followed(c[0], c[1], -nx, -ny), followed(c[3], c[2], nx, ny))
        }
        func moved(_ p: (x: Float, y: Float), _ distance: Float) -> Point {
            Point(x: Double(p.x + nx * distance), y: Double(p.y + ny * distance))
        }
        return [moved(c[0], -before), moved(c[1], -before), moved(c[2], after), moved(c[3], after)]
    }

    private static func inside(_ x: Float, _ y: Float, _ frame: Frame) -> Bool {
        x >= 0 && y >= 0 && x <= Float(frame.width - 1) && y <= Float(frame.height - 1)
    }

    /// Pearson's correlation of two equally long profiles; 0 when either is flat.
    private static func correlation<A: Collection<Float>, B: Collection<Float>>(_ a: A, _ b: B) -> Double {
        let n = Double(a.count)
        let ma = a.reduce(0.0) { $0 + Double($1) } / n, mb = b.reduce(0.0) { $0 + Double($1) } / n
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
