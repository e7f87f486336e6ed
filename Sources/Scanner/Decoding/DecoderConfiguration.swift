/// What a `Decoder` looks for and how hard it tries.
public struct DecoderConfiguration: Sendable, Hashable {
    /// The symbologies to report. Only their engines run.
    public var symbologies: Set<Symbology>
    /// The part of each frame to decode.
    public var regionOfInterest: RegionOfInterest
    public var effort: Effort

    public init(
        symbologies: Set<Symbology> = Set(Symbology.allCases),
        regionOfInterest: RegionOfInterest = .full,
        effort: Effort = .thorough
    ) {
        self.symbologies = symbologies
        self.regionOfInterest = regionOfInterest
        self.effort = effort
    }
}
