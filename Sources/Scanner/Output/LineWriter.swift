import Glibc

/// Writes whole lines to a file descriptor, each with one `write(2)` and no
/// buffering, so that every line is out at once and lines from different
/// threads never interleave.
public final class LineWriter: @unchecked Sendable {
    // Sendable: the lock serialises every write.
    private let descriptor: Int32
    private let lock = Lock()

    /// Standard output.
    public static let standardOutput = LineWriter(descriptor: STDOUT_FILENO)
    /// Standard error.
    public static let standardError = LineWriter(descriptor: STDERR_FILENO)

    /// A writer to `descriptor`, which the caller keeps open and closes.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether the descriptor is a terminal (for progress and colour).
    public var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Writes `bytes` completely. Returns `false` when the reader has gone
    /// (EPIPE), so a caller such as `scan | head -1` can stop quietly.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        lock.withLock {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    guard let n = try? Syscall.retrying({ Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset) })
                    else { return false }
                    offset += n
                }
                return true
            }
        }
    }

    /// Writes `text` as UTF-8 completely; `false` when the reader has gone.
    @discardableResult
    public func write(_ text: String) -> Bool { write(Array(text.utf8)) }
}
