import Scanner

/// One detection to draw, and whether it is new.
public struct OverlayMark: Sendable, Hashable {
    /// Whether a code was just found or is still in view: the two are drawn
    /// in different colours, so a cashier sees the moment an item registers.
    public enum Freshness: Sendable, Hashable {
        /// Reported in this frame (an `appeared` event; every code of a still image).
        case fresh
        /// Seen before and still being tracked.
        case tracked
    }

    /// The detection, its corners in the frame's pixels.
    public var detection: Detection
    /// How to colour it.
    public var freshness: Freshness

    /// A mark for `detection`.
    public init(_ detection: Detection, _ freshness: Freshness = .fresh) {
        self.detection = detection
        self.freshness = freshness
    }
}
