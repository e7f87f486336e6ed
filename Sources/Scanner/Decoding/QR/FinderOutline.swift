/// The outer square of a finder pattern in the image, for symbols with a single finder (Micro QR,
/// rMQR) where no other finder gives the orientation. Rays from the centre find the outer edge of
/// the dark ring; the outline's 4-fold symmetry gives the orientation, which sorts the edge points
/// by side; a line is fitted to each side and neighbouring sides are intersected (sub-pixel, and
/// it follows moderate perspective).
enum FinderOutline {
    private static let rays = 64

    /// Unit ray directions, clockwise in the image; built by rotating with the step's cosine and
    /// sine from their series (no libm needed).
    private static let directions: [MatrixPoint] = {
        let step = 2 * Double.pi / Double(rays)
        var cs = 0.0, sn = 0.0, term = 1.0
        for k in 0..<12 {
            // term = step^k / k!
            if k % 2 == 0 { cs += (k % 4 == 0 ? 1 : -1) * term } else { sn += (k % 4 == 1 ? 1 : -1) * term }
            term *= step / Double(k + 1)
        }
        var c = 1.0, s = 0.0
        var out: [MatrixPoint] = []
        for _ in 0..<rays {
            out.append(MatrixPoint(x: c, y: s))
            (c, s) = (c * cs - s * sn, s * cs + c * sn)
        }
        return out
    }()

    /// The four outer corners, in clockwise order in the image (y down), or nil.
    static func corners(_ image: BinaryImage, _ f: FinderPattern) -> [MatrixPoint]? {
        let maxSteps = Int(f.moduleSize * 7 * 2) + 4  // half-steps to well past a corner
        var edge = [MatrixPoint?](repeating: nil, count: rays)
        var radius = [Double](repeating: 0, count: rays)
        for i in 0..<rays {
            let dx = directions[i].x * 0.5, dy = directions[i].y * 0.5
            var state = 0  // 0 dark centre, 1 light ring, 2 dark ring
            for s in 1...maxSteps {
                let x = f.x + dx * Double(s), y = f.y + dy * Double(s)
                // Interpolated grey: whole binarized pixels put the edge half a pixel off.
                let dark = image.isDark(at: MatrixPoint(x: x, y: y))
                if state == 0 && !dark { state = 1 } else if state == 1 && dark { state = 2 } else if state == 2 && !dark {
                    // The outline lies 3.5 (side middle) to 4.95 (corner) modules out: anything else
                    // is a speck in the rings, not the edge.
                    let r = Double(s) - 0.5
                    if r * 0.5 >= 3 * f.moduleSize && r * 0.5 <= 5.5 * f.moduleSize {
                        edge[i] = MatrixPoint(x: f.x + dx * r, y: f.y + dy * r)
                        radius[i] = r * 0.5
                    }
                    break
                }
            }
        }
        // Orientation from the 4-fold symmetry of the outline: for a square whose side normal
        // points along angle θ, Σ r·e^{4iφ} points along 4θ + π. One side normal, as a unit
        // complex number, is then a fourth root of minus that sum.
        var cr = 0.0, ci = 0.0
        for i in 0..<rays where edge[i] != nil {
            let c = directions[i].x, s = directions[i].y
            let c2 = c * c - s * s, s2 = 2 * c * s
            cr += radius[i] * (c2 * c2 - s2 * s2)
            ci += radius[i] * (2 * c2 * s2)
        }
        let norm = (cr * cr + ci * ci).squareRoot()
        guard norm > 1e-9 else { return nil }
        var z = unitSquareRoot(unitSquareRoot(MatrixPoint(x: -cr / norm, y: -ci / norm)))
        // Sides: edge points whose direction is within 30 degrees of each side normal.
        var lines: [(p: MatrixPoint, d: MatrixPoint)] = []
        for _ in 0..<4 {
            var pts: [MatrixPoint] = []
            for i in 0..<rays {
                guard let p = edge[i] else { continue }
                if directions[i].x * z.x + directions[i].y * z.y > 0.866 { pts.append(p) }
            }
            guard pts.count >= 3, let line = LineFit.fit(pts) else { return nil }
            lines.append(line)
            z = MatrixPoint(x: -z.y, y: z.x)  // a quarter turn clockwise in the image
        }
        var out: [MatrixPoint] = []
        for k in 0..<4 {
            // Corner k lies between side k and side k+1.
            // Sides must cross at a clear angle (their fitted directions are unit vectors).
            let (side, next) = (lines[k], lines[(k + 1) % 4])
            guard let p = MatrixPoint.meeting(of: side.p, along: side.d, with: next.p, along: next.d, minimumSine: 0.2),
                  p.distance(to: f.point) < f.moduleSize * 7 else { return nil }
            out.append(p)
        }
        // Opposite corners are symmetric about the centre, which the cross-checks located well:
        // move each diagonal's midpoint onto it, halving the corners' independent errors.
        for k in 0..<2 {
            let a = out[k], b = out[k + 2]
            let shift = MatrixPoint(x: (a.x + b.x) / 2 - f.x, y: (a.y + b.y) / 2 - f.y)
            out[k] = a - shift
            out[k + 2] = b - shift
        }
        return out
    }

    /// Principal square root of a unit complex number, without trigonometry.
    private static func unitSquareRoot(_ u: MatrixPoint) -> MatrixPoint {
        let re = max(0, (1 + u.x) / 2).squareRoot(), im = max(0, (1 - u.x) / 2).squareRoot()
        return MatrixPoint(x: re, y: u.y < 0 ? -im : im)
    }

}
