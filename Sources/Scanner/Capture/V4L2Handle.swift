import CV4L2
import Glibc

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
        do {
            descriptor = try Syscall.retryingNegated { scan_v4l2_open(path) }
        } catch where error.code == ENOTTY {
            // The open asks VIDIOC_QUERYCAP: ENOTTY means no V4L2 node.
            throw CaptureError.notACaptureDevice(path: path, card: "not a V4L2 device")
        } catch where error.code == EISDIR {
            throw CaptureError.notACaptureDevice(path: path, card: "a directory, not a device")
        } catch {
            throw CaptureError.from(error, path: path, operation: "open")
        }
    }

    deinit {
        _ = scan_v4l2_close(descriptor)
    }

    /// Runs ioctl `request` on `argument`, retrying when a signal interrupts
    /// it. The errno is left to the caller, as its meaning depends on the
    /// call (EINVAL ends an enumeration).
    func control<Argument>(_ request: UInt, _ argument: inout Argument) throws(Errno) {
        try withUnsafeMutablePointer(to: &argument) { (pointer) throws(Errno) in
            _ = try Syscall.retryingNegated { scan_v4l2_ioctl(descriptor, request, pointer) }
        }
    }

    /// Like `control`, but failures become a `CaptureError` naming `operation`.
    func control<Argument>(_ request: UInt, _ argument: inout Argument, operation: String) throws(CaptureError) {
        do {
            try control(request, &argument)
        } catch {
            throw CaptureError.from(error, path: path, operation: operation)
        }
    }

    /// Waits until a frame can be dequeued (or the device reports an error,
    /// which the dequeue then names). Returns false when `timeout` passes.
    func waitForFrame(timeout: Duration) throws(CaptureError) -> Bool {
        do {
            return try Syscall.poll(descriptor, for: Int16(POLLIN), timeout: timeout) != nil
        } catch {
            throw CaptureError.from(error, path: path, operation: "poll")
        }
    }

    /// Maps `length` bytes of driver buffer memory at `offset`.
    func map(length: Int, offset: Int) throws(CaptureError) -> UnsafeMutableRawBufferPointer {
        var start: UnsafeMutableRawPointer?
        let result = scan_v4l2_mmap(descriptor, length, Int64(offset), &start)
        guard result == 0 else { throw CaptureError.from(Errno(-result), path: path, operation: "mmap") }
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
