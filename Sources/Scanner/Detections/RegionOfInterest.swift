import Glibc

/// The part of each frame that is decoded, as fractions of the frame's width
/// and height with a top-left origin, like AVFoundation's `rectOfInterest`.
///
/// The default covers the whole frame. Detections found inside the region
/// still report corners in full-image pixel coordinates.
public struct RegionOfInterest: Sendable, Hashable {
    /// The left edge, as a fraction of the frame's width (0...1).
    public let x: Double
    /// The top edge, as a fraction of the frame's height (0...1).
    public let y: Double
    /// The width, as a fraction of the frame's width (0...1).
    public let width: Double
    /// The height, as a fraction of the frame's height (0...1).
    public let height: Double

    /// The whole frame.
    public static let full = RegionOfInterest(uncheckedX: 0, y: 0, width: 1, height: 1)

    /// Creates a region; every edge must lie within 0...1 and the region
    /// must not be empty.
    public init(x: Double, y: Double, width: Double, height: Double) throws(RegionOfInterestError) {
        let values = [x, y, width, height]
        guard values.allSatisfy({ $0.isFinite }), x >= 0, y >= 0, width > 0, height > 0,
              x + width <= 1.000_001, y + height <= 1.000_001
        else { throw RegionOfInterestError(text: "\(x),\(y),\(width),\(height)") }
        self.init(uncheckedX: x, y: y, width: min(width, 1 - x), height: min(height, 1 - y))
    }

    private init(uncheckedX x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Parses the command-line form `x,y,w,h`, for example `0.25,0.25,0.5,0.5`.
    public init(parsing text: String) throws(RegionOfInterestError) {
        let parts = text.split(separator: ",").map { Double($0.trimming(while: \.isWhitespace)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3] else {
            throw RegionOfInterestError(text: text)
        }
        try self.init(x: x, y: y, width: w, height: h)
    }

    /// Whether the region is the whole frame.
    public var isFull: Bool { self == .full }

    /// The pixel rectangle this region covers in a `width`×`height` image,
    /// rounded outwards and never empty.
    public func pixelRect(width imageWidth: Int, height imageHeight: Int) -> PixelRect {
        let left = Int((x * Double(imageWidth)).rounded(.down))
        let top = Int((y * Double(imageHeight)).rounded(.down))
        let right = Int(((x + width) * Double(imageWidth)).rounded(.up))
        let bottom = Int(((y + height) * Double(imageHeight)).rounded(.up))
        let clampedLeft = min(max(left, 0), max(imageWidth - 1, 0))
        let clampedTop = min(max(top, 0), max(imageHeight - 1, 0))
        return PixelRect(
            x: clampedLeft, y: clampedTop,
            width: max(1, min(right, imageWidth) - clampedLeft),
            height: max(1, min(bottom, imageHeight) - clampedTop))
    }
}

/// A region of interest outside the unit square, or not of the form `x,y,w,h`.
public struct RegionOfInterestError: Error, CustomStringConvertible, Sendable {
    /// The value as given.
    public let text: String
    /// The message for a person: the value given and the form to use.
    public var description: String {
        "invalid region of interest '\(text)': give x,y,width,height as fractions of the frame "
            + "between 0 and 1, for example 0.25,0.25,0.5,0.5 for the centre quarter"
    }
}
