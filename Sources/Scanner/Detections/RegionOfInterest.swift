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
        func failure(_ reason: String? = nil) -> RegionOfInterestError {
            RegionOfInterestError(text: "\(x),\(y),\(width),\(height)", reason: reason)
        }
        guard values.allSatisfy({ $0.isFinite }), x >= 0, y >= 0, width > 0, height > 0 else { throw failure() }
        // The usual slip: a region that starts well and runs off the frame.
        // Say which edge, and the most that fits.
        guard x + width <= 1.000_001 else {
            throw failure("x + width is \(Self.sum(x, width)), past the right edge: the width can be at most \(Self.sum(1, -x))")
        }
        guard y + height <= 1.000_001 else {
            throw failure("y + height is \(Self.sum(y, height)), past the bottom edge: the height can be at most \(Self.sum(1, -y))")
        }
        self.init(uncheckedX: x, y: y, width: min(width, 1 - x), height: min(height, 1 - y))
    }

    /// `a + b` as a person writes it: 0.5 + 0.6 is 1.1, not 1.0999999999999999.
    private static func sum(_ a: Double, _ b: Double) -> Double {
        ((a + b) * 1_000_000).rounded() / 1_000_000
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
    /// What is wrong with a value of the right form (an edge past the
    /// frame); nil when the form itself is wrong.
    public let reason: String?

    public init(text: String, reason: String? = nil) {
        self.text = text
        self.reason = reason
    }

    /// The message for a person: the value given, what is wrong with it and the form to use.
    public var description: String {
        "invalid region of interest '\(text)': " + (reason.map { $0 + "; " } ?? "")
            + "give x,y,width,height as fractions of the frame between 0 and 1, for example "
            + "0.25,0.25,0.5,0.5 for the centre quarter"
    }
}
