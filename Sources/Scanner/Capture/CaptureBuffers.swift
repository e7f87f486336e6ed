import CV4L2
import Glibc

/// The driver's mmap buffers of one capture stream (VIDIOC_REQBUFS).
///
/// Frames borrow these buffers instead of copying them. A borrowed buffer
/// goes back to the driver (VIDIOC_QBUF) when the last frame viewing it is
/// released, on whatever thread that happens (often the decode thread), so
/// the queue state sits behind a lock. The frames keep this object, and so
/// the mappings and the descriptor, alive: a frame that outlives its frame
/// source still points at valid memory.
final class CaptureBuffers: @unchecked Sendable {
    // @unchecked: `mappings` never changes after init; `state` is guarded by `lock`.
    let handle: V4L2Handle
    private let mappings: [UnsafeMutableRawBufferPointer]
    private let lock = Lock()
    private var state: State

    private struct State {
        var streaming = false
        var queued: [Bool]
        /// Released by their frames, but the driver refused them back; the
        /// capture thread retries, so a passing QBUF failure loses no buffer.
        var refused: Set<Int> = []
    }

    /// A filled buffer taken from the driver.
    struct Filled {
        let index: Int
        let bytes: UnsafeRawBufferPointer
        let isError: Bool
        let sequence: UInt64
        let timestamp: Duration
        /// The driver still holds other buffers, so this one may be lent to
        /// a frame; when it holds none, the frame must copy, or capture
        /// would stall until the frame is released.
        let mayLend: Bool
    }

    init(handle: V4L2Handle, count: Int) throws(CaptureError) {
        self.handle = handle
        var request = v4l2_requestbuffers()
        request.count = UInt32(count)
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        try handle.control(SCAN_VIDIOC_REQBUFS, &request, operation: "VIDIOC_REQBUFS")
        guard request.count >= 2 else {
            throw CaptureError.tooFewBuffers(path: handle.path, granted: Int(request.count))
        }
        var mappings: [UnsafeMutableRawBufferPointer] = []
        do {
            for index in 0..<Int(request.count) {
                var buffer = Self.descriptor(index)
                try handle.control(SCAN_VIDIOC_QUERYBUF, &buffer, operation: "VIDIOC_QUERYBUF")
                mappings.append(try handle.map(length: Int(buffer.length), offset: Int(buffer.m.offset)))
            }
        } catch {
            mappings.forEach(handle.unmap)
            throw error
        }
        self.mappings = mappings
        state = State(queued: Array(repeating: false, count: mappings.count))
    }

    deinit {
        stop()
        mappings.forEach(handle.unmap)
        var release = v4l2_requestbuffers()
        release.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        release.memory = V4L2_MEMORY_MMAP.rawValue
        try? handle.control(SCAN_VIDIOC_REQBUFS, &release)
    }

    /// Queues every buffer and starts streaming.
    func start() throws(CaptureError) {
        try lock.withLock { () throws(CaptureError) in
            for index in mappings.indices {
                var buffer = Self.descriptor(index)
                try handle.control(SCAN_VIDIOC_QBUF, &buffer, operation: "VIDIOC_QBUF")
                state.queued[index] = true
            }
            var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
            try handle.control(SCAN_VIDIOC_STREAMON, &type, operation: "VIDIOC_STREAMON")
            state.streaming = true
        }
    }

    /// Stops streaming; the driver gives back every buffer. Frames still
    /// borrowing one keep valid memory, and their release no longer queues.
    func stop() {
        lock.withLock {
            guard state.streaming else { return }
            var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
            try? handle.control(SCAN_VIDIOC_STREAMOFF, &type)
            state.streaming = false
            state.queued = state.queued.map { _ in false }
            state.refused = []
        }
    }

    /// Takes the next filled buffer, or nil when none is ready yet.
    func dequeue() throws(CaptureError) -> Filled? {
        try lock.withLock { () throws(CaptureError) -> Filled? in
            for index in state.refused {
                var buffer = Self.descriptor(index)
                try handle.control(SCAN_VIDIOC_QBUF, &buffer, operation: "VIDIOC_QBUF")
                state.queued[index] = true
                state.refused.remove(index)
            }
            var buffer = Self.descriptor(0)
            do throws(Errno) {
                try handle.control(SCAN_VIDIOC_DQBUF, &buffer)
            } catch where error.code == EAGAIN {
                return nil
            } catch {
                throw CaptureError.from(error, path: handle.path, operation: "VIDIOC_DQBUF")
            }
            let index = Int(buffer.index)
            state.queued[index] = false
            let mapping = mappings[index]
            let used = buffer.bytesused > 0 ? min(Int(buffer.bytesused), mapping.count) : mapping.count
            return Filled(
                index: index, bytes: UnsafeRawBufferPointer(rebasing: mapping[0..<used]),
                isError: buffer.flags & UInt32(V4L2_BUF_FLAG_ERROR) != 0,
                sequence: UInt64(buffer.sequence),
                timestamp: .seconds(buffer.timestamp.tv_sec) + .microseconds(buffer.timestamp.tv_usec),
                mayLend: state.queued.contains(true))
        }
    }

    /// Gives buffer `index` back to the driver (unless streaming stopped).
    /// It may run on any thread, so a failure is not thrown here: the next
    /// dequeue retries and reports it.
    func requeue(_ index: Int) {
        lock.withLock {
            guard state.streaming, !state.queued[index] else { return }
            var buffer = Self.descriptor(index)
            if (try? handle.control(SCAN_VIDIOC_QBUF, &buffer)) != nil {
                state.queued[index] = true
            } else {
                state.refused.insert(index)
            }
        }
    }

    /// Storage that borrows the first `count` bytes of buffer `index` and
    /// requeues the buffer when released.
    func lend(_ index: Int, count: Int) -> PixelStorage {
        PixelStorage(borrowing: UnsafeRawBufferPointer(rebasing: mappings[index][0..<count])) { [self] in
            requeue(index)
        }
    }

    private static func descriptor(_ index: Int) -> v4l2_buffer {
        var buffer = v4l2_buffer()
        buffer.index = UInt32(index)
        buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buffer.memory = V4L2_MEMORY_MMAP.rawValue
        return buffer
    }
}
