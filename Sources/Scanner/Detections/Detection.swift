/// One barcode found in one image or frame.
public struct Detection: Sendable, Hashable {
    /// Which decoder produced a detection.
    public enum Engine: String, Sendable, Hashable, Codable {
        /// libzbar: 1D codes and QR.
        case zbar
        /// zxing-cpp: PDF417, Aztec and Data Matrix (and its own 1D readers).
        case zxing
        /// This package's own Swift readers (Aztec runes).
        case native
    }

    /// The kind of barcode.
    public var symbology: Symbology
    /// The payload exactly as the symbol encodes it.
    public var bytes: [UInt8]
    /// The payload as text, decoded with the symbol's declared or detected
    /// character set. UPC-A stays 12 digits and UPC-E 8, as encoded; see
    /// `gtin` for the normalised form.
    public var text: String
    /// Four corners in full-image pixel coordinates, clockwise from the
    /// symbol's top-left. For linear codes, the bounding box of the scan.
    public var corners: [Point]
    /// The decoder that read it.
    public var engine: Engine
    /// How many independent reads agree on this one: scan lines at distinct
    /// places, engines, and passes (scales, turns) that read the same
    /// payload at the same place. A 1D code carries only a check digit, so
    /// a single read of it may be a misread; error-corrected 2D codes are
    /// trusted on one read. Also chooses between conflicting readings.
    public var evidence = 1

    /// A detection with every field given.
    public init(symbology: Symbology, bytes: [UInt8], text: String, corners: [Point], engine: Engine) {
        self.symbology = symbology
        self.bytes = bytes
        self.text = text
        self.corners = corners
        self.engine = engine
    }

    /// For EAN and UPC codes, the 13-digit GTIN: UPC-A gains a leading 0 and
    /// UPC-E is first expanded to UPC-A. `nil` for other symbologies.
    public var gtin: String? { GTIN.normalised(text, symbology: symbology) }

    /// The same detection with each corner moved by `transform`: from a
    /// derived or cut-out image's pixels back to the image it came from.
    func mapped(_ transform: (Point) -> Point) -> Detection {
        var moved = self
        moved.corners = corners.map(transform)
        return moved
    }

    /// The centre of the corners.
    public var center: Point {
        let n = Double(max(corners.count, 1))
        return Point(x: corners.map(\.x).reduce(0, +) / n, y: corners.map(\.y).reduce(0, +) / n)
    }

    /// The axis-aligned box around the corners.
    public var boundingBox: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (corners.map(\.x).min() ?? 0, corners.map(\.y).min() ?? 0,
         corners.map(\.x).max() ?? 0, corners.map(\.y).max() ?? 0)
    }
}
