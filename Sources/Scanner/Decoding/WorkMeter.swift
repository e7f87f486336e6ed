/// The work spent on one frame, against its budget: pixels handed to the
/// engines, and, as a last resort only, a wall-clock deadline.
struct WorkMeter {
    /// Pixels the engines have been given so far.
    private(set) var pixels = 0
    /// Whether the deadline has been seen to pass.
    private(set) var reachedTimeLimit = false
    private var limit = Int.max
    private let deadline: ContinuousClock.Instant?

    init(timeLimit: Duration?) {
        deadline = timeLimit.map { ContinuousClock.now + $0 }
    }

    /// Records that an engine is about to examine `frame`.
    mutating func charge(_ frame: Frame) {
        pixels += frame.width * frame.height
    }

    /// From now on, at most `work` more pixels: the first pass is free,
    /// second chances are counted.
    mutating func allow(_ work: Int) {
        limit = pixels.addingReportingOverflow(max(0, work)).overflow ? Int.max : pixels + max(0, work)
    }

    /// Whether the budget set by `allow` is spent.
    var isSpent: Bool { pixels >= limit }

    /// Whether the last-resort deadline has passed (remembered once seen).
    mutating func isPastDeadline() -> Bool {
        if !reachedTimeLimit, let deadline, ContinuousClock.now >= deadline { reachedTimeLimit = true }
        return reachedTimeLimit
    }
}
