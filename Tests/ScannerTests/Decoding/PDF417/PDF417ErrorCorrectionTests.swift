import Testing
import ScannerTestSupport
@testable import Scanner

/// Reed–Solomon over GF(929): errors and erasures up to 2·errors + erasures ≤ check codewords
/// are corrected and counted; beyond, nothing is returned or a valid other word.
@Suite struct PDF417ErrorCorrectionTests {
    static func word(data: Int, ec: Int, seed: UInt64) -> [Int] {
        var g = SplitMix64(seed: seed)
        let d = (0..<data).map { _ in Int(g.next() % 929) }
        return d + PDF417ErrorCorrection.checkCodewords(d, ecCount: ec)
    }

    @Test(arguments: [2, 8, 64, 512])
    func correctsErrorsAndErasuresUpToCapacity(_ ec: Int) throws {
        for (seed, errorShare) in [(1, 1.0), (2, 0.5), (3, 0.0)] {
            let clean = Self.word(data: min(300, 928 - ec), ec: ec, seed: UInt64(seed))
            #expect(PDF417ErrorCorrection.correct(clean, ecCount: ec)?.corrected == 0)
            // e errors and ec - 2e erasures.
            let errors = Int(Double(ec / 2) * errorShare), erasures = ec - 2 * errors
            var g = SplitMix64(seed: UInt64(seed) * 77)
            var positions = Array(clean.indices)
            for i in positions.indices.reversed() { positions.swapAt(i, Int(g.next() % UInt64(i + 1))) }
            var damaged = clean
            for p in positions.prefix(errors + erasures) { damaged[p] = (damaged[p] + 1 + Int(g.next() % 928)) % 929 }
            let fixed = try #require(PDF417ErrorCorrection.correct(damaged, ecCount: ec, erasures: Array(positions[errors..<(errors + erasures)])))
            #expect(fixed.codewords == clean)
            #expect(fixed.corrected == errors + erasures)
        }
    }

    @Test func beyondCapacityIsNeverTheWrongWordSilently() {
        let clean = Self.word(data: 40, ec: 8, seed: 9)
        var damaged = clean
        for p in [0, 5, 9, 20, 33] { damaged[p] = (damaged[p] + 7) % 929 }
        if let r = PDF417ErrorCorrection.correct(damaged, ecCount: 8) {
            #expect(r.codewords != clean)
            #expect(PDF417ErrorCorrection.correct(r.codewords, ecCount: 8)?.corrected == 0)
        }
        #expect(PDF417ErrorCorrection.correct(clean, ecCount: 8, erasures: [1, 1]) == nil)
        #expect(PDF417ErrorCorrection.correct(clean.map { $0 + 929 }, ecCount: 8) == nil)
    }
}

