import Testing
import ScannerTestSupport
@testable import Scanner

/// An EAN digit lying between two patterns is never guessed: the check
/// digit settles the tie when only one of the two makes a valid symbol, and
/// where two unclear digits could each go either way and still pass it,
/// nothing is read (`EANDecoder.Digits.resolved`).
@Suite struct EANNearTieTests {
    /// The encoded digits of `ean13Signal` (EAN-13 1234567890128: its
    /// leading 1 sets the parity of the left six, A A B A B B).
    static let encoded: [Int] = [2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 8]
    static let leftParityIsEven = [false, false, true, false, true, true]

    /// An EAN-13 grey line with the module pattern of digit `k` (0-based among the 12 encoded) replaced.
    static func ean13Signal(replacingDigit k: Int, with runs: [Float], ppm: Float, sigma: Float, seed: UInt64) throws -> [Float] {
        try ean13Signal(replacing: [k: runs], ppm: ppm, sigma: sigma, seed: seed)
    }

    /// The same with several digits replaced (position: its 4 runs).
    static func ean13Signal(replacing digits: [Int: [Float]], ppm: Float, sigma: Float, seed: UInt64) throws -> [Float] {
        let modules = try ZintDump.modules(type: 13, data: "123456789012")
        // Run widths of the symbol, then swap the 4 runs of each digit.
        var widths = SyntheticLine.moduleRuns(modules)
        for (k, runs) in digits {
            let at = 3 + 4 * k + (k < 6 ? 0 : 5)
            for i in 0..<4 { widths[at + i] = runs[i] }
        }
        // Bars from the run widths (fractional modules allowed): the even runs (the row starts dark).
        var bars: [(Float, Float)] = []
        var x: Float = 12
        for (i, w) in widths.enumerated() { if i % 2 == 0 { bars.append((x, x + w)) }; x += w }
        var rng = SplitMix64(seed: seed)
        let o = GreyLineOptions(pxPerModule: ppm, sigma: sigma, noise: 2, light: 210, dark: 30,
                                phase: Float.random(in: 0..<1, using: &rng), seed: seed)
        return GreyLine.render(bars, samples: Int((x + 12) * ppm), o)
    }

    static func pattern(_ p: Int) -> [Float] { (0..<4).map { Float(EANDecoder.digitSet.widths[p * 4 + $0]) } }

    /// Patterns one module moved between two runs away: the nearest ones.
    static func areNeighbours(_ p: Int, _ q: Int) -> Bool {
        let (a, b) = (pattern(p), pattern(q))
        return (0..<4).map { abs(a[$0] - b[$0]) }.reduce(0, +) == 2
    }

    /// Pattern `p` moved the fraction `t` of the way to pattern `q`.
    static func blend(_ p: Int, _ q: Int, _ t: Float = 0.5) -> [Float] {
        let (a, b) = (pattern(p), pattern(q))
        return (0..<4).map { (1 - t) * a[$0] + t * b[$0] }
    }

    /// The pattern index digit `k` is drawn with (0...9 set A or C, 10...19 set B).
    static func encodedPattern(_ k: Int) -> Int { encoded[k] + (k < 6 && leftParityIsEven[k] ? 10 : 0) }

    /// 50/50 blends of two neighbouring patterns in one digit: a blend of
    /// two wrong patterns never reads (either breaks the check digit), and
    /// a blend of the encoded pattern with a neighbour reads right or not
    /// at all, never as the neighbour.
    @Test func oneNearTieDigitIsSettledByTheCheckDigit() throws {
        var blends = 0, settled = 0
        for k in [1, 4, 8] {  // a left odd/even digit and right digits
            let candidates = k < 6 ? 0..<20 : 0..<10
            for p in candidates {
                for q in candidates where q > p && Self.areNeighbours(p, q) {
                    for (ppm, sigma) in [(Float(3), Float(0)), (4, 0.25), (2, 0.2)] {
                        blends += 1
                        let s = try Self.ean13Signal(replacingDigit: k, with: Self.blend(p, q), ppm: ppm, sigma: sigma, seed: UInt64(blends))
                        let reads = GreyLine.read(s).filter { [.ean13, .upca].contains($0.0) }.map(\.1)
                        if [p, q].contains(Self.encodedPattern(k)) {
                            #expect(reads.allSatisfy { $0 == "1234567890128" }, "blend \(p)/\(q) at digit \(k): \(reads)")
                            settled += reads.isEmpty ? 0 : 1
                        } else {
                            #expect(reads.isEmpty, "blend \(p)/\(q) at digit \(k): \(reads)")
                        }
                    }
                }
            }
        }
        #expect(blends > 50)
        // Most blends with the encoded pattern are settled, not refused.
        #expect(settled >= 6, "\(settled) settled")
    }

    /// Ideal runs (light quiet zone first) of `ean13Signal`'s symbol at 3
    /// pixels a module, with the runs of each digit in `digits` replaced.
    static func ean13Runs(replacing digits: [Int: [Float]]) throws -> ScanRuns {
        var widths = SyntheticLine.moduleRuns(try ZintDump.modules(type: 13, data: "123456789012"))
        for (k, runs) in digits {
            let at = 3 + 4 * k + (k < 6 ? 0 : 5)
            for i in 0..<4 { widths[at + i] = runs[i] }
        }
        return ScanRuns(widths: ([SyntheticLine.quietModules] + widths + [SyntheticLine.quietModules]).map { 3 * $0 })
    }

    /// Two right-hand digits each moved 42% of the way to a neighbour
    /// pattern (its own still wins, by 0.32 modules: unclear), where the two
    /// neighbours together also pass the check digit: two valid symbols lie
    /// near, and nothing is read. Either digit so moved alone is settled by
    /// the check digit, so it is the second tie that refuses the pair.
    @Test func twoNearTiesThatBothPassTheCheckAreRefused() throws {
        var pairs = 0
        for i in 6..<12 {
            for j in (i + 1)..<12 {
                for a in 0..<10 where a != Self.encoded[i] && Self.areNeighbours(a, Self.encoded[i]) {
                    for b in 0..<10 where b != Self.encoded[j] && Self.areNeighbours(b, Self.encoded[j]) {
                        var digits = [1] + Self.encoded
                        digits[1 + i] = a
                        digits[1 + j] = b
                        guard GTIN.hasValidCheckDigit(digits.map(String.init).joined()) else { continue }
                        pairs += 1
                        let (first, second) = (Self.blend(Self.encoded[i], a, 0.42), Self.blend(Self.encoded[j], b, 0.42))
                        let both = EANDecoder.decode(try Self.ean13Runs(replacing: [i: first, j: second]))
                        #expect(both.isEmpty, "digits \(i), \(j) toward \(a), \(b): \(both)")
                        for (k, runs) in [(i, first), (j, second)] {
                            let alone = EANDecoder.decode(try Self.ean13Runs(replacing: [k: runs])).map { String(decoding: $0.bytes, as: UTF8.self) }
                            #expect(alone == ["1234567890128"], "digit \(k) alone")
                        }
                    }
                }
            }
        }
        #expect(pairs >= 3, "\(pairs) pairs")
    }

    /// Digit '2' at position 0 (set A: 2 1 2 2) with one edge moved by half a module, so that it lies
    /// halfway to another pattern: 2 1 2.5 1.5 (to set B '7', 2 1 3 1) and 2 1.5 1.5 2 (to set B '2', 2 2 1 2).
    /// Set B there would break the parity pattern of the leading 1: read right or not at all.
    @Test func halfModuleShiftIsNeverMisread() throws {
        for (ppm, sigma) in [(Float(3), Float(0)), (4, 0.2), (2, 0.15)] {
            for runs: [Float] in [[2, 1, 2.5, 1.5], [2, 1.5, 1.5, 2]] {
                let s = try Self.ean13Signal(replacingDigit: 0, with: runs, ppm: ppm, sigma: sigma, seed: 5)
                #expect(GreyLine.read(s).allSatisfy { $0.1 == "1234567890128" }, "\(runs) ppm \(ppm)")
            }
        }
    }

    /// The same construction with the digit's true pattern reads.
    @Test func cleanAndBlurredPatternsStillRead() throws {
        for (ppm, sigma) in [(Float(3), Float(0)), (4, 0.25), (2, 0.2), (3, 0.35)] {
            let s = try Self.ean13Signal(replacingDigit: 0, with: [2, 1, 2, 2], ppm: ppm, sigma: sigma, seed: 9)
            #expect(GreyLine.read(s).map { $0.1 } == ["1234567890128"], "ppm \(ppm) sigma \(sigma)")
        }
    }

    /// Sensor noise on a blank line: every decoder, no read.
    @Test func sensorNoiseAloneReadsNothing() {
        var rng = SplitMix64(seed: 42)
        let decoders = LinearEngine.decoders(for: LinearEngine().supported)
        for trial in 0..<200 {
            let n = 1280
            let random = (0..<n).map { _ in Float(UInt8.random(in: 0...255, using: &rng)) }
            let flat = (0..<n).map { _ in (128 + Float(Int.random(in: -6...6, using: &rng))) }
            let gaussian = (0..<n).map { _ in (128 + 6 * rng.gaussian()).rounded() }
            for (name, s) in [("random", random), ("flat±6", flat), ("gauss6", gaussian)] {
                let runs = EdgeProfile.runs(s)
                let reads = LinearLineDecoder.decode(runs.openedAtEnds(), decoders: decoders.oneWay, bothWays: decoders.bothWays)
                    + LinearLineDecoder.decode(runs, decoders: decoders.unchecked)
                #expect(reads.isEmpty, "\(name) trial \(trial): \(reads.map(\.read))")
            }
            if trial < 3 {
                #expect(EdgeProfile.runs(flat).widths.count <= 3, "flat ±6 makes runs")
            }
        }
    }

    @Test func hostileRunsEndCleanly() {
        var rng = SplitMix64(seed: 3)
        let decoders = LinearEngine.decoders(for: LinearEngine().supported)
        for _ in 0..<300 {
            let count = Int.random(in: 0..<200, using: &rng)
            var w = (0..<count).map { _ in Float.random(in: 0..<6, using: &rng) }
            if count > 3 { w[1] = .nan; w[2] = .infinity; w[3] = 0 }
            _ = LinearLineDecoder.decode(ScanRuns(widths: w), decoders: decoders.oneWay + decoders.unchecked, bothWays: decoders.bothWays)
            _ = EdgeProfile.runs(w.map { $0 * 40 })
        }
        _ = EdgeProfile.runs([Float]())
        _ = EdgeProfile.runs([1, .nan, 3, .infinity, -1e30])
    }
}
