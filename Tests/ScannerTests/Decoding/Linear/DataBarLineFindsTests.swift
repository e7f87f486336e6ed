import Testing
import ScannerTestSupport
@testable import Scanner

/// One line's DataBar finds serve both its own reads and the stacked
/// assembler: what they read is what the decoders read from the runs.
@Suite struct DataBarLineFindsTests {
    /// (zint type, data): DataBar Omni and Expanded, one row each.
    static let symbols: [(Int, String)] = [(29, "0123456789012"), (31, "[01]98898765432106[3202]012345")]

    @Test(arguments: [false, true])
    func findsReadWhatTheDecodersRead(reversed: Bool) throws {
        for (type, data) in Self.symbols {
            let rows = try ZintDump.rows(type: type, data: data)
            var rng = SplitMix64(seed: 7)
            let line = HysteresisScanLine.runs(rows[0], ppm: 3, sigma: 0.8, noise: 0.01, rng: &rng)
            let runs = reversed ? line.reversed() : line
            let finds = DataBarLineFinds(runs, at: 5)
            let reads = finds.reads(of: [.databar, .databarExpanded])
            #expect(!reads.isEmpty, "\(data)")
            #expect(reads == DataBarOmni.decode(runs) + DataBarExpanded.decode(runs), "\(data)")
            // Each find carries the line's position, for the assembler.
            #expect(finds.halves.allSatisfy { $0.line == 5 } && finds.chains.allSatisfy { $0.line == 5 })
            // Only the symbologies asked for.
            #expect(finds.reads(of: [.databarLimited]).isEmpty)
        }
    }
}
