import Testing
import ScannerTestSupport
@testable import Scanner

/// An EAN digit lying between two patterns is refused, not guessed.
@Suite struct EANNearTieTests {
    /// An EAN-13 grey line with the module pattern of digit `k` (0-based among the 12 encoded) replaced.
    static func ean13Signal(replacingDigit k: Int, with runs: [Float], ppm: Float, sigma: Float, seed: UInt64) throws -> [Float] {
        let modules = try ZintDump.modules(type: 13, data: "123456789012")
        // Run widths of the symbol, then swap the 4 runs of digit k.
        var widths = SyntheticLine.moduleRuns(modules)
        let at = 3 + 4 * k + (k < 6 ? 0 : 5)
        for i in 0..<4 { widths[at + i] = runs[i] }
        // Bars from the run widths (fractional modules allowed): the even runs (the row starts dark).
        var bars: [(Float, Float)] = []
        var x: Float = 12
        for (i, w) in widths.enumerated() { if i % 2 == 0 { bars.append((x, x + w)) }; x += w }
        var rng = SplitMix64(seed: seed)
        let o = GreyLineOptions(pxPerModule: ppm, sigma: sigma, noise: 2, light: 210, dark: 30,
                                phase: Float.random(in: 0..<1, using: &rng), seed: seed)
        return GreyLine.render(bars, samples: Int((x + 12) * ppm), o)
    }

    /// 50/50 blends of a digit with its nearest neighbour patterns give no read at all (the check
    /// digit would often catch them, but the margin rule rejects them first).
    @Test func nearTieDigitsAreRejected() throws {
        let set = EANDecoder.digitSet
        func pattern(_ p: Int) -> [Float] { (0..<4).map { Float(set.widths[p * 4 + $0]) } }
        var blends = 0
        for k in [1, 4, 8] {  // a left odd/even digit and right digits
            let candidates = k < 6 ? 0..<20 : 0..<10
            for p in candidates {
                for q in candidates where q != p {
                    let a = pattern(p), b = pattern(q)
                    var dist: Float = 0
                    for i in 0..<4 { dist += abs(a[i] - b[i]) }
                    guard dist == 2 else { continue }  // nearest neighbours: one module moved between two runs
                    let blend = (0..<4).map { 0.5 * a[$0] + 0.5 * b[$0] }
                    for (ppm, sigma) in [(Float(3), Float(0)), (4, 0.25), (2, 0.2)] {
                        blends += 1
                        let s = try Self.ean13Signal(replacingDigit: k, with: blend, ppm: ppm, sigma: sigma, seed: UInt64(blends))
                        let reads = GreyLine.read(s).filter { [.ean13, .upca].contains($0.0) }
                        #expect(reads.isEmpty, "blend \(p)/\(q) at digit \(k): \(reads)")
                    }
                }
            }
        }
        #expect(blends > 50)
    }

    /// Digit '2' at position 0 (set A: 2 1 2 2) with one edge moved by half a module, so that it lies
    /// halfway to another pattern: 2 1 2.5 1.5 (to set B '7', 2 1 3 1) and 2 1.5 1.5 2 (to set B '2', 2 2 1 2).
    @Test func halfModuleShiftIsRejected() throws {
        for (ppm, sigma) in [(Float(3), Float(0)), (4, 0.2), (2, 0.15)] {
            for runs: [Float] in [[2, 1, 2.5, 1.5], [2, 1.5, 1.5, 2]] {
                let s = try Self.ean13Signal(replacingDigit: 0, with: runs, ppm: ppm, sigma: sigma, seed: 5)
                #expect(GreyLine.read(s).isEmpty, "\(runs) ppm \(ppm)")
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
