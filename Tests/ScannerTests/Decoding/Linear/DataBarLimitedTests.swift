import Testing
import ScannerTestSupport
@testable import Scanner

@Suite struct DataBarLimitedTests {
    @Test(arguments: ["0000000000000", "1234567890123", "0950110153000", "1999999999999", "0012345678901"])
    func limitedRoundTrip(data: String) throws {
        let rows = try ZintDump.rows(type: 30, data: data)
        #expect(rows.count == 1)
        let expected = DataBarOmni.gtinPayload(try #require(Int(data)))
        var rng = SplitMix64(seed: 9)
        for (ppm, sigma) in [(Float(1), Float(0.4)), (1.5, 0.5), (2, 0.7), (3, 1.0), (4, 1.2)] {
            var ok = 0
            for _ in 0..<10 {
                let runs = HysteresisScanLine.runs(rows[0], ppm: ppm, sigma: sigma, noise: 0.02, rng: &rng)
                let reads = DataBarLimited.decode(runs) + DataBarLimited.decode(runs.reversed())
                #expect(reads.allSatisfy { $0.bytes == expected && $0.symbology == .databarLimited })
                if reads.contains(where: { $0.bytes == expected }) { ok += 1 }
            }
            print("limited \(data) ppm \(ppm): \(ok)/10")
            #expect(ok >= (ppm < 2 ? 2 : 5), "ppm \(ppm): \(ok)/10")
        }
    }
}
