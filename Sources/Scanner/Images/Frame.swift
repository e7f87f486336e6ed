/// An 8-bit luma (Y) plane: the only input the decoders need.
///
/// Rows may be padded (`stride >= width`), as camera buffers often are. A
/// frame is a view into a `PixelStorage`; `cropped(to:)` returns another
/// view of the same bytes, whose `origin` records where it sits in the full
/// image so that detections map back to full-image coordinates.
public struct Frame: Sendable {
    /// Pixels across.
    public let width: Int
    /// Rows of pixels.
    public let height: Int
    /// Bytes from the start of one row to the start of the next.
    public let stride: Int
    /// Where this frame's top-left pixel lies in the image it was cut from.
    public let origin: PixelRect
    /// The frame's position in its stream (0 for still images).
    public var sequence: UInt64
    /// When the frame was captured, on the source's monotonic clock
    /// (the driver's timestamp for a camera, frame index / rate for a
    /// recording). `nil` for still images.
    public var captureTime: Duration?

    let storage: PixelStorage
    let offset: Int

    /// Wraps `storage`, which must hold `stride * (height - 1) + width` bytes
    /// from `offset`.
    public init(
        width: Int, height: Int, stride: Int? = nil, storage: PixelStorage, offset: Int = 0,
        sequence: UInt64 = 0, captureTime: Duration? = nil
    ) {
        let stride = stride ?? width
        precondition(width > 0 && height > 0 && stride >= width, "frame geometry is invalid")
        precondition(offset + stride * (height - 1) + width <= storage.bytes.count, "frame exceeds its storage")
        self.width = width
        self.height = height
        self.stride = stride
        self.storage = storage
        self.offset = offset
        self.origin = PixelRect(x: 0, y: 0, width: width, height: height)
        self.sequence = sequence
        self.captureTime = captureTime
    }

    /// A frame that owns a copy of `pixels`, tightly packed row by row.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "pixel count does not match \(width)x\(height)")
        self.init(width: width, height: height, storage: PixelStorage(copying: pixels))
    }

    private init(cropping parent: Frame, to rect: PixelRect) {
        width = rect.width
        height = rect.height
        stride = parent.stride
        storage = parent.storage
        offset = parent.offset + rect.y * parent.stride + rect.x
        origin = PixelRect(x: parent.origin.x + rect.x, y: parent.origin.y + rect.y, width: rect.width, height: rect.height)
        sequence = parent.sequence
        captureTime = parent.captureTime
    }

    /// New pixels for this frame, `width` bytes a row in `storage`, in the
    /// same place in the same image.
    init(repainting frame: Frame, storage: PixelStorage) {
        precondition(storage.bytes.count >= frame.width * frame.height, "frame exceeds its storage")
        width = frame.width
        height = frame.height
        stride = frame.width
        self.storage = storage
        offset = 0
        origin = frame.origin
        sequence = frame.sequence
        captureTime = frame.captureTime
    }

    /// The part of this frame inside `rect` (in this frame's pixels), sharing
    /// its bytes. The rectangle is clipped to the frame.
    public func cropped(to rect: PixelRect) -> Frame {
        let x = min(max(rect.x, 0), width - 1)
        let y = min(max(rect.y, 0), height - 1)
        let clipped = PixelRect(
            x: x, y: y, width: max(1, min(rect.width, width - x)), height: max(1, min(rect.height, height - y)))
        if clipped == PixelRect(x: 0, y: 0, width: width, height: height) { return self }
        return Frame(cropping: self, to: clipped)
    }

    /// The part of this frame inside a normalised region of interest.
    public func cropped(to region: RegionOfInterest) -> Frame {
        region.isFull ? self : cropped(to: region.pixelRect(width: width, height: height))
    }

    /// A point of this frame in the pixels of the image it was cut from.
    public func imagePoint(_ point: Point) -> Point {
        Point(x: point.x + Double(origin.x), y: point.y + Double(origin.y))
    }

    /// A point of the image this frame was cut from in the frame's own pixels (`imagePoint` undone).
    public func framePoint(_ point: Point) -> Point {
        Point(x: point.x - Double(origin.x), y: point.y - Double(origin.y))
    }

    /// The luma at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt8 {
        storage.bytes[offset + y * stride + x]
    }

    /// Calls `body` with the frame's bytes, starting at its top-left pixel and
    /// spanning `stride * (height - 1) + width` bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let span = stride * (height - 1) + width
        return try body(UnsafeRawBufferPointer(rebasing: storage.bytes[offset..<offset + span]))
    }

    /// The pixels packed without row padding, row by row.
    public var packedPixels: [UInt8] {
        var result = [UInt8]()
        result.reserveCapacity(width * height)
        withUnsafeBytes { bytes in
            for row in 0..<height {
                result.append(contentsOf: bytes[row * stride..<row * stride + width])
            }
        }
        return result
    }
}
