/// How a `PresentationTracker` confirms reads and deduplicates reports.
public struct TrackerConfiguration: Sendable, Hashable {
    /// How often a confirmed item is reported.
    public var policy: DedupPolicy
    /// Independent reads of a linear (1D) code's payload needed before it
    /// is reported: frames, or within one frame scan lines at distinct
    /// places (`Detection.evidence`). Values below 1 count as 1.
    public var confirmLinear: Int
    /// The same for 2D codes, whose error correction makes misreads rare.
    public var confirmMatrix: Int
    /// Whether a reported item's track ending produces a `left` event.
    public var reportsLeft: Bool
    /// Decoded frames that must have looked at an item's place without
    /// reading it, besides the rearm time, before the item counts as gone.
    /// Time alone is not evidence: a decoder that falls behind sees few
    /// frames, and a gap between them is not an absence. Values below 1
    /// count as 1.
    public var absenceFrames: Int

    /// The frames of evidence of absence when none is given: 3.
    public static let defaultAbsenceFrames = 3

    /// A configuration; by default 1D codes need 2 frames, 2D codes 1, an
    /// item is gone after 3 decoded frames without it, and no `left` events.
    public init(
        policy: DedupPolicy = .default, confirmLinear: Int = 2, confirmMatrix: Int = 1, reportsLeft: Bool = false,
        absenceFrames: Int = TrackerConfiguration.defaultAbsenceFrames
    ) {
        self.policy = policy
        self.confirmLinear = confirmLinear
        self.confirmMatrix = confirmMatrix
        self.reportsLeft = reportsLeft
        self.absenceFrames = absenceFrames
    }

    /// The frames a payload of `symbology` needs before it is trusted.
    func confirmations(for symbology: Symbology) -> Int {
        max(1, symbology.isLinear ? confirmLinear : confirmMatrix)
    }
}
