import Glibc

/// Opens a recording by its content: YUV4MPEG2 or an MJPEG stream.
public enum Recording {
    /// Opens `path` (`-` for standard input) as a `Y4MReader` or an
    /// `MJPEGStreamReader`, chosen by its first bytes. `realTime` paces the
    /// replay at its recorded rate. A pipe or FIFO is read as a stream; one
    /// that nothing writes to is empty, not a wait forever.
    public static func open(_ path: String, realTime: Bool) throws -> any FrameSource {
        func failure(_ code: Int32) -> RecordingError { .cannotOpenRecording(path: path, reason: Errno(code).description) }
        // Non-blocking, so that opening a FIFO nobody writes to returns at
        // once; reads block again below.
        let descriptor = path == "-" ? dup(STDIN_FILENO) : Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure(errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, fcntl(descriptor, F_SETFL, 0) == 0 else {
            let code = errno
            close(descriptor)
            throw failure(code)
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            close(descriptor)
            throw RecordingError.badRecording(path: path, reason: "it is a directory")
        }
        // The first bytes tell the format; a pipe cannot be rewound, so they
        // are handed to the reader.
        var magic = [UInt8](repeating: 0, count: 9)
        var count = 0
        while count < magic.count {
            let result = magic.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if result > 0 {
                count += result
            } else if result == 0 || errno != EINTR {
                break
            }
        }
        if count >= 2, magic[0] == 0xFF, magic[1] == 0xD8 {
            return try MJPEGStreamReader(descriptor: descriptor, name: path, consumed: Array(magic[..<count]), realTime: realTime)
        }
        guard count == 9, magic == Array("YUV4MPEG2".utf8), let file = fdopen(descriptor, "rb") else {
            close(descriptor)
            throw RecordingError.badRecording(
                path: path, reason: count == 0 ? "it is empty" : "it is neither YUV4MPEG2 (.y4m) nor an MJPEG stream")
        }
        return try Y4MReader(file: file, name: path, realTime: realTime, magicRead: true)
    }
}
