import Glibc

/// Where the modules lie: the bullseye gives the centre and the ellipse of its outer ring, but
/// neither the rotation nor the module size (printers draw the rings at different sizes
/// relative to the modules). The hexagonal lattice repeats every 60°, so the rotation modulo 60°
/// and the ring's radius in modules are found together as the lattice whose module centres are
/// the most clearly dark or light, then refined; the orientation modules choose among the six
/// turns and the mirror image.
struct MaxiCodeSampler {
    let bullseye: MaxiCodeBullseye
    let grey: GreyLevels
    /// Midway between the rings' dark and light greys.
    let threshold: Double

    /// A placement: rotation θ (radians), the outer light ring's radius in modules, mirrored or not,
    /// a shift of the centre in pixels, the distance between rows in modules, and a tilt: the
    /// perspective of a symbol seen at a slant, which the bullseye's ellipse (an affine map)
    /// cannot show, as the change of scale per ring radius along x and y of that ellipse.
    struct Pose: Sendable, Equatable {
        var angle: Double
        var ringRadius: Double
        var mirrored: Bool
        var dx = 0.0, dy = 0.0
        var rowPitch = MaxiCodeGrid.rowPitch
        var tiltX = 0.0, tiltY = 0.0
    }

    init(_ b: MaxiCodeBullseye, grey: GreyLevels) {
        bullseye = b
        self.grey = grey
        threshold = (b.darkGrey + b.lightGrey) / 2
    }

    /// Canonical module offset (columns, rows) → image point under `p`, for the many points
    /// mapped through one pose: its rotation's cosine and sine worked out once.
    func placement(_ p: Pose) -> Placement {
        Placement(pose: p, bullseye: bullseye, cs: cos(p.angle) / p.ringRadius, sn: sin(p.angle) / p.ringRadius)
    }

    struct Placement {
        let pose: Pose
        let bullseye: MaxiCodeBullseye
        let cs: Double, sn: Double

        @inline(__always)
        func callAsFunction(_ u: MatrixPoint) -> MatrixPoint {
            let p = pose, b = bullseye
            let uy = p.mirrored ? -u.y * p.rowPitch : u.y * p.rowPitch
            let rx = cs * u.x - sn * uy, ry = sn * u.x + cs * uy
            // Projective: the bullseye's own scale at its centre, changing linearly across it.
            let w = 1 / max(0.2, 1 + p.tiltX * rx + p.tiltY * ry)
            return MatrixPoint(x: b.centre.x + p.dx + (b.a * rx + b.b * ry) * w, y: b.centre.y + p.dy + (b.c * rx + b.d * ry) * w)
        }
    }

    /// Module centres between the bullseye and a circle inside the symbol whatever the turn.
    static let disc: [MatrixPoint] = (0..<MaxiCodeGrid.rows).flatMap { r in
        (0..<MaxiCodeGrid.columns).compactMap { c -> MatrixPoint? in
            let u = MaxiCodeGrid.offset(row: r, column: c)
            let y = u.y * MaxiCodeGrid.rowPitch
            let rho = (u.x * u.x + y * y).squareRoot()
            return rho > 5.6 && rho < 10 ? u : nil
        }
    }

    /// How clearly the lattice's module centres are dark or light: each the mean grey over a
    /// footprint `reach` modules either side (0: the centre alone), whose contrast drops as the
    /// footprint slides off its module, so that the best fit is centred on the modules.
    func contrast(_ p: Pose, _ points: [MatrixPoint], reach: Double) -> Double {
        var sum = 0.0
        let place = placement(p)
        for u in points {
            if reach == 0 {
                let q = place(u)
                sum += abs(grey.at(q.x, q.y) - threshold)
            } else {
                var g = 0.0
                for (dx, dy) in [(0.0, 0.0), (reach, 0), (-reach, 0), (0, reach), (0, -reach)] {
                    let q = place(MatrixPoint(x: u.x + dx, y: u.y + dy))
                    g += grey.at(q.x, q.y)
                }
                sum += abs(g / 5 - threshold)
            }
        }
        return sum
    }

    /// The lattice modulo 60°: a coarse search over the ring radius (in modules, steps of 0.1)
    /// and the angle (steps of 3°) on the modules around the bullseye that lie inside the symbol
    /// whatever the turn, then refined. The footprints matter even here: in a sharp image a point
    /// sample is as dark or light wherever it falls.
    func fitLattice() -> Pose {
        let coarse = Self.disc.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        var best = Pose(angle: 0, ringRadius: 3.4, mirrored: false), bestScore = -1.0
        var radius = Self.ringRadii.lowerBound
        while radius <= Self.ringRadii.upperBound {
            var angle = 0.0
            while angle < Double.pi / 3 {
                let p = Pose(angle: angle, ringRadius: radius, mirrored: false)
                let s = contrast(p, coarse, reach: 0.3)
                if s > bestScore { bestScore = s; best = p }
                angle += Double.pi / 60
            }
            radius += 0.1
        }
        return refined(best, Self.disc, steps: 2)
    }

    /// The outer light ring's radius in modules as printers draw it: zint 3.39, others less.
    static let ringRadii = 2.6...4.0

    /// Every other data module's offset, enough to refine the fit.
    static let allModules: [MatrixPoint] = MaxiCodeGrid.dataModules.enumerated().filter { $0.offset % 2 == 0 }
        .map { MaxiCodeGrid.offset(row: $0.element.row, column: $0.element.column) }

    /// `p` moved by coordinate descent in angle, ring radius, centre, (with `pitch`, once the
    /// symbol's turn is known) row pitch and (with `tilt`) tilt, halving the steps.
    func refined(_ start: Pose, _ points: [MatrixPoint], steps: Int, pitch: Bool = false, tilt: Bool = false) -> Pose {
        let parameters = [Parameter.angle, .radius, .shiftX, .shiftY] + (pitch ? [.pitch] : []) + (tilt ? [.tiltX, .tiltY] : [])
        let shift = 0.15 * bullseye.radius / start.ringRadius
        var best = start, scale = 1.0
        var bestScore = contrast(best, points, reach: 0.3)
        for _ in 0..<steps {
            var improved = true
            var rounds = 0
            while improved, rounds < 6 {
                improved = false
                rounds += 1
                for parameter in parameters {
                    for sign in [1.0, -1.0] {
                        let p = Self.moved(best, parameter, by: sign * scale * parameter.firstStep(shift: shift))
                        let s = contrast(p, points, reach: 0.3)
                        if s > bestScore { bestScore = s; best = p; improved = true }
                    }
                }
            }
            scale /= 2
        }
        return best
    }

    /// What one move of `refined` changes.
    enum Parameter {
        case angle, radius, shiftX, shiftY, pitch, tiltX, tiltY

        /// The move's first size (radians, modules, pixels, or scale per ring radius); `shift`
        /// is the centre's, a share of the ring radius in pixels.
        func firstStep(shift: Double) -> Double {
            switch self {
            case .angle: Double.pi / 180
            case .radius: 0.025
            case .shiftX, .shiftY: shift
            case .pitch: 0.01
            case .tiltX, .tiltY: 0.02
            }
        }
    }

    /// `p` with `parameter` moved by `delta`, the row pitch and the tilt kept to what printers
    /// and a sane angle give.
    static func moved(_ p: Pose, _ parameter: Parameter, by delta: Double) -> Pose {
        var p = p
        switch parameter {
        case .angle: p.angle += delta
        case .radius: p.ringRadius += delta
        case .shiftX: p.dx += delta
        case .shiftY: p.dy += delta
        case .pitch: p.rowPitch = min(0.93, max(0.8, p.rowPitch + delta))
        case .tiltX: p.tiltX = min(maximumTilt, max(-maximumTilt, p.tiltX + delta))
        case .tiltY: p.tiltY = min(maximumTilt, max(-maximumTilt, p.tiltY + delta))
        }
        return p
    }

    /// The steepest tilt (`Pose`) tried: a quarter more or less scale a ring radius away.
    static let maximumTilt = 0.25

    /// The twelve turns and mirrorings of a fitted lattice, best orientation-module agreement
    /// first, with that agreement (out of 18).
    func orientations(_ fit: Pose, _ image: BinaryImage, spread: Double) -> [(pose: Pose, agreement: Int)] {
        var out: [(Pose, Int)] = []
        for mirrored in [false, true] {
            for turn in 0..<6 {
                var p = fit
                p.mirrored = mirrored
                p.angle += Double(turn) * Double.pi / 3
                var agree = 0
                let place = placement(p)
                for o in MaxiCodeGrid.orientation where image.isDark(at: place(MaxiCodeGrid.offset(row: o.row, column: o.column)), spread: spread) == o.dark {
                    agree += 1
                }
                out.append((p, agree))
            }
        }
        return out.sorted { $0.1 > $1.1 }
    }

    /// The module grid as seen under a pose.
    func sample(_ p: Pose, _ image: BinaryImage, spread: Double) -> BitMatrix {
        var m = BitMatrix(width: MaxiCodeGrid.columns, height: MaxiCodeGrid.rows)!
        let place = placement(p)
        for d in MaxiCodeGrid.dataModules {
            m[d.column, d.row] = image.isDark(at: place(MaxiCodeGrid.offset(row: d.row, column: d.column)), spread: spread)
        }
        return m
    }

    /// The symbol's outer corners, clockwise from its own top-left.
    func corners(_ p: Pose) -> [MatrixPoint] {
        let left = -Double(MaxiCodeGrid.bullseyeColumn) - 0.5, right = Double(MaxiCodeGrid.columns - MaxiCodeGrid.bullseyeColumn) - 0.5
        // In rows, as a placement scales them by the fitted pitch: half a module
        // beyond the first and last rows' centres.
        let top = -Double(MaxiCodeGrid.bullseyeRow) - 0.5 / p.rowPitch
        let bottom = Double(MaxiCodeGrid.rows - 1 - MaxiCodeGrid.bullseyeRow) + 0.5 / p.rowPitch
        let place = placement(p)
        return [MatrixPoint(x: left, y: top), MatrixPoint(x: right, y: top), MatrixPoint(x: right, y: bottom),
                MatrixPoint(x: left, y: bottom)].map { place($0) }
    }
}
