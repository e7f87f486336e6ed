/// The largest image the loader agrees to decode.
///
/// Every decoder checks the dimensions from the file's header against this
/// limit before it allocates pixel memory, so a corrupt or hostile header
/// claiming 100000x100000 pixels fails at once instead of allocating 10 GB.
public struct ImageSizeLimit: Sendable, Hashable {
    /// The most pixels (width x height) an image may have.
    public var maxPixels: Int
    /// The longest either side may be.
    public var maxSide: Int

    /// A limit of `maxPixels` pixels and `maxSide` pixels per side.
    public init(maxPixels: Int, maxSide: Int) {
        self.maxPixels = maxPixels
        self.maxSide = maxSide
    }

    /// 100 megapixels and 65535 pixels per side: far above any photo or
    /// scan of a barcode, far below what would exhaust memory (a 100 MP
    /// luma frame is 100 MB).
    public static let standard = ImageSizeLimit(maxPixels: 100_000_000, maxSide: 65_535)

    /// Whether a `width` x `height` image fits.
    public func allows(width: Int, height: Int) -> Bool {
        // Sides first, so that the product cannot overflow.
        width > 0 && height > 0 && width <= maxSide && height <= maxSide && width * height <= maxPixels
    }

    /// Checks the header's dimensions, then allocates a packed frame and lets
    /// `fill` decode into it: the one way decoders allocate pixels.
    func makeFrame(
        width: Int, height: Int, format: ImageFormat, name: String,
        fill: (UnsafeMutableRawBufferPointer) throws(ImageLoadError) -> Void
    ) throws(ImageLoadError) -> Frame {
        guard width > 0 && height > 0 else {
            throw .corrupt(name: name, format: format, reason: "the header gives an empty size of \(width)x\(height)")
        }
        guard allows(width: width, height: height) else {
            throw .tooLarge(name: name, width: width, height: height, limit: self)
        }
        var failure: ImageLoadError?
        let storage = PixelStorage(count: width * height) { pixels in
            do throws(ImageLoadError) { try fill(pixels) } catch { failure = error }
        }
        if let failure { throw failure }
        return Frame(width: width, height: height, storage: storage)
    }
}
