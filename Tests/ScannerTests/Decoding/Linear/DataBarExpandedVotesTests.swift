import Testing
@testable import Scanner

/// The assembler's vote: the mod-211 check only decides between readings that the lines
/// have not already decided.
@Suite struct DataBarExpandedVotesTests {
    static func character(_ value: Int) -> DataBarCharacterRead {
        DataBarCharacterRead(value: value, widths: [1, 1, 1, 1, 1, 1, 1, 10], distance: 0, margin: 1)
    }

    static func pair(_ identity: Int, _ left: Int?, _ right: Int?) -> DataBarExpandedPair {
        DataBarExpandedPair(finder: identity / 2, mirrored: identity % 2 == 1,
                            left: left.map(character), right: right.map(character))
    }

    static func chain(_ pairs: [DataBarExpandedPair], lines: Set<Float>) -> DataBarExpandedChain {
        DataBarExpandedChain(pairs: pairs, line: lines.min() ?? 0, firstRun: 0, endRun: 0, moduleSize: 3,
                             startEdge: 0, endEdge: 0, lines: lines)
    }

    @Test func aCharacterOutvotedByOtherLinesIsRefused() {
        let weak = Self.chain([Self.pair(0, 5, 7)], lines: [1])
        let strong = Self.chain([Self.pair(0, 5, 9)], lines: [2, 3])
        let votes = DataBarExpandedVotes([weak, strong])
        #expect(!votes.clearlyBest([Self.pair(0, 5, 7)]))
        #expect(votes.clearlyBest([Self.pair(0, 5, 9)]))
    }

    @Test func aTieIsAGuessAndRefused() {
        let votes = DataBarExpandedVotes([Self.chain([Self.pair(0, 5, 7)], lines: [1]), Self.chain([Self.pair(0, 5, 9)], lines: [2])])
        #expect(!votes.clearlyBest([Self.pair(0, 5, 7)]))
        #expect(!votes.clearlyBest([Self.pair(0, 5, 9)]))
    }

    /// A line that read the character there too saw another stretch of bars where it read the rival.
    @Test func aRivalOnTheCharactersOwnLinesIsNoVote() {
        let placed = Self.chain([Self.pair(0, 5, 7)], lines: [1, 2])
        let sameLines = Self.chain([Self.pair(0, 5, 9)], lines: [1, 2])
        #expect(DataBarExpandedVotes([placed, sameLines]).clearlyBest([Self.pair(0, 5, 7)]))
    }

    /// Only a chain that reads another of the symbol's characters as the symbol does reads the same pair.
    @Test func onlyAnAnchoredRivalVotes() {
        let symbol = [Self.pair(0, 5, 7), Self.pair(1, 11, 13)]
        let placed = Self.chain(symbol, lines: [1])
        let elsewhere = Self.chain([Self.pair(0, 6, 9)], lines: [2, 3])
        #expect(DataBarExpandedVotes([placed, elsewhere]).clearlyBest(symbol))
        let anchoredByItsNeighbour = Self.chain([Self.pair(0, 6, 9), Self.pair(1, 11, 13)], lines: [2, 3])
        #expect(!DataBarExpandedVotes([placed, anchoredByItsNeighbour]).clearlyBest(symbol))
        // A2 read backwards is an A1 with A2's characters swapped: no rival of the A1 beside it.
        let partnerBackwards = Self.chain([Self.pair(0, 13, 11)], lines: [2, 3, 4])
        #expect(DataBarExpandedVotes([placed, partnerBackwards]).clearlyBest(symbol))
    }
}
