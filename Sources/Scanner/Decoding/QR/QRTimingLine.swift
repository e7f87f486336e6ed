/// Counts the modules of a QR timing pattern straight from the image: the line from 3 modules
/// below the top-left finder's centre to 3 modules below the top-right one's (row 6; likewise
/// column 6) is straight under any perspective, and crosses the finder ring, the separator, the
/// alternating timing modules, the other separator and the other ring. The count of runs between
/// the two rings gives the symbol size without trusting module-size estimates, and run lengths
/// that vary wildly reject noise cheaply.
enum QRTimingLine {
    /// Symbol size suggested by one timing line, nil when the line does not look like one.
    static func dimension(_ image: BinaryImage, from a: FinderPattern, to b: FinderPattern, towards c: FinderPattern,
                          cornerIsA: Bool) -> Int? {
        // Unit vector of the module y axis (from the corner finder towards the third one).
        let corner = cornerIsA ? a : b
        let vx = c.x - corner.x, vy = c.y - corner.y
        let vl = (vx * vx + vy * vy).squareRoot()
        guard vl > 0 else { return nil }
        let ux = vx / vl, uy = vy / vl
        let p = MatrixPoint(x: a.x + 3 * a.moduleSize * ux, y: a.y + 3 * a.moduleSize * uy)
        let q = MatrixPoint(x: b.x + 3 * b.moduleSize * ux, y: b.y + 3 * b.moduleSize * uy)
        let length = p.distance(to: q)
        let steps = Int(length * 2)
        guard steps >= 8, steps < 8192 else { return nil }
        var runs: [Int] = []
        // Grey levels at sub-pixel points: at 1.5 px a module, whole binarized pixels lose modules.
        var last = image.isDark(at: p)
        var n = 0
        for i in 0...steps {
            let t = Double(i) / Double(steps)
            let x = p.x + (q.x - p.x) * t, y = p.y + (q.y - p.y) * t
            let d = image.isDark(at: MatrixPoint(x: x, y: y))
            if d == last { n += 1; continue }
            runs.append(n)
            if runs.count > 200 { return nil }
            last = d; n = 1
        }
        runs.append(n)
        // Ring (dark) ... ring (dark): an odd number of runs, at least ring + 7 + ring.
        guard runs.count >= 9, runs.count % 2 == 1 else { return nil }
        let inner = runs[1..<(runs.count - 1)]
        // The median run is one module even when blur merges or splits a few runs.
        let median = Double(inner.sorted()[inner.count / 2])
        guard median >= 1.5 else { return nil }
        let regular = inner.filter { Double($0) >= 0.5 * median && Double($0) <= 1.6 * median }
        guard regular.count * 100 >= inner.count * 85 else { return nil }
        // Dark runs come out a little thinner or thicker than light ones: the mean of the regular
        // runs is the module, where the median would be one colour's run.
        let module = Double(regular.reduce(0, +)) / Double(regular.count)
        // The rings are 3.5 modules each along the line (centre to outer edge).
        let ringModules = Double(runs[0] + runs[runs.count - 1]) / module
        guard ringModules > 4.5, ringModules < 10 else { return nil }
        return Int((Double(inner.reduce(0, +)) / module).rounded()) + 14
    }
}
