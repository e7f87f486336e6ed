import Foundation

/// What the harnesses share: running libFuzzer, and handing bytes to the
/// readers that take a path.
public enum FuzzInput {
    /// A file in memory-backed /dev/shm (or the temporary directory) that
    /// each input is written to, for readers that open a path. One per process.
    public static let scratchPath: String = {
        let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        atexit { unlink(FuzzInput.scratchPath) }
        return "\(directory)/scan-fuzz-\(getpid())"
    }()

    /// Replaces the scratch file's contents with `bytes`.
    public static func writeScratch(_ bytes: UnsafeRawBufferPointer) {
        let descriptor = open(scratchPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { fatalError("fuzz harness: cannot write \(scratchPath)") }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            guard written > 0 else { fatalError("fuzz harness: cannot write \(scratchPath)") }
            offset += written
        }
    }
}
