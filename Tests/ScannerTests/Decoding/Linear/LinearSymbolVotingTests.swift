import Testing
@testable import Scanner

@Suite struct LinearSymbolVotingTests {
    static func lineRead(_ s: Symbology, _ text: String, _ start: Float, _ end: Float) -> LinearLineRead {
        LinearLineRead(read: LinearRead(symbology: s, bytes: Array(text.utf8), firstRun: 1, endRun: 60, margin: 1.5),
                       reversed: false, start: start, end: end)
    }

    @Test func votingCountsIndependentLines() {
        // 10 lines 2 px apart read the same symbol; with minSeparation 8 only offsets 0, 8, 16 count.
        let inputs = (0..<10).map { LinearSymbolVoting.Input(read: Self.lineRead(.ean13, "4006381333931", 100, 300), line: $0, offset: Float($0 * 2)) }
        let v = LinearSymbolVoting.vote(inputs, minSeparation: 8, maxGap: 24)
        #expect(v.count == 1)
        #expect(v.first?.evidence == 3)
        #expect(v.first?.start == 100 && v.first?.end == 300)
    }

    @Test func votingDropsComparableRivals() {
        var inputs: [LinearSymbolVoting.Input] = []
        for i in 0..<4 { inputs.append(.init(read: Self.lineRead(.ean13, "4006381333931", 100, 300), line: i, offset: Float(i * 10))) }
        for i in 0..<3 { inputs.append(.init(read: Self.lineRead(.upca, "400638133393", 102, 298), line: 10 + i, offset: Float(i * 10 + 5))) }
        #expect(LinearSymbolVoting.vote(inputs, minSeparation: 8, maxGap: 24).isEmpty)  // 4 vs 3: both dropped
        for i in 4..<8 { inputs.append(.init(read: Self.lineRead(.ean13, "4006381333931", 100, 300), line: i, offset: Float(i * 10))) }
        let v = LinearSymbolVoting.vote(inputs, minSeparation: 8, maxGap: 24)  // 8 vs 3: the best stays
        #expect(v.count == 1 && v.first?.symbology == .ean13 && v.first?.evidence == 8)
    }

    @Test func votingKeepsSeparateSymbols() {
        // The same payload twice, far apart across the lines, and a different payload elsewhere along them.
        var inputs: [LinearSymbolVoting.Input] = []
        for i in 0..<3 { inputs.append(.init(read: Self.lineRead(.ean8, "12345670", 0, 100), line: i, offset: Float(i * 10))) }
        for i in 0..<3 { inputs.append(.init(read: Self.lineRead(.ean8, "12345670", 0, 100), line: 20 + i, offset: Float(500 + i * 10))) }
        for i in 0..<2 { inputs.append(.init(read: Self.lineRead(.ean8, "96385074", 400, 500), line: 40 + i, offset: Float(i * 10))) }
        let v = LinearSymbolVoting.vote(inputs, minSeparation: 8, maxGap: 40)
        #expect(v.count == 3)
    }
}
