import Glibc

/// Replays a YUV4MPEG2 (`.y4m`) recording as a frame source.
///
/// Only the luma plane is used; chroma (4:2:0, 4:2:2, 4:4:4) is skipped and
/// `Cmono` files have none. Capture times are the frame index over the
/// recorded rate, so a replay gives the tracker the times it would have seen
/// live, whether paced in real time or run as fast as possible.
public final class Y4MReader: FrameSource {
    /// The file's path.
    public let name: String
    /// Frame width in pixels, from the header.
    public let width: Int
    /// Frame height in pixels, from the header.
    public let height: Int
    /// The recorded time between frames, from the header's F field (30 fps when it has none).
    public let frameInterval: Duration?
    private let chromaBytes: Int
    private let file: UnsafeMutablePointer<FILE>
    private var pacing: ReplayPacing
    private var index: UInt64 = 0

    /// Opens `path`. With `realTime`, `nextFrame` waits so that frames come
    /// at the recorded rate; without it, as fast as they can be read.
    public convenience init(path: String, realTime: Bool) throws(RecordingError) {
        guard let file = fopen(path, "rb") else {
            throw .cannotOpenRecording(path: path, reason: Errno.current.description)
        }
        try self.init(file: file, name: path, realTime: realTime, magicRead: false)
    }

    /// Reads the recording in `file`, which it owns from then on (closed on
    /// failure too): a file or a pipe. With `magicRead`, the caller has read
    /// the header's first 9 bytes, `YUV4MPEG2`, to tell what it is.
    init(file: UnsafeMutablePointer<FILE>, name path: String, realTime: Bool, magicRead: Bool) throws(RecordingError) {
        self.file = file
        name = path
        pacing = ReplayPacing(realTime: realTime)
        do throws(RecordingError) {
            let header = (magicRead ? "YUV4MPEG2" : "") + (try Self.readLine(file, path: path))
            let fields = header.split(separator: " ")
            guard fields.first == "YUV4MPEG2" else {
                throw RecordingError.badRecording(path: path, reason: "it does not start with YUV4MPEG2")
            }
            var width = 0, height = 0, rate: (Int, Int)?, colour = "420jpeg"
            for field in fields.dropFirst() {
                let value = field.dropFirst()
                switch field.first {
                case "W": width = Int(value) ?? 0
                case "H": height = Int(value) ?? 0
                case "F":
                    // Rates up to a million either way (30000:1001 is NTSC), so
                    // capture times stay far from overflowing.
                    let parts = value.split(separator: ":").compactMap { Int($0) }
                    if parts.count == 2, parts.allSatisfy({ (1...1_000_000).contains($0) }) { rate = (parts[0], parts[1]) }
                case "C": colour = String(value)
                default: break
                }
            }
            // Checked before any arithmetic: the header's numbers can be anything.
            let limit = ImageSizeLimit.standard
            guard limit.allows(width: width, height: height) else {
                throw RecordingError.badRecording(
                    path: path,
                    reason: "its frame size \(width)x\(height) is missing or over \(limit.maxPixels) pixels or \(limit.maxSide) per side")
            }
            let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
            switch colour {
            case "mono": chromaBytes = 0
            case let c where c.hasPrefix("420"): chromaBytes = 2 * cw * ch
            case let c where c.hasPrefix("422"): chromaBytes = 2 * cw * height
            case let c where c.hasPrefix("444"): chromaBytes = 2 * width * height
            default:
                throw RecordingError.badRecording(path: path, reason: "colour space C\(colour) is not supported (use 420, 422, 444 or mono)")
            }
            self.width = width
            self.height = height
            frameInterval = rate.map { .seconds($0.1) / $0.0 } ?? .defaultFrameInterval
        } catch {
            fclose(file)
            throw error
        }
    }

    deinit { fclose(file) }

    /// A recording is not live: frames come when asked, and all of them.
    public var isLive: Bool { false }

    /// Ends a real-time replay's wait for its next frame, and the replay.
    public var interrupter: (@Sendable () -> Void)? { pacing.interrupter }

    /// The next frame's luma plane; nil at the end of the file or after a cut-off last frame.
    public func nextFrame() throws(FrameSourceError) -> CapturedFrame? {
        // Each frame: "FRAME[ params]\n", the luma plane, then chroma.
        guard let marker = try? Self.readLine(file, path: name) else { return nil }
        guard marker.hasPrefix("FRAME") else {
            throw .unreadable(.badRecording(path: name, reason: "frame \(index) does not start with FRAME"))
        }
        let count = width * height
        var complete = false
        let storage = PixelStorage(count: count) { buffer in
            complete = fread(buffer.baseAddress, 1, count, file) == count
        }
        guard complete else { return nil }  // a cut-off last frame ends the stream
        Self.skip(chromaBytes, in: file)
        let captureTime = (frameInterval ?? .zero) * Int(index)
        guard pacing.wait(until: captureTime) else { return nil }
        defer { index += 1 }
        return CapturedFrame(frame: Frame(width: width, height: height, storage: storage), sequence: index, captureTime: captureTime)
    }

    /// Skips `count` bytes, or to the end: by seeking in a file, by reading from a pipe.
    private static func skip(_ count: Int, in file: UnsafeMutablePointer<FILE>) {
        if count == 0 || fseek(file, count, SEEK_CUR) == 0 { return }
        var scratch = [UInt8](repeating: 0, count: min(count, 1 << 16))
        var left = count
        while left > 0 {
            let read = fread(&scratch, 1, min(left, scratch.count), file)
            guard read > 0 else { return }
            left -= read
        }
    }

    private static func readLine(_ file: UnsafeMutablePointer<FILE>, path: String) throws(RecordingError) -> String {
        var bytes: [UInt8] = []
        while true {
            let c = getc(file)
            if c == EOF {
                if bytes.isEmpty { throw .badRecording(path: path, reason: "it ends early") }
                break
            }
            if c == 0x0A { break }
            bytes.append(UInt8(c))
            if bytes.count > 4096 { throw .badRecording(path: path, reason: "a header line is too long") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
