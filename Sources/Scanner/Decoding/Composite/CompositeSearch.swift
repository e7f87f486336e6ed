/// GS1 Composites (ISO/IEC 24723) found from their linear component: beside each linear read
/// that can carry a 2D component (EAN/UPC and GS1-128, whose bars say nothing of one, and every
/// DataBar), our MicroPDF417 reader (CC-B) and PDF417 reader (CC-C) look in a band
/// across the bars, both sides (the read does not say which way is up), and the nearest linked
/// read there is joined to it (`CompositeJoin`). The work follows the linear reads: a frame
/// without one costs nothing more.
enum CompositeSearch {
    /// How far the band reaches across the bars beyond the linear read, in its widths: a CC-B of
    /// 44 rows above an EAN-13 is about as tall as the EAN-13 is wide.
    static let reach = 1.1
    /// How far the band reaches along the bars beyond each end, in its widths: an EAN-8's CC-A or
    /// CC-B (82 modules) starts 15 modules before its 67.
    static let overhang = 0.3

    static func attached(_ found: [Detection], in frame: Frame) -> [Detection] {
        found.map { linear in
            guard canCarry(linear), let band = band(around: linear, in: frame) else { return linear }
            let view = frame.cropped(to: band)
            let components = linkedReads(in: view, ccC: linear.symbology == .code128).filter { inBand($0.corners, of: linear) }
            guard let nearest = components.min(by: { distance($0.corners, linear) < distance($1.corners, linear) }) else { return linear }
            return CompositeJoin.joined(linear, nearest.read, component: nearest.kind, corners: nearest.corners) ?? linear
        }
    }

    private static func canCarry(_ detection: Detection) -> Bool {
        detection.composite == nil && detection.corners.count == 4
            && (detection.symbology.isEANUPC || [.databar, .databarLimited, .databarExpanded].contains(detection.symbology)
                || (detection.symbology == .code128 && detection.isGS1))
    }

    struct Component {
        var kind: CompositeComponent
        var read: any MatrixSymbolRead
        /// In image pixels.
        var corners: [Point]
    }

    /// The linked MicroPDF417 and (`ccC`: above GS1-128, the only linear component CC-C goes
    /// with) PDF417 reads in `view`, corners in image pixels.
    private static func linkedReads(in view: Frame, ccC: Bool) -> [Component] {
        let micro = view.matrixReads { luma, width, height, stride, _ in MicroPDF417Reader.read(luma, width: width, height: height, stride: stride) }
            .filter(\.linked).map { Component(kind: .ccB, read: $0, corners: $0.corners.map { view.imagePoint(Point(x: $0.x, y: $0.y)) }) }
        guard ccC else { return micro }
        let full = view.matrixReads { luma, width, height, stride, _ in PDF417Reader.read(luma, width: width, height: height, stride: stride) }
            .filter(\.message.linked).map { Component(kind: .ccC, read: $0, corners: $0.corners.map { view.imagePoint(Point(x: $0.x, y: $0.y)) }) }
        return micro + full
    }

    /// The linear read's axes: its centre, unit vectors along and across the bars, width and height.
    private static func axes(_ d: Detection) -> (centre: Point, along: Point, across: Point, width: Double, height: Double)? {
        let (c0, c1, c3) = (d.corners[0], d.corners[1], d.corners[3])
        let width = ((c1.x - c0.x) * (c1.x - c0.x) + (c1.y - c0.y) * (c1.y - c0.y)).squareRoot()
        guard width > 1 else { return nil }
        let along = Point(x: (c1.x - c0.x) / width, y: (c1.y - c0.y) / width)
        let across = Point(x: -along.y, y: along.x)
        let height = abs((c3.x - c0.x) * across.x + (c3.y - c0.y) * across.y)
        return (d.center, along, across, width, height)
    }

    /// The band in frame pixels, nil when the read is too small to place one.
    private static func band(around linear: Detection, in frame: Frame) -> PixelRect? {
        guard let a = axes(linear) else { return nil }
        let halfAlong = a.width * (0.5 + overhang), halfAcross = a.height / 2 + reach * a.width
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (s, t) in [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)] {
            let x = a.centre.x + s * halfAlong * a.along.x + t * halfAcross * a.across.x - Double(frame.origin.x)
            let y = a.centre.y + s * halfAlong * a.along.y + t * halfAcross * a.across.y - Double(frame.origin.y)
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
