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
