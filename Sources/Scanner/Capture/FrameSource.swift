/// Anything that delivers luma frames: a V4L2 camera, a Y4M recording, an
/// MJPEG stream file. One pipeline serves them all.
///
/// A source is used from one thread at a time (the capture thread).
public protocol FrameSource: AnyObject {
    /// A name for messages: the device path or file name.
    var name: String { get }
    /// Whether frames arrive in real time whether or not anyone takes them
    /// (a camera: a session drops late frames and reopens the device when
    /// it is lost) or only when asked (a recording: every frame is decoded,
    /// and the stream ends).
    var isLive: Bool { get }
    /// The time between frames the source promises, when it knows it.
    var frameInterval: Duration? { get }
    /// Blocks until the next frame. Returns `nil` at the end of a finite
    /// stream. Every failure is a `FrameSourceError`, whose case says what
    /// the caller should do.
    func nextFrame() throws(FrameSourceError) -> CapturedFrame?
    /// Cuts short, from another thread (a session's `stop()`), a
    /// `nextFrame` that waits: it and every later call return nil. Nil for
    /// a source whose waits end soon on their own (a camera delivers within
    /// a frame interval); the default.
    var interrupter: (@Sendable () -> Void)? { get }
}

extension FrameSource {
    public var interrupter: (@Sendable () -> Void)? { nil }
}

extension Duration {
    /// The time between frames where a stream does not say (an MJPEG file, a
    /// Y4M header without a rate, a recording of a source that did not say):
    /// 30 frames a second, as most cameras deliver.
    public static let defaultFrameInterval: Duration = .seconds(1) / 30
}

/// A frame as a source delivered it: its place in the stream and its
/// capture time are always known.
public struct CapturedFrame: Sendable {
    /// The luma plane.
    public var frame: Frame
    /// The frame's position in its stream (the driver's count for a camera).
    public var sequence: UInt64
    /// When the frame was captured, on the source's monotonic clock: the
    /// driver's timestamp for a camera, frame index over rate for a recording.
    public var captureTime: Duration

    /// `frame`, stamped with `sequence` and `captureTime` (the frame's own
    /// fields are set to match).
    public init(frame: Frame, sequence: UInt64, captureTime: Duration) {
        var frame = frame
        frame.sequence = sequence
        frame.captureTime = captureTime
        self.frame = frame
        self.sequence = sequence
        self.captureTime = captureTime
    }
}

/// Why a frame source delivered no frame. A session switches on the case:
/// it reopens a lost device, counts and skips a damaged frame, and ends on
/// an unreadable recording.
public enum FrameSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The device stopped working (unplugged, stalled, failing). Close
    /// every handle on it; a live device may be reopened.
    case lost(CaptureError)
    /// One frame was damaged and skipped; the next call goes on.
    case damagedFrame(FrameDamage)
    /// The recording cannot be read on: it is malformed or unreadable.
    case unreadable(RecordingError)

    public var description: String {
        switch self {
        case .lost(let error): error.description
        case .damagedFrame(let damage): damage.description
        case .unreadable(let error): error.description
        }
    }
}

/// What was wrong with a frame that was skipped.
public enum FrameDamage: Equatable, Sendable, CustomStringConvertible {
    /// The driver flagged the buffer as broken (V4L2_BUF_FLAG_ERROR).
    case flaggedByDriver(sequence: UInt64)
    /// The buffer held fewer bytes than the format needs.
    case short(sequence: UInt64, bytes: Int, needed: Int)
    /// A compressed frame (MJPEG) that does not decode.
    case undecodable(ImageLoadError)

    public var description: String {
        switch self {
        case .flaggedByDriver(let sequence): "frame \(sequence) was flagged as broken by the driver"
        case .short(let sequence, let bytes, let needed): "frame \(sequence) holds \(bytes) bytes of \(needed)"
        case .undecodable(let error): error.description
        }
    }
}
