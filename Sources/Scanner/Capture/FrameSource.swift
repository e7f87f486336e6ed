/// Anything that delivers luma frames: a V4L2 camera, a Y4M recording, an
/// MJPEG stream file. One pipeline serves them all.
///
/// A source is used from one thread at a time (the capture thread).
public protocol FrameSource: AnyObject {
    /// A name for messages: the device path or file name.
    var name: String { get }
    /// The time between frames the source promises, when it knows it.
    var frameInterval: Duration? { get }
    /// Blocks until the next frame. Returns `nil` at the end of a finite
    /// stream. Frames carry their sequence number and capture time.
    func nextFrame() throws -> Frame?
}
