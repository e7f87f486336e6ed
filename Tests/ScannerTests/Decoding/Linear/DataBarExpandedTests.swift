import Testing
import ScannerTestSupport
@testable import Scanner

@Suite struct DataBarExpandedTests {
    /// zint data → what zxing-cpp 3.1.1 gives as bytes (GS1 element string, GS after variable fields).
    static let cases: [(String, String)] = [
        ("[01]98898765432106[3202]012345[15]991231", "0198898765432106320201234515991231"),
        ("[01]98898765432106", "0198898765432106"),
        ("[01]98898765432106[10]ABC[15]991231", "019889876543210610ABC\u{1D}15991231"),
        ("[01]90012345678908[3103]001750", "01900123456789083103001750"),
        ("[01]90012345678908[3922]795", "01900123456789083922795"),
        ("[01]90012345678908[3932]978795", "01900123456789083932978795"),
        ("[01]90012345678908[3102]001750[11]100312", "0190012345678908310200175011100312"),
        ("[8110]106141416543213500110000310123196000", "8110106141416543213500110000310123196000"),
        ("[21]abc-DEF/12!%", "21abc-DEF/12!%"),
        ("[10]ABC123[21]XYZ*", "10ABC123\u{1D}21XYZ*"),
        ("[01]00012345678905[10]A1B2C3D4E5", "010001234567890510A1B2C3D4E5"),
    ]

    @Test func roundTripsClean() throws {
        for (data, expected) in Self.cases {
            let rows = try ZintDump.rows(type: 31, data: data)
            #expect(rows.count == 1)
            var rng = SplitMix64(seed: 3)
            let runs = HysteresisScanLine.runs(rows[0], ppm: 3, sigma: 0.8, noise: 0.01, rng: &rng)
            let reads = DataBarExpanded.decode(runs)
            #expect(reads.map { String(decoding: $0.bytes, as: UTF8.self) } == [expected], "\(data)")
        }
    }

    /// The same symbols upside down: the line meets the last pair first, and
    /// with an odd count of characters that pair is a finder and one
    /// character right after the guard bar, which the finder search once
    /// started too late to see.
    @Test func roundTripsUpsideDown() throws {
        var odd = 0
        for (data, expected) in Self.cases {
            let rows = try ZintDump.rows(type: 31, data: data)
            var rng = SplitMix64(seed: 5)
            let runs = HysteresisScanLine.runs(rows[0], ppm: 3, sigma: 0.8, noise: 0.01, rng: &rng)
            // Data characters and the check: an odd count of pairs' halves.
            if (runs.widths.count - 4) / 8 % 2 == 1 { odd += 1 }
            let reads = DataBarExpanded.decode(runs.reversed())
            #expect(reads.map { String(decoding: $0.bytes, as: UTF8.self) } == [expected], "\(data)")
        }
        #expect(odd > 0)
    }

    /// (10) "A", FNC1, then (422) "123" in the general-purpose field (method 00), as an
    /// encoder before ISO/IEC 24724:2011 writes it, with an explicit numeric latch after the
    /// FNC1 (rssexpanded-1/11 of corpus-more), and as zint writes it, without: both read.
    @Test(arguments: [true, false])
    func fnc1InAlphanumericModeReadsWithOrWithoutALatch(explicitLatch: Bool) {
        var bits = DataBarBits()
        bits.append(0b0000, count: 5)  // linkage, method 00, variable length
        bits.append(1 * 11 + 0 + 8, count: 7)  // "10"
        bits.append(0b0000, count: 4)  // latch to alphanumeric
        bits.append(0b100000, count: 6)  // "A"
        bits.append(0b01111, count: 5)  // FNC1
        if explicitLatch { bits.append(0b000, count: 3) }
        for (a, b) in [(4, 2), (2, 1), (2, 3)] { bits.append(a * 11 + b + 8, count: 7) }
        #expect(DataBarExpandedDecoding.decode(bits).map { String(decoding: $0, as: UTF8.self) } == "10A\u{1D}422123")
    }
}

@Suite struct DataBarExpandedScaledTests {
    @Test(arguments: [Float(1), 1.5, 2, 3, 4])
    func roundTripsScaled(ppm: Float) throws {
        var rng = SplitMix64(seed: UInt64(ppm * 100))
        var ok = 0, total = 0
        for (data, expected) in DataBarExpandedTests.cases.prefix(6) {
            let rows = try ZintDump.rows(type: 31, data: data)
            for _ in 0..<5 {
                let runs = HysteresisScanLine.runs(rows[0], ppm: ppm, sigma: ppm <= 1 ? 0.4 : 0.35 * ppm, noise: 0.02, rng: &rng)
                let reads = DataBarExpanded.decode(runs) + DataBarExpanded.decode(runs.reversed())
                let texts = reads.map { String(decoding: $0.bytes, as: UTF8.self) }
                #expect(texts.allSatisfy { $0 == expected })
                total += 1
                if texts.contains(expected) { ok += 1 }
            }
        }
        print("expanded ppm \(ppm): \(ok)/\(total)")
        #expect(ok * 10 >= total * (ppm <= 1 ? 3 : 7))
    }

    @Test(arguments: [1, 2, 3, 4])
    func stackedRows(cols: Int) throws {
        let data = "[01]98898765432106[3202]012345[15]991231[10]ABCDEF123456[21]XYZ"
        let expected = "0198898765432106320201234515991231" + "10ABCDEF123456\u{1D}21XYZ"
        let rows = try ZintDump.rows(type: 81, data: data, options: ["--cols=\(cols)"])
        var rng = SplitMix64(seed: UInt64(cols))
        var chains: [DataBarExpandedChain] = []
        for (y, row) in rows.enumerated() {
            let runs = HysteresisScanLine.runs(row, ppm: 2, sigma: 0.7, noise: 0.02, rng: &rng)
            chains += DataBarExpanded.chains(on: runs, at: Float(y))
        }
        let symbol = DataBarExpanded.assemble(chains)
        #expect(symbol.map { String(decoding: $0.bytes, as: UTF8.self) } == expected, "cols \(cols), \(rows.count) rows")
    }
}
