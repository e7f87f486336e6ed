/// A linear read and its 2D component as one detection: the linear symbol's GS1 data (an EAN
/// or UPC's GTIN as AI (01)) followed by the component's element strings, in the transmitted
/// form our GS1 output uses (GS after a field without a predefined length), `isGS1`, corners
/// around both, and which component it was.
enum CompositeJoin {
    /// nil when either part is no valid GS1 data: the linear read is then reported alone.
    /// `bits`: the component's bit stream (`CompositeData`).
    static func joined(_ linear: Detection, _ component: any MatrixSymbolRead, bits: DataBarBits, component kind: CompositeComponent,
                       corners: [Point]) -> Detection? {
        guard let componentData = CompositeData.decode(bits),
              case .success(let second) = GS1ElementString.parse(componentData),
              case .success(let first) = GS1ElementString.parse(linearData(linear)) else { return nil }
        let bytes = GS1ElementString(elements: first.elements + second.elements).transmitted
        var joined = linear
        joined.bytes = bytes
        joined.text = String(decoding: bytes, as: UTF8.self)
        joined.isGS1 = true
        joined.composite = kind
        joined.matrix = component.symbolInfo
        joined.corners = around(linear.corners, corners)
        return joined
    }

    private static func linearData(_ linear: Detection) -> [UInt8] {
        if linear.isGS1 { return linear.bytes }
        return Array(("01" + (linear.gtin ?? "")).utf8)
    }

    /// The box along the linear read's own axes that holds both parts, in its corners' order.
    private static func around(_ linear: [Point], _ component: [Point]) -> [Point] {
        let (origin, c1, c3) = (linear[0], linear[1], linear[3])
        let ux = c1.x - origin.x, uy = c1.y - origin.y
        let length = (ux * ux + uy * uy).squareRoot()
        guard length > 0 else { return linear }
        let u = Point(x: ux / length, y: uy / length)
        // Across, towards the linear read's last corner.
        let side = (c3.x - origin.x) * -u.y + (c3.y - origin.y) * u.x < 0 ? -1.0 : 1.0
        let v = Point(x: -u.y * side, y: u.x * side)
        var lowA = Double.infinity, highA = -Double.infinity, lowB = Double.infinity, highB = -Double.infinity
        for p in linear + component {
            let a = (p.x - origin.x) * u.x + (p.y - origin.y) * u.y, b = (p.x - origin.x) * v.x + (p.y - origin.y) * v.y
            lowA = min(lowA, a); highA = max(highA, a); lowB = min(lowB, b); highB = max(highB, b)
        }
        func point(_ a: Double, _ b: Double) -> Point { Point(x: origin.x + a * u.x + b * v.x, y: origin.y + a * u.y + b * v.y) }
        return [point(lowA, lowB), point(highA, lowB), point(highA, highB), point(lowA, highB)]
    }
}
