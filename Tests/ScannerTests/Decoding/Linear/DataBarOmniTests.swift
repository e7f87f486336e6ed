import Testing
import ScannerTestSupport
@testable import Scanner

@Suite struct DataBarOmniTests {
    /// A finder hit is the plain match against every pattern, accepted by
    /// distance and margin: skipping windows far from the patterns' shared
    /// elements (`DataBarFinderSet.isFar`) loses none. Windows near finders
    /// (each pattern's widths, jittered) and random ones, as written and
    /// mirrored, for DataBar and DataBar Expanded.
    @Test func findersSkipOnlyWindowsNoPatternMatches() {
        var rng = SplitMix64(seed: 7)
        var hits = 0
        for set in [DataBarOmni.finders, DataBarExpanded.finders] {
            for mirrored in [false, true] {
                let patterns = mirrored ? set.patterns.map { Array($0.reversed()) } : set.patterns
                let plain = WidthPatternSet(patterns: patterns, modulesPerCharacter: 15)
                for trial in 0..<20_000 {
                    let pattern = patterns[trial % patterns.count]
                    let jitter: Float = trial % 2 == 0 ? 0.6 : 6
                    let runs = pattern.map { max(0.05, Float($0) + Float.random(in: -jitter...jitter, using: &rng)) }
                    let found = runs.withUnsafeBufferPointer { set.hit($0, at: 0, mirrored: mirrored, backward: false) }
                    let match = runs.withUnsafeBufferPointer { plain.match($0, at: 0) }
                    let expected = match.flatMap { $0.distance <= DataBarFinderSet.maximumDistance && $0.margin >= DataBarFinderSet.minimumMargin ? $0 : nil }
                    #expect(found?.pattern == expected?.index && found?.margin == expected?.margin, "\(runs)")
                    if found != nil { hits += 1 }
                }
            }
        }
        #expect(hits > 1000)
    }

    @Test func characterValuesMatchAllZeros() {
        #expect(DataBarCharacterSet.omniOuter.value([1, 1, 1, 1, 2, 1, 8, 1]) == 0)
        #expect(DataBarCharacterSet.omniInner.value([1, 1, 1, 1, 1, 1, 2, 7]) == 0)
    }

    @Test(arguments: ["0123456789012", "0000000000000", "9999999999999", "2012345678901", "0950110153000"])
    func omniRoundTrip(data: String) throws {
        let rows = try ZintDump.rows(type: 29, data: data)
        #expect(rows.count == 1)
        let expected = Array(DataBarOmni.gtinPayload(try #require(Int(data))))
        var rng = SplitMix64(seed: 42)
        for (ppm, sigma) in [(Float(1), Float(0.5)), (1.5, 0.6), (2, 0.8), (3, 1.0), (4, 1.2)] {
            var ok = 0
            for _ in 0..<10 {
                let runs = HysteresisScanLine.runs(rows[0], ppm: ppm, sigma: sigma, noise: 0.02, rng: &rng)
                let reads = DataBarOmni.decode(runs) + DataBarOmni.decode(runs.reversed())
                #expect(reads.allSatisfy { $0.bytes == expected })
                if reads.contains(where: { $0.bytes == expected }) { ok += 1 }
            }
            #expect(ok >= (ppm < 1.5 ? 3 : 5), "ppm \(ppm): \(ok)/10")
        }
    }
}
