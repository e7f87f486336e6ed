import Foundation

/// The hand-off between the capture thread and the decode thread.
///
/// It holds one frame. For a live camera the newest frame replaces one not
/// yet decoded, which is counted as dropped: decoding never falls behind the
/// camera, as with AVFoundation's `alwaysDiscardsLateVideoFrames`. For a
/// recording, the producer waits instead, so every frame is decoded and a
/// replay gives the same events however fast it runs.
final class FrameSlot: @unchecked Sendable {
    // Sendable: every field is guarded by `condition`.
    private let condition = NSCondition()
    private var frame: Frame?
    private var finished = false
    private(set) var dropped = 0
    let dropsLateFrames: Bool

    init(dropsLateFrames: Bool) {
        self.dropsLateFrames = dropsLateFrames
    }

    /// Offers a frame; returns `false` once the slot is finished.
    @discardableResult
    func put(_ newFrame: Frame) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !dropsLateFrames && frame != nil && !finished { condition.wait() }
        guard !finished else { return false }
        if frame != nil { dropped += 1 }
        frame = newFrame
        condition.broadcast()
        return true
    }

    /// The next frame, waiting for one; `nil` once finished and empty.
    func take() -> Frame? {
        condition.lock()
        defer { condition.unlock() }
        while frame == nil && !finished { condition.wait() }
        let next = frame
        frame = nil
        condition.broadcast()
        return next
    }

    /// No more frames will come; `take` drains what is left, then returns nil.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Drops any waiting frame and finishes at once (stop).
    func cancel() {
        condition.lock()
        finished = true
        frame = nil
        condition.broadcast()
        condition.unlock()
    }
}
