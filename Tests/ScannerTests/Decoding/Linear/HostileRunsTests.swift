import Testing
import ScannerTestSupport
@testable import Scanner

/// Any run array must end cleanly: zeros, NaN, infinities, huge, negative values.
@Suite struct HostileRunsTests {
    static let specials: [Float] = [0, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -1,
                                    .leastNonzeroMagnitude, 1e30, 1e-30, 3, 1, 2]

    static func decodeAll(_ runs: ScanRuns) -> Int {
        var n = 0
        for r in [runs, runs.reversed()] {
            n += Code128.decode(r).count + Code39.decode(r).count + Code93.decode(r).count + Telepen.decode(r).count
        }
        return n
    }

    @Test func randomArrays() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...120, using: &rng)
            let widths: [Float] = (0..<count).map { _ in
                Int.random(in: 0..<3, using: &rng) == 0
                    ? Self.specials[Int.random(in: 0..<Self.specials.count, using: &rng)]
                    : Float.random(in: 0...8, using: &rng)
            }
            _ = Self.decodeAll(ScanRuns(widths: widths))
            // Edges that do not agree with the widths.
            let edges = (0..<(count + 1)).map { _ in Self.specials[Int.random(in: 0..<Self.specials.count, using: &rng)] }
            _ = Self.decodeAll(ScanRuns(widths: widths, edges: edges))
        }
    }

    /// Valid symbols with one run replaced by each special value.
    @Test func poisonedSymbols() throws {
        let symbols = [try ZintDump.modules(type: 20, data: "AB12"), try ZintDump.modules(type: 8, data: "AB12"),
                       try ZintDump.modules(type: 25, data: "AB12"), try ZintDump.modules(type: 32, data: "AB12")]
        for modules in symbols {
            let clean = SyntheticLine.idealRuns(modules, px: 2).widths
            #expect(Self.decodeAll(ScanRuns(widths: clean)) == 1)
            for i in clean.indices {
                for v in Self.specials {
                    var w = clean
                    w[i] = v
                    _ = Self.decodeAll(ScanRuns(widths: w))
                }
            }
        }
    }

    @Test func emptyAndTiny() {
        for w in [[], [Float.nan], [0, 0], [1, .infinity, 1]] as [[Float]] {
            #expect(Self.decodeAll(ScanRuns(widths: w)) == 0)
            #expect(Self.decodeAll(ScanRuns(widths: w, edges: [])) == 0)
        }
    }
}
