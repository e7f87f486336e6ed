import Glibc

/// GS1 Composites (ISO/IEC 24723) found from their linear component: beside each linear read
/// that can carry a 2D component (EAN/UPC and GS1-128, whose bars say nothing of one, and every
/// DataBar), our MicroPDF417 reader (CC-A, CC-B) and PDF417 reader (CC-C) look in a band
/// across the bars, both sides (the read does not say which way is up), and the nearest linked
/// read there is joined to it (`CompositeJoin`). They search only where a component is
/// announced: by a DataBar's linkage flag, or, for the others, by a cheap probe of strips just
/// beside the bars (`CompositeProbe`). A frame without a linear read costs nothing more, one
/// with a plain EAN-13 a few hundred sparse lines.
enum CompositeSearch {
    /// How far the band reaches across the bars beyond the linear read, in its widths: a CC-B of
    /// 44 rows above an EAN-13 is about as tall as the EAN-13 is wide.
    static let reach = 1.1
    /// How far the band reaches along the bars beyond each end, in its widths: an EAN-8's CC-A or
    /// CC-B (82 modules) starts 15 modules before its 67.
    static let overhang = 0.3
    /// How far the probe's strips reach from the linear read's outline, in its widths: over the
    /// rest of its bars (the read's lines may span only their middle; an EAN-13's bars are 0.73
    /// widths high) and a few rows of a component beyond.
    static let probeDepth = 0.5

    static func attached(_ found: [Detection], in frame: Frame) -> [Detection] {
        found.map { linear in
            guard canCarry(linear), let a = axes(linear), let band = box(a, across: -a.height / 2 - reach * a.width...a.height / 2 + reach * a.width, in: frame)
            else { return linear }
            // A DataBar our reader read says whether it has a component; other linear reads are probed beside their bars.
            let ccC = linear.symbology == .code128
            let yes = linear.linkageFlag ?? [-1.0, 1].contains { side in
                let near = a.height / 2, far = a.height / 2 + probeDepth * a.width
                guard let strip = box(a, across: side < 0 ? -far...(-near) : near...far, in: frame) else { return false }
                return CompositeProbe.sees(frame, box: strip, degrees: rowDegrees(linear), ccC: ccC)
            }
            guard yes else { return linear }
            let view = frame.cropped(to: band)
            let components = linkedReads(in: view, ccC: ccC).filter { inBand($0.corners, of: linear) }
            guard let nearest = components.min(by: { distance($0.corners, linear) < distance($1.corners, linear) }) else { return linear }
            return CompositeJoin.joined(linear, nearest.read, bits: nearest.bits, component: nearest.kind, corners: nearest.corners) ?? linear
        }
    }

    private static func canCarry(_ detection: Detection) -> Bool {
        detection.composite == nil && detection.corners.count == 4
            && (detection.symbology.isEANUPC || detection.symbology.isDataBar
                || (detection.symbology == .code128 && detection.isGS1))
    }

    struct Component {
        var kind: CompositeComponent
        var read: any MatrixSymbolRead
        /// Its bit stream: CC-A's own compaction, CC-B's and CC-C's bytes.
        var bits: DataBarBits
        /// In image pixels.
        var corners: [Point]
    }

    /// The linked MicroPDF417 and (`ccC`: above GS1-128, the only linear component CC-C goes
    /// with) PDF417 reads in `view`, corners in image pixels.
    private static func linkedReads(in view: Frame, ccC: Bool) -> [Component] {
        let micro = view.lumaReads { luma, width, height, stride in MicroPDF417Reader.read(luma, width: width, height: height, stride: stride, ccA: true) }
            .filter(\.linked).map {
                Component(kind: $0.size.isCCA ? .ccA : .ccB, read: $0, bits: $0.compositeBits ?? CompositeData.bits(bytes: $0.bytes),
                          corners: $0.corners.map { view.imagePoint(Point(x: $0.x, y: $0.y)) })
            }
        guard ccC else { return micro }
        let full = view.matrixReads { luma, width, height, stride, binarization in
            PDF417Reader.read(luma, width: width, height: height, stride: stride, binarization: binarization)
        }
            .filter(\.message.linked).map {
                Component(kind: .ccC, read: $0, bits: CompositeData.bits(bytes: $0.bytes), corners: $0.corners.map { view.imagePoint(Point(x: $0.x, y: $0.y)) })
            }
        return micro + full
    }

    /// The linear read's centre, unit vectors along and across the bars, width and height.
    struct Axes {
        var centre: Point, along: Point, across: Point
        var width: Double, height: Double
    }

    private static func axes(_ d: Detection) -> Axes? {
        let (c0, c1, c3) = (d.corners[0], d.corners[1], d.corners[3])
        let width = ((c1.x - c0.x) * (c1.x - c0.x) + (c1.y - c0.y) * (c1.y - c0.y)).squareRoot()
        guard width > 1 else { return nil }
        let along = Point(x: (c1.x - c0.x) / width, y: (c1.y - c0.y) / width)
        let across = Point(x: -along.y, y: along.x)
        let height = abs((c3.x - c0.x) * across.x + (c3.y - c0.y) * across.y)
        return Axes(centre: d.center, along: along, across: across, width: width, height: height)
    }

    /// The direction of the linear symbol's rows (across its bars), degrees clockwise from the x
    /// axis: square to its outline's side, which follows the bars, when the read spans lines
    /// enough to show it; else its scan lines' own direction, which may be turned from the rows.
    private static func rowDegrees(_ d: Detection) -> Double {
        let (c0, c1, c3) = (d.corners[0], d.corners[1], d.corners[3])
        let (bx, by) = (c3.x - c0.x, c3.y - c0.y), (lx, ly) = (c1.x - c0.x, c1.y - c0.y)
        let side = (bx * bx + by * by).squareRoot(), width = (lx * lx + ly * ly).squareRoot()
        guard side > 0.1 * width else { return atan2(ly, lx) * 180 / .pi }
        // The normal of the side, on the side the scan lines run.
        let (nx, ny) = -by * lx + bx * ly > 0 ? (-by, bx) : (by, -bx)
        return atan2(ny, nx) * 180 / .pi
    }

    /// The box in frame pixels around the part of the band `across` spans (offsets from the
    /// linear read's centre across its bars), nil when too small to search.
    private static func box(_ a: Axes, across: ClosedRange<Double>, in frame: Frame) -> PixelRect? {
        let halfAlong = a.width * (0.5 + overhang)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (s, t) in [(-1.0, across.lowerBound), (1, across.lowerBound), (1, across.upperBound), (-1, across.upperBound)] {
            let x = a.centre.x + s * halfAlong * a.along.x + t * a.across.x - Double(frame.origin.x)
            let y = a.centre.y + s * halfAlong * a.along.y + t * a.across.y - Double(frame.origin.y)
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        let x0 = max(0, Int(minX)), y0 = max(0, Int(minY))
        let x1 = min(frame.width, Int(maxX.rounded(.up))), y1 = min(frame.height, Int(maxY.rounded(.up)))
        guard x1 - x0 >= 16, y1 - y0 >= 16 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The component's centre lies within the linear read's extent along the bars, and not on it.
    private static func inBand(_ corners: [Point], of linear: Detection) -> Bool {
        guard !corners.isEmpty, let a = axes(linear) else { return false }
        let (along, across) = offsets(corners, a.centre, a.along, a.across)
        return abs(along) < a.width * (0.5 + overhang) && abs(across) > a.height / 2 && abs(across) < a.height / 2 + reach * a.width
    }

    private static func distance(_ corners: [Point], _ linear: Detection) -> Double {
        guard let a = axes(linear) else { return .infinity }
        let (along, across) = offsets(corners, a.centre, a.along, a.across)
        return (along * along + across * across).squareRoot()
    }

    private static func offsets(_ corners: [Point], _ centre: Point, _ along: Point, _ across: Point) -> (Double, Double) {
        let n = Double(corners.count)
        let dx = corners.reduce(0) { $0 + $1.x } / n - centre.x, dy = corners.reduce(0) { $0 + $1.y } / n - centre.y
        return (dx * along.x + dy * along.y, dx * across.x + dy * across.y)
    }
}
