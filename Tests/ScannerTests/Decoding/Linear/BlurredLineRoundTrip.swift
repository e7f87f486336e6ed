import ScannerTestSupport
@testable import Scanner

/// Decoding synthetic scan lines (`SyntheticLine`) of zint symbols, both ways along the line,
/// at three levels of blur.
enum BlurredLineRoundTrip {
    typealias Decoder = @Sendable (ScanRuns) -> [LinearRead]

    struct Tally: CustomStringConvertible {
        var lines = 0, correct = 0
        var wrong: [String] = []
        var description: String { "\(correct)/\(lines) correct, \(wrong.count) wrong \(wrong.prefix(3))" }
        var rate: Double { lines == 0 ? 0 : Double(correct) / Double(lines) }
        mutating func add(_ other: Tally) {
            lines += other.lines
            correct += other.correct
            wrong += other.wrong
        }
    }

    /// Decodes `trials` lines (random phase and noise) forwards and, reversed, backwards.
    static func run(_ decode: Decoder, modules: [Bool], expected: [UInt8], isGS1: Bool = false,
                    imaging: Imaging, trials: Int, seed: UInt64) -> Tally {
        var rng = SplitMix64(seed: seed)
        var tally = Tally()
        for trial in 0..<trials {
            // Every other line is the symbol drawn right to left, which the caller reverses.
            let backwards = trial % 2 == 1
            let runs = SyntheticLine.runs(backwards ? modules.reversed() : modules, imaging, rng: &rng)
            let reads = decode(backwards ? runs.reversed() : runs)
            tally.lines += 1
            for r in reads where r.bytes != expected || r.isGS1 != isGS1 {
                tally.wrong.append(String(decoding: r.bytes, as: UTF8.self))
            }
            if reads.count == 1, reads[0].bytes == expected, reads[0].isGS1 == isGS1 { tally.correct += 1 }
        }
        return tally
    }

    /// The conditions every line must read: 1.5-4 px per module, blur of a
    /// third of a module, noise, ink spread.
    static let easy: [Imaging] = [1.5, 2, 3, 4].flatMap { p in
        [Imaging(pixelsPerModule: p, sigma: 0.3, noise: 0.02),
         Imaging(pixelsPerModule: p, sigma: 0.35, noise: 0.02, inkSpread: 0.25)]
    }

    /// Blur of half a module: most lines must read, none may misread.
    static let medium: [Imaging] = [1.5, 2, 3, 4].flatMap { p in
        [Imaging(pixelsPerModule: p, sigma: 0.5, noise: 0.02),
         Imaging(pixelsPerModule: p, sigma: 0.45, noise: 0.02, inkSpread: 0.25)]
    }

    /// Blur of 0.7 module: a narrow bar keeps about a tenth of the contrast.
    /// Reads are counted and printed; none may be wrong.
    static let hard: [Imaging] = [1.5, 2, 3, 4].map { Imaging(pixelsPerModule: $0, sigma: 0.7, noise: 0.01) }

    /// Runs every condition of `easy`, `medium` and `hard` for one symbol and checks
    /// the rates: all of easy, most of medium, none wrong anywhere.
    static func check(_ name: String, _ decode: Decoder, modules: [Bool], expected: [UInt8], isGS1: Bool = false,
                      wide: Float? = nil, mediumRate: Double = 0.75) -> (easy: Tally, medium: Tally, hard: Tally) {
        var totals = (easy: Tally(), medium: Tally(), hard: Tally())
        for (level, conditions) in [easy, medium, hard].enumerated() {
            for (i, base) in conditions.enumerated() {
                var imaging = base
                imaging.wideModules = wide
                let t = run(decode, modules: modules, expected: expected, isGS1: isGS1, imaging: imaging,
                            trials: 6, seed: UInt64(level * 100 + i))
                switch level {
                case 0: totals.easy.add(t)
                case 1: totals.medium.add(t)
                default: totals.hard.add(t)
                }
                if t.correct < t.lines { print("\(name) \(imaging): \(t)") }
            }
        }
        print("\(name): easy \(totals.easy), medium \(totals.medium), hard \(totals.hard)")
        return totals
    }
}
