import CV4L2

/// Live luma frames from a V4L2 camera, like an AVCaptureVideoDataOutput:
/// mmap streaming with a ring of driver buffers.
///
/// Formats whose luma plane comes first (GREY, NV12, NV21, YU12, YV12)
/// arrive without a copy: the frame borrows the driver's buffer, which goes
/// back to the driver when the frame is released, from any thread. Packed
/// YUV is copied once with a stride, RGB converted, MJPEG decoded. A frame
/// the driver flags as broken, a short one and an MJPEG frame that does not
/// decode are thrown as `damagedFrame`, never decoded.
public final class CameraFrameSource: FrameSource {
    /// The camera the frames come from.
    public let device: CaptureDevice
    /// The negotiated format.
    public let format: StreamFormat
    /// The camera's controls, on this source's descriptor.
    public let controls: CameraControls
    /// How long `nextFrame()` waits before it throws `timeout`.
    public var timeout: Duration = .seconds(5)

    private let buffers: CaptureBuffers
    private let luma: LumaLayout

    /// Opens `device`, negotiates a format for `request` and starts
    /// streaming into `bufferCount` buffers (at least 4 is wise: frames
    /// hold buffers while they are decoded).
    public init(device: CaptureDevice, request: FormatRequest = FormatRequest(), bufferCount: Int = 4) throws(CaptureError) {
        let handle = try V4L2Handle(path: device.path)
        let choice = try request.choose(from: CaptureDevice.formats(of: handle), path: device.path)
        guard let luma = choice.format.pixelFormat.luma else {
            throw CaptureError.unsupportedFormat(path: device.path, reason: "no luma in \(choice.format.pixelFormat)", offered: [])
        }
        self.device = device
        self.luma = luma
        format = try StreamFormat.apply(choice, to: handle)
        controls = CameraControls(handle: handle)
        buffers = try CaptureBuffers(handle: handle, count: max(bufferCount, 2))
        try buffers.start()
    }

    deinit {
        buffers.stop()
    }

    /// The camera's device node, e.g. /dev/video0.
    public var name: String { device.path }
    /// A camera is live: frames come whether or not they are taken.
    public var isLive: Bool { true }
    /// The time between frames the driver set, when it reports one.
    public var frameInterval: Duration? { format.frameInterval }

    /// Waits for the next frame. Never returns nil: a camera does not end.
    /// Throws `lost` when the camera goes away, fails or stalls for
    /// `timeout` (`CaptureError.timeout`), and `damagedFrame` for a frame
    /// that cannot be used.
    public func nextFrame() throws(FrameSourceError) -> CapturedFrame? {
        do {
            return try next()
        } catch let error as FrameSourceError {
            throw error
        } catch let error as CaptureError {
            throw .lost(error)
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    private func next() throws -> CapturedFrame {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let left = clock.now.duration(to: deadline)
            guard left > .zero, try buffers.handle.waitForFrame(timeout: left) else {
                throw CaptureError.timeout(path: name, waited: timeout)
            }
            guard let filled = try buffers.dequeue() else { continue }
            let sequence = filled.sequence
            guard !filled.isError else {
                buffers.requeue(filled.index)
                throw FrameSourceError.damagedFrame(.flaggedByDriver(sequence: sequence))
            }
            let frame: Frame
            do throws(FrameSourceError) {
                frame = try self.frame(from: filled)
            } catch {
                buffers.requeue(filled.index)
                throw error
            }
            return CapturedFrame(frame: frame, sequence: sequence, captureTime: filled.timestamp)
        }
    }

    /// The luma frame in `filled`. The caller requeues the buffer when this throws.
    private func frame(from filled: CaptureBuffers.Filled) throws(FrameSourceError) -> Frame {
        let (width, height, stride) = (format.width, format.height, format.bytesPerLine)
        guard let needed = luma.bytesNeeded(width: width, height: height, bytesPerLine: stride) else {
            // A decoded JPEG owns its pixels.
            let decoded = try decodeJPEG(filled.bytes)
            buffers.requeue(filled.index)
            return decoded
        }
        guard filled.bytes.count >= needed else {
            throw .damagedFrame(.short(sequence: filled.sequence, bytes: filled.bytes.count, needed: needed))
        }
        if luma == .plane && filled.mayLend {
            return Frame(width: width, height: height, stride: stride, storage: buffers.lend(filled.index, count: needed))
        }
        defer { buffers.requeue(filled.index) }
        return luma.copyLuma(from: filled.bytes, width: width, height: height, bytesPerLine: stride)
    }

    /// An MJPEG frame, decoded straight to luma by the same libjpeg path as
    /// image files, at a reduced scale when the frame is far larger than a
    /// scanner needs. A corrupt frame is common over USB.
    private func decodeJPEG(_ bytes: UnsafeRawBufferPointer) throws(FrameSourceError) -> Frame {
        let scale: JPEGScale = format.width > 2560 ? .quarter : format.width > 1280 ? .half : .full
        do {
            return try JPEGDecoder.decode(bytes, scale: scale, name: name)
        } catch {
            throw .damagedFrame(.undecodable(error))
        }
    }
}

extension CaptureDevice {
    /// Starts capturing from this device; see `CameraFrameSource`.
    public func open(_ request: FormatRequest = FormatRequest(), bufferCount: Int = 4) throws(CaptureError) -> CameraFrameSource {
        try CameraFrameSource(device: self, request: request, bufferCount: bufferCount)
    }
}
