import Glibc

/// Records luma frames as a YUV4MPEG2 (`.y4m`) file, `Cmono`, so that a
/// field problem can be replayed exactly with `--input`. The counterpart of
/// AVFoundation's movie file output.
public final class Y4MWriter {
    /// The file being written.
    public let path: String
    private let file: UnsafeMutablePointer<FILE>
    private var size: (width: Int, height: Int)?
    /// The time between frames, written into the header with the first
    /// frame; until then it may be set (a session sets its source's).
    public var frameInterval: Duration?

    /// Creates (or replaces) `path`. The header is written with the first
    /// frame, whose size every later frame must share.
    public init(path: String, frameInterval: Duration? = nil) throws(RecordingError) {
        guard let file = fopen(path, "wb") else {
            throw .cannotOpenRecording(path: path, reason: Errno.current.description)
        }
        self.path = path
        self.file = file
        self.frameInterval = frameInterval
    }

    deinit { fclose(file) }

    /// The header's F field. A whole rate (1/30 s) is written exactly as
    /// F30:1, so that a replay has the same capture times; any other interval
    /// as microseconds.
    private var frameRate: (Int, Int) {
        let interval = frameInterval ?? .milliseconds(33)
        let micros = max(1, Int(interval.components.seconds) * 1_000_000 + Int(interval.components.attoseconds / 1_000_000_000_000))
        let perSecond = Int(exactly: (1_000_000 / Double(micros)).rounded()) ?? 0
        if perSecond > 0, .seconds(1) / perSecond == interval { return (perSecond, 1) }
        return micros % 1000 == 0 ? (1000, micros / 1000) : (1_000_000, micros)
    }

    /// Writes `frame`'s luma as the next frame (the header first, with the first
    /// frame). Throws when its size differs from the first frame's or the write fails.
    public func append(_ frame: Frame) throws(RecordingError) {
        if size == nil {
            size = (frame.width, frame.height)
            let header = "YUV4MPEG2 W\(frame.width) H\(frame.height) F\(frameRate.0):\(frameRate.1) Ip A1:1 Cmono\n"
            _ = header.withCString { fputs($0, file) }
        }
        guard let size, size == (frame.width, frame.height) else {
            throw .badRecording(path: path, reason: "the frame size changed mid-recording")
        }
        var ok = fputs("FRAME\n", file) >= 0
        frame.withUnsafeBytes { bytes in
            for row in 0..<frame.height where ok {
                ok = fwrite(bytes.baseAddress! + row * frame.stride, 1, frame.width, file) == frame.width
            }
        }
        guard ok, fflush(file) == 0 else {
            throw .cannotOpenRecording(path: path, reason: Errno.current.description)
        }
    }
}
