import Glibc

/// Opens a recording by its content: YUV4MPEG2 or an MJPEG stream.
public enum Recording {
    /// Opens `path` as a `Y4MReader` or an `MJPEGStreamReader`, chosen by its first
    /// bytes. `realTime` paces a Y4M replay at its recorded rate; an MJPEG stream is
    /// always read as fast as it decodes.
    public static func open(_ path: String, realTime: Bool) throws -> any FrameSource {
        guard let file = fopen(path, "rb") else {
            throw RecordingError.cannotOpenRecording(path: path, reason: Errno.current.description)
        }
        var magic = [UInt8](repeating: 0, count: 9)
        let count = fread(&magic, 1, magic.count, file)
        fclose(file)
        if count >= 2, magic[0] == 0xFF, magic[1] == 0xD8 {
            return try MJPEGStreamReader(path: path, realTime: realTime)
        }
        guard count == 9, magic == Array("YUV4MPEG2".utf8) else {
            throw RecordingError.badRecording(path: path, reason: "it is neither YUV4MPEG2 (.y4m) nor an MJPEG stream")
        }
        return try Y4MReader(path: path, realTime: realTime)
    }
}
