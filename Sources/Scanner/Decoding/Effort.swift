/// How far the decoder goes on a frame where the first pass finds nothing.
public enum Effort: String, Sendable, Hashable, CaseIterable, Codable {
    /// One pass, tuned for camera frames: the next frame is the second chance.
    case fast
    /// A few cheap second chances: inverted luma, another scale.
    case normal
    /// Every second chance, for still images where nothing else will come.
    case thorough

    /// How many pixels the engines may examine in second chances on one
    /// frame, summed over engines, passes and zbar's re-scans. It bounds the
    /// cost of a large or pathological image by work done, so results do
    /// not depend on how busy the machine is. Thorough's 200 Mpx lets every
    /// pass run on an image up to about a megapixel (no pass enlarges past
    /// one, so the passes add up to well under that); only larger photos
    /// and pathological images reach it. Normal's 8 Mpx covers its four
    /// second chances on a 720p frame.
    public var secondChanceWork: Int {
        switch self {
        case .fast: 0
        case .normal: 8_000_000
        case .thorough: 200_000_000
        }
    }

    /// Whether each 1D read needs a second engine or view to agree before it
    /// is reported (`LinearConfirmation`): for still images, which have no
    /// next frame to confirm a read. The camera's tracker counts evidence
    /// across frames instead.
    public var confirmsLinearReads: Bool { self == .thorough }
}
