import Glibc

/// Where a frame's scan lines run: families of parallel lines, each family at
/// one angle across the whole frame. Rows and columns always; the direction
/// across the bars that the localizer measured when it is not near either;
/// and the diagonals when trying harder without a measured direction.
///
/// Lines of one family are `spacing` pixels apart, so that a code's height
/// holds several of them: their agreement is the read's evidence, and a
/// line's pixels are its own (no two lines share them at 2 pixels or more).
struct LinearScanPlan: Sendable {
    /// One family: lines along `direction` (a unit vector), at `offsets`
    /// along `normal` from the frame's centre.
    struct Family: Sendable {
        var direction: (x: Float, y: Float)
        var normal: (x: Float, y: Float) { (-direction.y, direction.x) }
        var offsets: [Float]
        var spacing: Float
    }

    let centre: (x: Float, y: Float)
    /// Half the frame's diagonal: every line runs this far each way from
    /// its foot on the normal through the centre, and is clipped to the frame.
    let reach: Float
    let families: [Family]
    /// The family whose lines cross the measured bars squarely: the bars'
    /// own family, or the rows or columns when they lie within
    /// `axisTolerance` of one; nil without a measured direction.
    let acrossBars: Int?

    /// The most lines across a frame in one family: a code of a twentieth of
    /// the frame's height still gets two.
    static let linesAcross: Float = 40
    /// The closest lines may be: nearer, they see the same pixels.
    static let minimumSpacing: Float = 2
    /// Nor further apart than this, so that a code 24 pixels high gets 3.
    static let maximumSpacing: Float = 8
    /// A measured bar direction within this of a row or a column adds no family.
    static let axisTolerance = 10.0

    init(width: Int, height: Int, barNormal: Double?, diagonals: Bool) {
        let (w, h) = (Float(width), Float(height))
        centre = (w / 2, h / 2)
        reach = (w * w + h * h).squareRoot() / 2
        var angles: [Double] = [0, 90]
        if let barNormal {
            var folded = barNormal.truncatingRemainder(dividingBy: 180)
            if folded < 0 { folded += 180 }
            let nearAxis = [0.0, 90, 180].contains { abs(folded - $0) < Self.axisTolerance }
            if !nearAxis { angles.append(folded) }
            acrossBars = nearAxis ? (abs(folded - 90) < Self.axisTolerance ? 1 : 0) : angles.count - 1
        } else {
            if diagonals { angles += [45, 135] }
            acrossBars = nil
        }
        let reach = reach
        families = angles.map { degrees in
            let radians = degrees * .pi / 180
            let direction = (x: Float(cos(radians)), y: Float(sin(radians)))
            // How wide the frame is across these lines.
            let across = abs(direction.x) * h + abs(direction.y) * w
            let spacing = min(Self.maximumSpacing, max(Self.minimumSpacing, across / Self.linesAcross))
            let half = min(reach, across / 2)
            let count = Int(half / spacing)
            // A frame one pixel thin still gets its middle line.
            let offsets = (-count...count).map { Float($0) * spacing }
            return Family(direction: direction, offsets: offsets, spacing: spacing)
        }
    }

    /// The ends of the line at `offset` in `family`, before clipping.
    func ends(of family: Family, at offset: Float) -> (x0: Float, y0: Float, x1: Float, y1: Float) {
        let (u, n) = (family.direction, family.normal)
        let fx = centre.x + offset * n.x, fy = centre.y + offset * n.y
        return (fx - reach * u.x, fy - reach * u.y, fx + reach * u.x, fy + reach * u.y)
    }

    /// The frame point at `along` pixels from the start of an unclipped line
    /// of `family` at `offset`.
    func point(in family: Family, along: Float, offset: Float) -> Point {
        let (u, n) = (family.direction, family.normal)
        let t = along - reach
        return Point(
            x: Double(centre.x + t * u.x + offset * n.x),
            y: Double(centre.y + t * u.y + offset * n.y))
    }
}
