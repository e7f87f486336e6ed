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
}
