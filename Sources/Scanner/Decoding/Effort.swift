/// How far the decoder goes on a frame where the first pass finds nothing.
public enum Effort: String, Sendable, Hashable, CaseIterable, Codable {
    /// One pass, tuned for camera frames: the next frame is the second chance.
    case fast
    /// A few cheap second chances: inverted luma, another scale.
    case normal
    /// Every second chance, for still images where nothing else will come.
    case thorough

    /// How long second chances may run on one frame, from the start of its
    /// first pass (measured with `ContinuousClock`): no pass starts after
    /// it has run out, so a pathological image cannot take seconds. The
    /// slowest corpus image needs about 0.2 s of thorough passes.
    public var secondChanceBudget: Duration {
        switch self {
        case .fast: .zero
        case .normal: .milliseconds(100)
        case .thorough: .milliseconds(500)
        }
    }
}
