import Scanner

/// A colour picture, 8 bits per channel, red-green-blue-alpha, rows packed
/// without padding: what the overlay renderer returns, ready to upload as a
/// texture or write as a PNG.
///
/// Alpha is straight (not premultiplied), as texture uploads and PNG expect.
public struct RGBAImage: Sendable, Hashable {
    /// One pixel's channels.
    public struct Pixel: Sendable, Hashable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8
        public var alpha: UInt8

        /// A pixel; opaque unless `alpha` says otherwise.
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }

    /// Pixels across.
    public let width: Int
    /// Rows of pixels.
    public let height: Int
    /// `width * height * 4` bytes, R, G, B, A for each pixel, row by row.
    public let bytes: [UInt8]

    /// Wraps `bytes`, which must hold `width * height * 4` bytes.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width > 0 && height > 0, "image size \(width)x\(height) is empty")
        precondition(bytes.count == width * height * 4, "byte count does not match \(width)x\(height) RGBA")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> Pixel {
        let i = (y * width + x) * 4
        return Pixel(red: bytes[i], green: bytes[i + 1], blue: bytes[i + 2], alpha: bytes[i + 3])
    }

    /// Reads a PNG file through cairo's PNG reader.
    public init(contentsOfPNG path: String) throws(OverlayError) {
        self = try CairoCanvas(readingPNG: path).image()
    }

    /// Writes the image to `path` as a PNG, through cairo's PNG writer.
    public func writePNG(to path: String) throws(OverlayError) {
        let canvas = try CairoCanvas(width: width, height: height)
        canvas.paint(self)
        try canvas.writePNG(to: path)
    }
}
