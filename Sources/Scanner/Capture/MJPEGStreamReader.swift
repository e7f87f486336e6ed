import Glibc

/// Replays an MJPEG stream file: JPEG images back to back, as a UVC camera
/// sends them. Each decodes through the same libjpeg path as the camera's
/// MJPEG frames, straight to luma.
///
/// The file is read as it is replayed, so memory follows the largest image,
/// not the file's length; an image over `ImageSizeLimit.maxBytes` is damaged
/// and ends the stream.
public final class MJPEGStreamReader: FrameSource {
    /// The file's path.
    public let name: String
    /// The time between frames' capture times, as given to `init`.
    public let frameInterval: Duration?
    private let scale: JPEGScale
    private let limit = ImageSizeLimit.standard
    private let descriptor: Int32
    /// Bytes read and not yet replayed, from `position` on.
    private var data: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var index: UInt64 = 0
    private var pacing: ReplayPacing

    /// Opens `path`; frames are stamped `frameInterval` apart. With
    /// `realTime`, `nextFrame` waits so that frames come at that rate;
    /// without it, as fast as they decode.
    public convenience init(
        path: String, frameInterval: Duration = .defaultFrameInterval, scale: JPEGScale = .full, realTime: Bool = false
    ) throws(RecordingError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotOpenRecording(path: path, reason: Errno.current.description)
        }
        try self.init(descriptor: descriptor, name: path, frameInterval: frameInterval, scale: scale, realTime: realTime)
    }

    /// Reads the stream from `descriptor`, a file or a pipe, which it owns
    /// from then on (closed on failure too); `consumed` are the bytes the
    /// caller already read from it to tell what it is.
    init(
        descriptor: Int32, name: String, consumed: [UInt8] = [], frameInterval: Duration = .defaultFrameInterval,
        scale: JPEGScale = .full, realTime: Bool
    ) throws(RecordingError) {
        self.descriptor = descriptor
        data = consumed
        self.name = name
        self.frameInterval = frameInterval
        self.scale = scale
        pacing = ReplayPacing(realTime: realTime)
        while data.count < 2 && !atEnd { readMore() }
        guard data.starts(with: [0xFF, 0xD8]) else {
            close(descriptor)
            throw .badRecording(path: name, reason: "it does not start with a JPEG image")
        }
    }

    deinit { close(descriptor) }

    /// A recording is not live: frames come when asked, and all of them.
    public var isLive: Bool { false }

    /// Ends a real-time replay's wait for its next frame, and the replay.
    public var interrupter: (@Sendable () -> Void)? { pacing.interrupter }

    /// The next image, decoded to luma; nil at the end of the file. An
    /// image that does not decode is thrown as `damagedFrame`, and the next
    /// call goes on after it; one over the byte limit ends the stream.
    public func nextFrame() throws(FrameSourceError) -> CapturedFrame? {
        while true {
            if let range = Self.nextImage(in: data, from: position, atEnd: atEnd) {
                position = range.upperBound
                defer { index += 1 }
                let captureTime = (frameInterval ?? .zero) * Int(index)
                let frame: Frame
                do {
                    frame = try decode(range)
                } catch {
                    throw .damagedFrame(.undecodable(error))
                }
                guard pacing.wait(until: captureTime) else { return nil }
                return CapturedFrame(frame: frame, sequence: index, captureTime: captureTime)
            }
            if atEnd { return nil }
            data.removeFirst(position)
            position = 0
            guard data.count <= limit.maxBytes else {
                // No camera sends such an image: the stream is damaged from
                // here, and reading on for the next one could take the whole file.
                data.removeAll()
                atEnd = true
                throw .damagedFrame(.undecodable(.tooManyBytes(name: "\(name) frame \(index)", limit: limit)))
            }
            readMore()
        }
    }

    private func decode(_ range: Range<Int>) throws(ImageLoadError) -> Frame {
        let frameName = "\(name) frame \(index)"
        return try data.withUnsafeBytes { bytes in
            Result { () throws(ImageLoadError) in
                try JPEGDecoder.decode(UnsafeRawBufferPointer(rebasing: bytes[range]), scale: scale, name: frameName, limit: limit)
            }
        }.get()
    }

    /// Appends the next chunk of the file; a read error ends the stream like its end.
    private func readMore() {
        // As much as is held, so an image is searched O(log n) times, but
        // never past the limit: a stream of one endless image stops there.
        let chunk = min(max(1 << 16, data.count), limit.maxBytes + 1 - data.count)
        let start = data.count
        data.reserveCapacity(start + chunk)
        data.append(contentsOf: repeatElement(0, count: chunk))
        var count: Int
        repeat {
            count = data.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + start, chunk) }
        } while count < 0 && errno == EINTR
        data.removeLast(chunk - max(count, 0))
        if count <= 0 { atEnd = true }
    }

    /// The next image in `data` from `start`: from a start-of-image marker to
    /// the end-of-image marker that is followed by the next image or the end
    /// of the stream (an EXIF thumbnail has its own markers inside). Nil when
    /// more data is needed to tell, or when there is no image before the end.
    static func nextImage(in data: [UInt8], from start: Int, atEnd: Bool) -> Range<Int>? {
        var begin = start
        while begin + 1 < data.count, !(data[begin] == 0xFF && data[begin + 1] == 0xD8) { begin += 1 }
        guard begin + 1 < data.count else { return nil }
        var end = begin + 2
        while end + 1 < data.count {
            if data[end] == 0xFF, data[end + 1] == 0xD9 {
                let after = end + 2
                if after + 1 < data.count {
                    if data[after] == 0xFF && data[after + 1] == 0xD8 { return begin..<after }
                } else if atEnd && after == data.count {
                    return begin..<after
                } else if !atEnd {
                    return nil  // the bytes after this EOI are not read yet
                }
            }
            end += 1
        }
        return atEnd ? begin..<data.count : nil  // a cut-off last image: let the decoder judge it
    }
}
