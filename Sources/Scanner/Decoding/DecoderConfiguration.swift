/// What a `Decoder` looks for and how hard it tries.
public struct DecoderConfiguration: Sendable, Hashable {
    /// The symbologies to report. Only their engines run.
    public var symbologies: Set<Symbology>
    /// The part of each frame to decode.
    public var regionOfInterest: RegionOfInterest
    public var effort: Effort
    /// How long second chances may run on one frame; see
    /// `Effort.secondChanceBudget`, the default.
    public var secondChanceBudget: Duration
    /// For comparisons only: one engine alone, in one pass at its library's
    /// defaults, with every symbology it has. zxing alone then includes its
    /// 1D readers, which can abort the process on some images: run it in a
    /// process of its own per image.
    public var singleEngine: Detection.Engine?

    public init(
        symbologies: Set<Symbology> = Set(Symbology.allCases),
        regionOfInterest: RegionOfInterest = .full,
        effort: Effort = .thorough,
        secondChanceBudget: Duration? = nil
    ) {
        self.symbologies = symbologies
        self.regionOfInterest = regionOfInterest
        self.effort = effort
        self.secondChanceBudget = secondChanceBudget ?? effort.secondChanceBudget
    }
}
