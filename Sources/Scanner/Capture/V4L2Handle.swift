import CV4L2
import Glibc

/// An errno from one V4L2 call; callers turn it into a `CaptureError`
/// because its meaning depends on the call (EINVAL ends an enumeration).
struct V4L2Errno: Error, Equatable {
    let code: Int32
}

/// The open descriptor of one V4L2 device node, through libv4l2 (which
/// converts formats for cameras that need it). It is the only owner of the
/// descriptor and of the C calls on it; it closes it when the last user is
/// gone. Immutable, so it may be shared by the frame source, its buffers and
/// the controls.
final class V4L2Handle: Sendable {
    let path: String
    private let descriptor: Int32

    init(path: String) throws(CaptureError) {
        self.path = path
        var result: Int32
        repeat { result = scan_v4l2_open(path) } while result == -EINTR
        // libv4l2's open already asks VIDIOC_QUERYCAP: ENOTTY means no V4L2 node.
        if result == -ENOTTY { throw CaptureError.notACaptureDevice(path: path, card: "not a V4L2 device") }
        guard result >= 0 else { throw CaptureError.from(-result, path: path, operation: "open") }
        descriptor = result
    }

    deinit {
        _ = scan_v4l2_close(descriptor)
    }

    /// Runs ioctl `request` on `argument`, retrying when a signal interrupts it.
    func control<Argument>(_ request: UInt, _ argument: inout Argument) throws(V4L2Errno) {
        var result: Int32
        repeat {
            result = withUnsafeMutablePointer(to: &argument) { scan_v4l2_ioctl(descriptor, request, $0) }
        } while result == -EINTR
        if result < 0 { throw V4L2Errno(code: -result) }
    }

    /// Like `control`, but failures become a `CaptureError` naming `operation`.
    func control<Argument>(_ request: UInt, _ argument: inout Argument, operation: String) throws(CaptureError) {
        do {
            try control(request, &argument)
        } catch {
            throw CaptureError.from(error.code, path: path, operation: operation)
        }
    }

    /// Waits until a frame can be dequeued (or the device reports an error,
    /// which the dequeue then names). Returns false when `timeout` passes.
    func waitForFrame(timeout: Duration) throws(CaptureError) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let left = clock.now.duration(to: deadline)
            let milliseconds = max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(clamping: milliseconds))
            if ready > 0 { return true }
            if ready == 0 { return false }
            let code = errno
            if code != EINTR { throw CaptureError.from(code, path: path, operation: "poll") }
        }
    }

    /// Maps `length` bytes of driver buffer memory at `offset`.
    func map(length: Int, offset: Int) throws(CaptureError) -> UnsafeMutableRawBufferPointer {
        var start: UnsafeMutableRawPointer?
        let result = scan_v4l2_mmap(descriptor, length, Int64(offset), &start)
        guard result == 0 else { throw CaptureError.from(-result, path: path, operation: "mmap") }
        return UnsafeMutableRawBufferPointer(start: start, count: length)
    }

    func unmap(_ buffer: UnsafeMutableRawBufferPointer) {
        _ = scan_v4l2_munmap(buffer.baseAddress, buffer.count)
    }
}

/// The text of a fixed-size C character array in a V4L2 struct.
func v4l2String<Field>(_ field: Field) -> String {
    withUnsafeBytes(of: field) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
