import Testing
import ScannerTestSupport
@testable import Scanner

@Suite struct DataBarOmniTests {
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
