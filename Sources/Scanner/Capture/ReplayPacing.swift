/// Holds a recording's frames back until their capture times have passed
/// since the first, so that a replay arrives as the camera delivered it.
/// Without pacing, frames come as fast as they are read; their capture times
/// are the same either way.
struct ReplayPacing {
    let realTime: Bool
    private var start: ContinuousClock.Instant?

    init(realTime: Bool) {
        self.realTime = realTime
    }

    /// Waits, when pacing, until `captureTime` after the first frame.
    mutating func wait(until captureTime: Duration) {
        guard realTime else { return }
        let clock = ContinuousClock()
        let start = start ?? clock.now
        self.start = start
        Syscall.sleep(for: (start + captureTime) - clock.now)
    }
}
