/// How far the decoder goes on a frame where the first pass finds nothing.
public enum Effort: String, Sendable, Hashable, CaseIterable, Codable {
    /// One pass, tuned for camera frames: the next frame is the second chance.
    case fast
    /// A few cheap second chances: inverted luma, another scale.
    case normal
    /// Every second chance, for still images where nothing else will come.
    case thorough
}
