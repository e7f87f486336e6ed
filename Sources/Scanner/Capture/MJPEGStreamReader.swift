import Foundation

/// Replays an MJPEG stream file: JPEG images back to back, as a UVC camera
/// sends them. Each decodes through the same libjpeg path as the camera's
/// MJPEG frames, straight to luma.
public final class MJPEGStreamReader: FrameSource {
    /// The file's path.
    public let name: String
    /// The time between frames' capture times, as given to `init`.
    public let frameInterval: Duration?
    private let data: [UInt8]
    private let scale: JPEGScale
    private var position = 0
    private var index: UInt64 = 0
    private var pacing: ReplayPacing

    /// Opens `path`; frames are stamped `frameInterval` apart. With
    /// `realTime`, `nextFrame` waits so that frames come at that rate;
    /// without it, as fast as they decode.
    public init(
        path: String, frameInterval: Duration = .milliseconds(33), scale: JPEGScale = .full, realTime: Bool = false
    ) throws(RecordingError) {
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw .cannotOpenRecording(path: path, reason: "cannot be read")
        }
        data = Array(contents)
        guard data.starts(with: [0xFF, 0xD8]) else {
            throw .badRecording(path: path, reason: "it does not start with a JPEG image")
        }
        name = path
        self.frameInterval = frameInterval
        self.scale = scale
        pacing = ReplayPacing(realTime: realTime)
    }

    /// A recording is not live: frames come when asked, and all of them.
    public var isLive: Bool { false }

    /// The next image, decoded to luma; nil at the end of the file. An
    /// image that does not decode is thrown as `damagedFrame`, and the next
    /// call goes on after it.
    public func nextFrame() throws(FrameSourceError) -> CapturedFrame? {
        guard let range = Self.nextImage(in: data, from: position) else { return nil }
        position = range.upperBound
        defer { index += 1 }
        let captureTime = (frameInterval ?? .zero) * Int(index)
        let frame: Frame
        do {
            frame = try JPEGDecoder.decode(Array(data[range]), scale: scale, name: "\(name) frame \(index)")
        } catch {
            throw .damagedFrame(.undecodable(error))
        }
        pacing.wait(until: captureTime)
        return CapturedFrame(frame: frame, sequence: index, captureTime: captureTime)
    }

    /// The next image: from a start-of-image marker to the end-of-image
    /// marker that is followed by the next image or the end of the file
    /// (an EXIF thumbnail has its own markers inside).
    static func nextImage(in data: [UInt8], from start: Int) -> Range<Int>? {
        var begin = start
        while begin + 1 < data.count, !(data[begin] == 0xFF && data[begin + 1] == 0xD8) { begin += 1 }
        guard begin + 1 < data.count else { return nil }
        var end = begin + 2
        while end + 1 < data.count {
            if data[end] == 0xFF, data[end + 1] == 0xD9 {
                let after = end + 2
                if after >= data.count || (after + 1 < data.count && data[after] == 0xFF && data[after + 1] == 0xD8) {
                    return begin..<after
                }
            }
            end += 1
        }
        return begin..<data.count  // a cut-off last image: let the decoder judge it
    }
}
