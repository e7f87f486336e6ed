import ScannerTestSupport
import Testing
@testable import Scanner

@Suite struct BCHTests {
    @Test func knownCodewords() {
        // 18004 Annex C: M level, mask 5 → 100000011001110; version 7 → 000111110010010100.
        #expect(BCH.qrFormat.first { $0.value == 0b00101 }?.codeword == 0b100000011001110)
        #expect(BCH.qrVersion.first { $0.value == 7 }?.codeword == 0b000111110010010100)
    }

    @Test func nearestCorrectsUpToThreeBitsAndCodewordsAreSevenApart() {
        let tables: [([BCH.Candidate], Int)] = [(BCH.qrFormat, 15), (BCH.microQRFormat, 15), (BCH.qrVersion, 18),
                                                (BCH.rmqrFormatFinderSide, 18), (BCH.rmqrFormatSubFinderSide, 18)]
        var rng = SplitMix64(seed: 3)
        for (table, bits) in tables {
            for c in table {
                for errors in 0...3 {
                    var word = c.codeword
                    for b in Array(0..<bits).shuffled(using: &rng).prefix(errors) { word ^= 1 << b }
                    #expect(BCH.nearest([word], among: table, maxDistance: 3) == c.value)
                }
            }
            // Minimum distance ≥ 7: ties at 3 are impossible, and a word 4 bits
            // from one codeword is either rejected or nearer another one.
            for a in table { for b in table where a.value != b.value { #expect((a.codeword ^ b.codeword).nonzeroBitCount >= 7) } }
        }
    }

    @Test func aTieIsRejected() {
        let table = [BCH.Candidate(codeword: 0b0000, value: 1), BCH.Candidate(codeword: 0b0011, value: 2)]
        #expect(BCH.nearest([0b0001], among: table, maxDistance: 3) == nil)
        #expect(BCH.nearest([0b0000], among: table, maxDistance: 3) == 1)
        // Two copies agreeing on different values at the same distance is a tie too.
        #expect(BCH.nearest([0b0100, 0b0111], among: table, maxDistance: 3) == nil)
    }
}
