/// The hand-off between the capture thread and the decode thread: frames,
/// and the camera's own events, in capture order.
///
/// For a live camera a new frame replaces any frame not yet decoded, which
/// is counted as dropped: decoding never falls behind the camera, as with
/// AVFoundation's `alwaysDiscardsLateVideoFrames`. For a recording, the
/// producer waits instead, so every frame is decoded and a replay gives the
/// same events however fast it runs. Events (the camera lost or restored)
/// are never dropped and never overtake a frame captured before them.
final class FrameSlot: @unchecked Sendable {
    // Sendable: every field is guarded by `lock`.
    enum Item {
        case frame(CapturedFrame)
        case event(DetectionEvent)

        var isFrame: Bool {
            if case .frame = self { return true }
            return false
        }
    }

    /// What became of a frame offered with `put`.
    enum Outcome: Equatable {
        /// Queued for decoding.
        case queued
        /// Queued, and a frame that was waiting was dropped for it.
        case replacedLateFrame
        /// The slot is finished: stop producing.
        case finished
    }

    private let lock = Lock()
    private var items: [Item] = []
    private var finished = false
    private var cancelled = false
    let dropsLateFrames: Bool

    init(dropsLateFrames: Bool) {
        self.dropsLateFrames = dropsLateFrames
    }

    /// Offers a frame, waiting (for a recording) until the previous one
    /// has been taken.
    func put(_ frame: CapturedFrame) -> Outcome {
        lock.withLock {
            while !dropsLateFrames && items.contains(where: \.isFrame) && !finished { lock.wait() }
            guard !finished else { return .finished }
            let before = items.count
            if dropsLateFrames { items.removeAll(where: \.isFrame) }
            let outcome: Outcome = items.count < before ? .replacedLateFrame : .queued
            items.append(.frame(frame))
            lock.broadcast()
            return outcome
        }
    }

    /// Queues an event after every frame offered before it.
    func put(_ event: DetectionEvent) {
        lock.withLock {
            guard !finished else { return }
            items.append(.event(event))
            lock.broadcast()
        }
    }

    /// The next item, waiting for one; `nil` once finished and empty.
    func take() -> Item? {
        lock.withLock {
            while items.isEmpty && !finished { lock.wait() }
            guard !items.isEmpty else { return nil }
            lock.broadcast()
            return items.removeFirst()
        }
    }

    /// No more items will come; `take` drains what is left, then returns nil.
    func finish() {
        lock.withLock {
            finished = true
            lock.broadcast()
        }
    }

    /// Stop: drops the frames waiting (events stay, as they are owed to
    /// the caller) and finishes at once.
    func cancel() {
        lock.withLock {
            finished = true
            cancelled = true
            items.removeAll(where: \.isFrame)
            lock.broadcast()
        }
    }

    /// Whether `cancel()` was called.
    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Waits up to `timeout` for `cancel()`; returns whether it came.
    func waitForCancel(timeout: Duration) -> Bool {
        lock.withLock {
            let deadline = ContinuousClock.now + timeout
            while !cancelled && lock.wait(until: deadline) {}
            return cancelled
        }
    }
}
