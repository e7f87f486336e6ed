import Scanner
import ScanOverlay

/// Reads back an overlay image: which pixels were drawn, and where, so
/// tests can hold them against the detections' corners.
///
/// The renderer paints the frame as grey (R = G = B = luma) and every
/// overlay in a saturated colour, so drawing shows as a pixel that differs
/// from the frame's luma, and its colour tells which overlay it is.
public struct OverlayInspection {
    public let image: RGBAImage

    public init(_ image: RGBAImage) {
        self.image = image
    }

    /// Whether `pixel` is within `tolerance` of `colour` on every channel.
    public static func matches(_ pixel: RGBAImage.Pixel, _ colour: RGBAImage.Pixel, tolerance: Int = 40) -> Bool {
        abs(Int(pixel.red) - Int(colour.red)) <= tolerance && abs(Int(pixel.green) - Int(colour.green)) <= tolerance
            && abs(Int(pixel.blue) - Int(colour.blue)) <= tolerance
    }

    /// Whether some pixel of `colour` lies within `radius` pixels of `point`.
    public func hasPixel(of colour: RGBAImage.Pixel, near point: Point, within radius: Double) -> Bool {
        let r = Int(radius.rounded(.up))
        for y in Int(point.y) - r...Int(point.y) + r where (0..<image.height).contains(y) {
            for x in Int(point.x) - r...Int(point.x) + r where (0..<image.width).contains(x) {
                let dx = Double(x) + 0.5 - point.x, dy = Double(y) + 0.5 - point.y
                if dx * dx + dy * dy <= radius * radius, Self.matches(image[x, y], colour) { return true }
            }
        }
        return false
    }

    /// The distance from `point` to the nearest edge of the closed polygon `corners`.
    public static func distance(from point: Point, toOutline corners: [Point]) -> Double {
        guard !corners.isEmpty else { return .infinity }
        return corners.indices.map { i in
            let a = corners[i], b = corners[(i + 1) % corners.count]
            let abx = b.x - a.x, aby = b.y - a.y
            let length = abx * abx + aby * aby
            let t = length == 0 ? 0 : max(0, min(1, ((point.x - a.x) * abx + (point.y - a.y) * aby) / length))
            let dx = point.x - (a.x + t * abx), dy = point.y - (a.y + t * aby)
            return (dx * dx + dy * dy).squareRoot()
        }.min() ?? .infinity
    }

    /// The corners of `rect`, clockwise from the top-left.
    public static func outline(_ rect: PixelRect) -> [Point] {
        [Point(x: Double(rect.x), y: Double(rect.y)), Point(x: Double(rect.x + rect.width), y: Double(rect.y)),
         Point(x: Double(rect.x + rect.width), y: Double(rect.y + rect.height)),
         Point(x: Double(rect.x), y: Double(rect.y + rect.height))]
    }

    /// How many pixels farther than `margin` from every outline, and outside
    /// every box (and its 1-pixel antialiased rim), differ from `frame`'s
    /// luma as opaque grey: paint where none belongs.
    public func alteredPixels(of frame: Frame, outlines: [[Point]], margin: Double, excluding boxes: [PixelRect]) -> Int {
        var altered = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                if boxes.contains(where: { x >= $0.x - 1 && x <= $0.x + $0.width && y >= $0.y - 1 && y <= $0.y + $0.height }) { continue }
                let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                guard outlines.allSatisfy({ Self.distance(from: centre, toOutline: $0) > margin }) else { continue }
                let luma = frame[x, y]
                if image[x, y] != RGBAImage.Pixel(red: luma, green: luma, blue: luma) { altered += 1 }
            }
        }
        return altered
    }
}
