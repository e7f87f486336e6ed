/// A point in image pixel coordinates, origin at the top-left, y down.
public struct Point: Sendable, Hashable, Codable {
    /// Pixels from the left edge.
    public var x: Double
    /// Pixels from the top edge.
    public var y: Double

    /// The point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An integer pixel rectangle inside an image.
public struct PixelRect: Sendable, Hashable {
    /// Pixels from the image's left edge to the rectangle's.
    public var x: Int
    /// Pixels from the image's top edge to the rectangle's.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// The rectangle with top-left corner (`x`, `y`) and the given size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rectangle holding all of `rects`; nil for none.
    static func enclosing(_ rects: [PixelRect]) -> PixelRect? {
        guard let first = rects.first else { return nil }
        var (left, top, right, bottom) = (first.x, first.y, first.x + first.width, first.y + first.height)
        for rect in rects.dropFirst() {
            left = min(left, rect.x); top = min(top, rect.y)
            right = max(right, rect.x + rect.width); bottom = max(bottom, rect.y + rect.height)
        }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
