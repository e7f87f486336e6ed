// The lines behind each character of an assembled DataBar Expanded symbol, so that the
// assembler does not take a weaker reading over a stronger one and let the mod-211 check
// decide. Each rival reading placed in the search is one more draw at that check, and one
// wrong combination in 211 passes it: a noisy render read "(01)98770784717696(3204)..." for
// "(01)59410784717692(21)...", built from three characters that one line each had read where
// five to seven other lines had read others.

struct DataBarExpandedVotes {
    private let chains: [DataBarExpandedChain]

    init(_ chains: [DataBarExpandedChain]) { self.chains = chains }

    /// Whether no character of the symbol is outvoted: read otherwise, at its place, on at least as many
    /// lines that did not read it there. Only a chain that reads another of the symbol's characters as the
    /// symbol has it votes against one: that anchors it to the same pair. Unanchored readings of a place
    /// are other stretches of bars (a finder sighted inside a character, another row of a stacked symbol,
    /// a mirrored pair read backwards).
    func clearlyBest(_ pairs: [DataBarExpandedPair]) -> Bool {
        var placed: [Int: Int] = [:]
        for pair in pairs {
            for (place, value) in Self.readings(pair) { placed[place] = value }
        }
        var own: [Int: Set<Float>] = [:]
        var rivals: [Int: [Int: Set<Float>]] = [:]
        for chain in chains {
            let readings = chain.pairs.flatMap(Self.readings)
            let agreeing = Set(readings.filter { placed[$0.place] == $0.value }.map(\.place))
            for (place, value) in readings {
                guard let mine = placed[place] else { continue }
                if value == mine {
                    own[place, default: []].formUnion(chain.lines)
                } else if !agreeing.subtracting([place]).isEmpty {
                    rivals[place, default: [:]][value, default: []].formUnion(chain.lines)
                }
            }
        }
        for (place, values) in rivals {
            let mine = own[place, default: []]
            if values.values.contains(where: { $0.subtracting(mine).count >= mine.count }) { return false }
        }
        return true
    }

    /// A pair's characters by place: finder identity × 2 + side (0 left, 1 right).
    private static func readings(_ pair: DataBarExpandedPair) -> [(place: Int, value: Int)] {
        [(pair.identity * 2, pair.left?.value), (pair.identity * 2 + 1, pair.right?.value)]
            .compactMap { place, value in value.map { (place, $0) } }
    }
}
