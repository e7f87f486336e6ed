import Scanner

/// A frame with its detections and region of interest drawn over it.
public struct Overlay: Sendable, Hashable {
    /// The frame as grey with the overlays in colour.
    public let image: RGBAImage
    /// Where each mark's label box was drawn, in the order of the marks:
    /// where a UI can hit-test a tap on a label.
    public let labelBoxes: [PixelRect]
}
