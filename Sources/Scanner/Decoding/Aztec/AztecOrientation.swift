/// One of the 8 ways a square symbol can be seen (4 rotations, optionally mirrored). `map` takes
/// a canonical module offset from the centre to where that module appears in the observed frame.
struct AztecOrientation: Sendable, Hashable {
    /// Quarter turns clockwise (y grows downwards).
    let rotation: Int
    let mirrored: Bool

    static let all: [AztecOrientation] = [false, true].flatMap { m in (0..<4).map { AztecOrientation(rotation: $0, mirrored: m) } }
    static let identity = AztecOrientation(rotation: 0, mirrored: false)

    @inline(__always)
    func map(_ u: Int, _ v: Int) -> (Int, Int) {
        var (x, y) = mirrored ? (v, u) : (u, v)
        for _ in 0..<rotation { (x, y) = (-y, x) }
        return (x, y)
    }

    func map(_ p: MatrixPoint) -> MatrixPoint {
        var (x, y) = mirrored ? (p.y, p.x) : (p.x, p.y)
        for _ in 0..<rotation { (x, y) = (-y, x) }
        return MatrixPoint(x: x, y: y)
    }

    /// The orientation marks at the corners of the mode-message ring of radius r: canonical
    /// offsets and whether each is dark (top-left 3 dark, top-right 2, bottom-right 1, bottom-left 0,
    /// so every rotation and mirror image differs).
    static func marks(radius r: Int) -> [(Int, Int, Bool)] {
        [(-r, -r, true), (-r + 1, -r, true), (-r, -r + 1, true),
         (r, -r, true), (r, -r + 1, true), (r - 1, -r, false),
         (r, r, false), (r, r - 1, true), (r - 1, r, false),
         (-r, r, false), (-r + 1, r, false), (-r, r - 1, false)]
    }

    /// Orientations whose marks disagree with the observed core in at most `maxMismatches`
    /// modules, best first. `dark(x, y)` reads an observed offset from the centre.
    static func candidates(radius: Int, maxMismatches: Int, dark: (Int, Int) -> Bool) -> [AztecOrientation] {
        let marks = marks(radius: radius)
        var scored: [(AztecOrientation, Int)] = []
        for o in all {
            var miss = 0
            for (u, v, expected) in marks {
                let (x, y) = o.map(u, v)
                if dark(x, y) != expected { miss += 1 }
            }
            if miss <= maxMismatches { scored.append((o, miss)) }
        }
        return scored.sorted { $0.1 < $1.1 }.map(\.0)
    }
}
