import Glibc

/// Records luma frames as a YUV4MPEG2 (`.y4m`) file, `Cmono`, so that a
/// field problem can be replayed exactly with `--input`. The counterpart of
/// AVFoundation's movie file output.
public final class Y4MWriter {
    /// The file being written.
    public let path: String
    private let replacing: Bool
    private var file: UnsafeMutablePointer<FILE>?
    private var size: (width: Int, height: Int)?
    /// The time between frames, written into the header with the first
    /// frame; until then it may be set (a session sets its source's).
    public var frameInterval: Duration?

    /// A recording to `path`. The file is created with the first frame, so a
    /// camera that fails to open destroys nothing; an existing file is
    /// replaced only when `replacing` (and refused here otherwise). Every
    /// later frame must share the first one's size.
    public init(path: String, frameInterval: Duration? = nil, replacing: Bool = false) throws(RecordingError) {
        if !replacing && access(path, F_OK) == 0 { throw .recordingExists(path: path) }
        self.path = path
        self.replacing = replacing
        self.frameInterval = frameInterval
    }

    deinit { if let file { fclose(file) } }

    /// Creates the file: exclusively unless replacing, so that a file made
    /// since `init` is not overwritten either.
    private func create() throws(RecordingError) -> UnsafeMutablePointer<FILE> {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (replacing ? O_TRUNC : O_EXCL)
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw .recordingExists(path: path) }
            throw .cannotOpenRecording(path: path, reason: Errno.current.description)
        }
        guard let file = fdopen(descriptor, "wb") else {
            close(descriptor)
            throw .cannotOpenRecording(path: path, reason: Errno.current.description)
        }
        return file
    }

    /// The header's F field. A whole rate (1/30 s) is written exactly as
    /// F30:1, so that a replay has the same capture times; any other interval
    /// as microseconds.
    private var frameRate: (Int, Int) {
        let interval = frameInterval ?? .defaultFrameInterval
        let micros = max(1, Int(interval.components.seconds) * 1_000_000 + Int(interval.components.attoseconds / 1_000_000_000_000))
        let perSecond = Int(exactly: (1_000_000 / Double(micros)).rounded()) ?? 0
        if perSecond > 0, .seconds(1) / perSecond == interval { return (perSecond, 1) }
        return micros % 1000 == 0 ? (1000, micros / 1000) : (1_000_000, micros)
    }

    /// Writes `frame`'s luma as the next frame (the header first, with the first
    /// frame). Throws when its size differs from the first frame's or the write fails.
    public func append(_ frame: Frame) throws(RecordingError) {
        let file: UnsafeMutablePointer<FILE>
        if let open = self.file {
            file = open
        } else {
            file = try create()
            self.file = file
        }
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
