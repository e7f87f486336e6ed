/// One side of a symbol: the start or stop pattern's outer edge as a segment, found as guard hits
/// on consecutive scan lines that line up, then walked to where the guard's wide bar ends.
struct PDF417Edge: Sendable {
    let guardPattern: PDF417Guard
    /// The outer edge's ends, in the scan lines' order.
    var first: MatrixPoint
    var last: MatrixPoint
    /// Unit vector from the outer edge into the symbol.
    let inward: MatrixPoint
    /// Pixels a module across the edge (perpendicular to it).
    let module: Double
    let hits: Int

    var length: Double { first.distance(to: last) }
    var direction: MatrixPoint { (last - first).normalized }

    /// Hits on lines at most this many scan lines apart join, when their outer edges are near.
    static let maximumLineGap = 3
    static let minimumHits = 3

    static func edges(_ hits: [PDF417GuardHit], step: Int, image: BinaryImage) -> [PDF417Edge] {
        var groups: [[PDF417GuardHit]] = []
        // Hits come line by line; a group takes a hit of its kind on a following line close to its last.
        var open: [Int] = []
        for hit in hits {
            var joined = false
            for g in open {
                let last = groups[g][groups[g].count - 1]
                guard last.guardPattern == hit.guardPattern, last.direction == hit.direction, hit.line > last.line,
                      hit.line - last.line <= maximumLineGap * step,
                      (last.inner - last.outer).dot(hit.inner - hit.outer) > 0,
                      hit.module < 1.5 * last.module, last.module < 1.5 * hit.module else { continue }
                let gap = Double(hit.line - last.line)
                guard last.outer.distance(to: hit.outer) <= 2 * gap + 3 * hit.module else { continue }
                groups[g].append(hit)
                joined = true
                break
            }
            if !joined {
                groups.append([hit])
                open.append(groups.count - 1)
            }
            // Groups whose last hit is too many lines back are closed.
            open.removeAll { g in
                let last = groups[g][groups[g].count - 1]
                return last.direction != hit.direction || hit.line - last.line > maximumLineGap * step
            }
        }
        return groups.compactMap { edge($0, image: image) }
    }

    private static func edge(_ group: [PDF417GuardHit], image: BinaryImage) -> PDF417Edge? {
        guard group.count >= minimumHits, let fit = LineFit.fit(group.map(\.outer)) else { return nil }
        var d = fit.d
        if (group[group.count - 1].outer - group[0].outer).dot(d) < 0 { d = d * -1 }
        var inward = MatrixPoint(x: -d.y, y: d.x)
        let meanInner = group.reduce(MatrixPoint(x: 0, y: 0)) { $0 + ($1.inner - $1.outer) } * (1 / Double(group.count))
        if inward.dot(meanInner) < 0 { inward = inward * -1 }
        // The scan line crosses the edge obliquely: the module across the edge is shorter.
        let (dx, dy) = PDF417GuardFinder.directions[group[0].direction]
        let scanDirection = MatrixPoint(x: Double(dx), y: Double(dy)).normalized
        let cosine = abs(scanDirection.dot(inward))
        let module = group.map(\.module).sorted()[group.count / 2] * cosine
        func project(_ p: MatrixPoint) -> MatrixPoint { fit.p + d * (p - fit.p).dot(d) }
        var e = PDF417Edge(guardPattern: group[0].guardPattern, first: project(group[0].outer), last: project(group[group.count - 1].outer),
                           inward: inward, module: module, hits: group.count)
        // Walk each end along the edge while the guard's wide bar is still dark there.
        let barCentre = (group[0].guardPattern == .start ? 4 : 14.5) * module
        func dark(_ p: MatrixPoint) -> Bool { image.darkness(at: p + inward * barCentre) > 0 }
        let limit = Int(3 * Double(maximumLineGap) * max(2, module)) + 8
        // Noise may break the bar for a module or so.
        let allowedMisses = max(3, Int(2 * module))
        for (end, sign) in [(\PDF417Edge.first, -1.0), (\PDF417Edge.last, 1.0)] {
            var p = e[keyPath: end]
            var misses = 0
            for _ in 0..<limit {
                let next = p + d * (0.5 * sign)
                if dark(next) { p = next; misses = 0 } else {
                    misses += 1
                    if misses > allowedMisses { break }
                    p = next
                }
            }
            e[keyPath: end] = p - d * (0.5 * sign * Double(misses))
        }
        return e
    }
}
