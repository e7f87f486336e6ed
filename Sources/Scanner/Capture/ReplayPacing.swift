/// Holds a recording's frames back until their capture times have passed
/// since the first, so that a replay arrives as the camera delivered it.
/// Without pacing, frames come as fast as they are read; their capture times
/// are the same either way.
struct ReplayPacing {
    let realTime: Bool
    /// Ends a wait early, from any thread: a session's `stop()` returns at
    /// once instead of after the frame interval (a second, at 1 fps).
    let interruption = Interruption()
    private var start: ContinuousClock.Instant?

    init(realTime: Bool) {
        self.realTime = realTime
    }

    /// Waits, when pacing, until `captureTime` after the first frame.
    /// Returns false once interrupted: the replay is to end.
    mutating func wait(until captureTime: Duration) -> Bool {
        guard realTime else { return !interruption.isInterrupted }
        let start = start ?? ContinuousClock.now
        self.start = start
        return interruption.wait(until: start + captureTime)
    }

    /// A reader's `FrameSource.interrupter`: ends this wait and the replay.
    var interrupter: @Sendable () -> Void {
        { [interruption] in interruption.interrupt() }
    }

    /// The one-way switch that ends a replay's waits.
    final class Interruption: @unchecked Sendable {
        // Sendable: `interrupted` is guarded by `lock`.
        private let lock = Lock()
        private var interrupted = false

        var isInterrupted: Bool { lock.withLock { interrupted } }

        /// Ends the current wait and every later one.
        func interrupt() {
            lock.withLock {
                interrupted = true
                lock.broadcast()
            }
        }

        /// Waits until `deadline` or an interruption; false when interrupted.
        func wait(until deadline: ContinuousClock.Instant) -> Bool {
            lock.withLock {
                while !interrupted && lock.wait(until: deadline) {}
                return !interrupted
            }
        }
    }
}
