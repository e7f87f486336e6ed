/// Symbol outlines: each start edge paired with the stop edge that faces it (parallel, inward
/// directions opposed, lying ahead of the start edge's inward side, overlapping along it), the
/// one spanning it best. A start edge with none is kept alone: compact PDF417 has no stop pattern.
struct PDF417Outline: Sendable {
    let start: PDF417Edge
    /// The stop edge with its ends in the start edge's order; nil for compact PDF417.
    let stop: PDF417Edge?

    /// Between the guards' middles; a compact symbol's a little inside its start edge.
    var centre: MatrixPoint {
        let s = (start.first + start.last) * 0.5
        guard let stop else { return s + start.inward * (20 * start.module) }
        return (s + (stop.first + stop.last) * 0.5) * 0.5
    }
}

enum PDF417Detector {
    /// The outlines the guards `hits` (found on every `step`-th line) give in `image`.
    static func outlines(_ hits: [PDF417GuardHit], in image: BinaryImage, step: Int) -> [PDF417Outline] {
        let edges = PDF417Edge.edges(hits, step: step, image: image)
        let stops = edges.filter { $0.guardPattern == .stop }
        var outlines: [PDF417Outline] = []
        for s in edges where s.guardPattern == .start {
            var best: (PDF417Edge, Double)?
            for t in stops {
                guard abs(s.direction.dot(t.direction)) > 0.7, s.inward.dot(t.inward) < -0.5,
                      t.module < 2 * s.module, s.module < 2 * t.module else { continue }
                let centre = (t.first + t.last) * 0.5, sCentre = (s.first + s.last) * 0.5
                let ahead = (centre - sCentre).dot(s.inward)
                guard ahead > 30 * s.module else { continue }
                // Overlap along the start edge.
                let a = (t.first - s.first).dot(s.direction), b = (t.last - s.first).dot(s.direction)
                let overlap = min(max(a, b), s.length) - max(min(a, b), 0)
                guard overlap > 0.5 * min(s.length, t.length) else { continue }
                // The same side found by several scan directions: the one that spans the start
                // edge best, then the nearest.
                let score = overlap / max(s.length, t.length) - ahead / (1000 * s.module)
                if best.map({ score > $0.1 }) ?? true { best = (t, score) }
            }
            guard let (t, _) = best else {
                outlines.append(PDF417Outline(start: s, stop: nil))
                continue
            }
            var stop = t
            if (t.last - t.first).dot(s.direction) < 0 { (stop.first, stop.last) = (t.last, t.first) }
            outlines.append(PDF417Outline(start: s, stop: stop))
        }
        return outlines
    }
}
