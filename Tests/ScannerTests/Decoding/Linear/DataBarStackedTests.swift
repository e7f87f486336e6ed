import Testing
import ScannerTestSupport
@testable import Scanner

@Suite struct DataBarStackedTests {
    /// Every module row of a zint symbol as one scan line, through the assembler.
    static func assemble(type: Int, data: String, options: [String] = [], ppm: Float, seed: UInt64) throws -> [DataBarSymbolRead] {
        let rows = try ZintDump.rows(type: type, data: data, options: options)
        var rng = SplitMix64(seed: seed)
        var assembler = DataBarAssembler()
        for (y, row) in rows.enumerated() {
            assembler.add(HysteresisScanLine.runs(row, ppm: ppm, sigma: 0.3 * ppm, noise: 0.02, rng: &rng), at: Float(y))
        }
        return assembler.symbols()
    }

    @Test(arguments: [79, 80])
    func stackedTwoRows(type: Int) throws {
        for data in ["0123456789012", "0950110153000", "2012345678901"] {
            let expected = DataBarOmni.gtinPayload(try #require(Int(data)))
            var ok = 0
            for seed in 0..<4 {
                let symbols = try Self.assemble(type: type, data: data, ppm: 3, seed: UInt64(seed))
                #expect(symbols.allSatisfy { $0.bytes == expected })
                if symbols.contains(where: { $0.bytes == expected && $0.lines.count == 2 }) { ok += 1 }
            }
            #expect(ok >= 3, "type \(type) \(data): \(ok)/4")
        }
    }

    @Test func truncatedAndOmniThroughAssembler() throws {
        for options in [[], ["--height=13"]] {
            let symbols = try Self.assemble(type: 29, data: "0123456789012", options: options, ppm: 2, seed: 5)
            #expect(symbols.map(\.bytes) == [DataBarOmni.gtinPayload(123456789012)])
        }
    }

    /// Expanded Stacked from 11 rows (one pair a row, the most the standard allows) down to 2.
    @Test(arguments: [1, 2, 3, 4, 6])
    func expandedStackedThroughAssembler(cols: Int) throws {
        let data = "[01]98898765432106[3202]012345[15]991231[10]ABCDEF123456[21]XYZ1234"
        let expected = Array(("0198898765432106320201234515991231" + "10ABCDEF123456\u{1D}21XYZ1234").utf8)
        let rows = try ZintDump.rows(type: 81, data: data, options: ["--cols=\(cols)"])
        let symbols = try Self.assemble(type: 81, data: data, options: ["--cols=\(cols)"], ppm: 2, seed: UInt64(cols))
        // Never a wrong message: at 11 rows the assembler once returned one (62 bytes, not 58).
        #expect(symbols.allSatisfy { $0.bytes == expected }, "cols \(cols)")
        withKnownIssue("""
            Not read at 11 rows (cols 1, seed 1): each row's one pair is read both ways, as pair i and as its \
            mirror i^1 with the characters swapped, and both fit the 11-pair finder sequence; among the \
            combinations DataBarExpanded.Placement tries, a wrong one also passes the mod-211 check, and two \
            messages that fit are a guess the assembler refuses. 2 to 6 rows read right.
            """) {
            #expect(symbols.map(\.bytes) == [expected], "cols \(cols), \(rows.count) module rows")
            #expect(symbols.first?.lines.count ?? 0 >= (rows.count + 3) / 4, "cols \(cols)")
        } when: { cols == 1 }
    }

    /// A stacked symbol turned a few degrees, read whole by our reader: every
    /// line across a row measures its characters a little differently, and
    /// while each sighting counted as a chain of its own, the placement
    /// search ran out of its budget among a hundred copies of eight rows
    /// (this 4-row symbol at -7, -4, -3, -2 and 10°). Not at -5°: there
    /// three chains read on one line each, where a line left its row, give
    /// a second message that passes the check, and two that fit are a guess.
    @Test(arguments: [-7.0, -4, -3, -2, 2, 3, 4, 5, 7, 10])
    func expandedStackedTurnedAFewDegrees(_ degrees: Double) throws {
        let frame = try ZintRenderer.render(.databarExpanded, .gs1("[01]40997233402207[17]290802[21]SY1FWBI0K"), moduleSize: 3, margin: 20,
                                            form: .expandedStacked(columns: 2)).frame.rotated(degrees: degrees)
        var configuration = DecoderConfiguration(symbologies: [.databarExpanded])
        configuration.singleEngine = .native
        let found = BarcodeReader(configuration: configuration).read(frame).detections
        #expect(found.map(\.text) == ["0140997233402207172908022" + "1SY1FWBI0K"], "\(degrees)°: \(found.map(\.humanReadable))")
    }
}
