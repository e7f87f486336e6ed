/// What DataBar's finders find on one scan line: Omni's pair halves and
/// Expanded's chains of pairs. Made once a line, for the symbols read whole
/// on it and for the stacked assembler (`DataBarAssembler`), whose search
/// of its own was 4 % of the CPU over the corpus and corpus-more.
struct DataBarLineFinds: Sendable {
    /// The symbologies read from the finds.
    static let symbologies: Set<Symbology> = [.databar, .databarExpanded]

    let halves: [DataBarPairRead]
    let chains: [DataBarExpandedChain]

    /// The finds on `runs`; `position` is the caller's position of the line across the image.
    init(_ runs: ScanRuns, at position: Float) {
        halves = DataBarOmni.pairs(on: DataBarLine(runs), at: position)
        chains = DataBarExpanded.chains(on: runs, at: position)
    }

    /// The symbols of `symbologies` read whole on this line: Omni's, then Expanded's.
    func reads(of symbologies: Set<Symbology>) -> [LinearRead] {
        (symbologies.contains(.databar) ? DataBarOmni.reads(halves) : [])
            + (symbologies.contains(.databarExpanded) ? DataBarExpanded.reads(chains) : [])
    }
}
