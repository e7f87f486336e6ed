/// The largest image the loader agrees to read and decode.
///
/// Every decoder checks the dimensions from the file's header against this
/// limit before it allocates pixel memory, so a corrupt or hostile header
/// claiming 100000x100000 pixels fails at once instead of allocating 10 GB.
/// Recordings check their frame size against it too, and no input is read
/// past `maxBytes`, so an endless one (`/dev/zero`, a pipe) ends at the cap.
public struct ImageSizeLimit: Sendable, Hashable {
    /// The most pixels (width x height) an image may have.
    public var maxPixels: Int
    /// The longest either side may be.
    public var maxSide: Int
    /// The most bytes read from one image file or standard input, and the
    /// largest image in an MJPEG stream.
    public var maxBytes: Int
    /// The most memory decoding one image may take, its frame included,
    /// where a decoder can tell from the header before it allocates (WebP:
    /// libwebp's colour output and, for lossless or alpha, its whole-image
    /// ARGB buffer). A small file whose header claims a huge size then fails
    /// at once instead of taking half a gigabyte.
    public var maxDecodingBytes: Int

    /// A limit of `maxPixels` pixels, `maxSide` pixels per side, `maxBytes`
    /// of input and `maxDecodingBytes` of decoding memory.
    public init(
        maxPixels: Int, maxSide: Int, maxBytes: Int = ImageSizeLimit.standardMaxBytes,
        maxDecodingBytes: Int = ImageSizeLimit.standardMaxDecodingBytes
    ) {
        self.maxPixels = maxPixels
        self.maxSide = maxSide
        self.maxBytes = maxBytes
        self.maxDecodingBytes = maxDecodingBytes
    }

    /// 256 MiB: with the file itself, a process stays under the 300 MB the
    /// hostile-input tests allow. A 64 MP lossy or a 28 MP lossless WebP fits.
    public static let standardMaxDecodingBytes = 256 << 20

    /// 128 MiB: a 100 MP gray PGM (the largest plain image) fits; a file
    /// over it is refused before it is read, and the buffer, the decoder and
    /// the frame together stay near 300 MB.
    public static let standardMaxBytes = 128 << 20

    /// 100 megapixels and 65535 pixels per side: far above any photo or
    /// scan of a barcode, far below what would exhaust memory (a 100 MP
    /// luma frame is 100 MB).
    public static let standard = ImageSizeLimit(maxPixels: 100_000_000, maxSide: 65_535)

    /// Whether a `width` x `height` image fits.
    public func allows(width: Int, height: Int) -> Bool {
        guard width > 0 && height > 0 && width <= maxSide && height <= maxSide else { return false }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && pixels <= maxPixels
    }

    /// Checks the header's dimensions, then allocates a packed frame and lets
    /// `fill` decode into it: the one way decoders allocate pixels.
    func makeFrame(
        width: Int, height: Int, format: ImageFormat, name: String,
        fill: (UnsafeMutableRawBufferPointer) throws(ImageLoadError) -> Void
    ) throws(ImageLoadError) -> Frame {
        try check(width: width, height: height, format: format, name: name)
        var failure: ImageLoadError?
        let storage = PixelStorage(count: width * height) { pixels in
            do throws(ImageLoadError) { try fill(pixels) } catch { failure = error }
        }
        if let failure { throw failure }
        return Frame(width: width, height: height, storage: storage)
    }

    /// Throws unless decoding a `width` x `height` image (already `check`ed)
    /// at `bytesPerPixel` of memory, its frame included, fits `maxDecodingBytes`.
    func checkDecodingMemory(
        width: Int, height: Int, bytesPerPixel: Int, format: ImageFormat, name: String
    ) throws(ImageLoadError) {
        let (needed, overflow) = (width * height).multipliedReportingOverflow(by: bytesPerPixel)
        guard overflow || needed > maxDecodingBytes else { return }
        throw .tooMuchMemory(
            name: name, format: format, width: width, height: height, bytes: overflow ? Int.max : needed, limit: self)
    }

    /// Throws unless the header's `width` x `height` is a size this limit allows.
    func check(width: Int, height: Int, format: ImageFormat, name: String) throws(ImageLoadError) {
        guard width > 0 && height > 0 else {
            throw .corrupt(name: name, format: format, reason: "the header gives an empty size of \(width)x\(height)")
        }
        guard allows(width: width, height: height) else {
            throw .tooLarge(name: name, width: width, height: height, limit: self)
        }
    }
}
