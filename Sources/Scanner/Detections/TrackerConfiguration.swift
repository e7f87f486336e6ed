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

    /// A configuration; by default 1D codes need 2 frames, 2D codes 1, and no `left` events.
    public init(
        policy: DedupPolicy = .default, confirmLinear: Int = 2, confirmMatrix: Int = 1, reportsLeft: Bool = false
    ) {
        self.policy = policy
        self.confirmLinear = confirmLinear
        self.confirmMatrix = confirmMatrix
        self.reportsLeft = reportsLeft
    }

    /// The frames a payload of `symbology` needs before it is trusted.
    func confirmations(for symbology: Symbology) -> Int {
        max(1, symbology.isLinear ? confirmLinear : confirmMatrix)
    }
}
