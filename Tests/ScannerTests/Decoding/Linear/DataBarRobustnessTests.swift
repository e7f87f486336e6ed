import Testing
import ScannerTestSupport
@testable import Scanner

@Suite struct DataBarRobustnessTests {
    @Test func nearTieIsRefused() {
        let set = DataBarCharacterSet.omniOuter
        let clean: [Float] = [1, 1, 1, 1, 2, 1, 8, 1]
        let tie: [Float] = [1, 1, 1, 1, 2.5, 1, 7.5, 1] // halfway between …2,1,8… and …3,1,7…
        #expect(set.value([1, 1, 1, 1, 3, 1, 7, 1]) != nil) // both neighbours are valid characters
        let a = clean.withUnsafeBufferPointer { set.read($0, from: 0, step: 1, firstIsDark: false) }
        let b = tie.withUnsafeBufferPointer { set.read($0, from: 0, step: 1, firstIsDark: false) }
        #expect(a?.value == 0)
        #expect(b == nil)
    }

    @Test func randomLinesGiveNothing() {
        var rng = SplitMix64(seed: 77)
        var reads = 0
        var assembler = DataBarAssembler()
        for i in 0..<1_500 {
            let n = Int.random(in: 20...160, using: &rng)
            let widths = (0..<n).map { _ in Float(Int.random(in: 1...9, using: &rng)) * Float.random(in: 0.8...1.2, using: &rng) * 2 }
            let runs = ScanRuns(widths: widths)
            reads += DataBarOmni.decode(runs).count + DataBarExpanded.decode(runs).count + DataBarLimited.decode(runs).count
            if i < 300 { assembler.add(runs, at: Float(i)) }
        }
        #expect(reads == 0)
        #expect(assembler.symbols().isEmpty)
    }

    @Test func garbageDoesNotCrash() {
        let inputs: [[Float]] = [
            [], [0], [.nan], [Float](repeating: .nan, count: 100), [Float](repeating: 0, count: 100),
            [Float](repeating: .infinity, count: 60), [Float](repeating: 1e30, count: 80),
            (0..<200).map { $0 % 3 == 0 ? -5 : 1e-30 }, [Float](repeating: 1, count: 500),
            (0..<120).map { Float($0 % 7) },
        ]
        var assembler = DataBarAssembler()
        for w in inputs {
            let runs = ScanRuns(widths: w)
            _ = DataBarOmni.decode(runs)
            _ = DataBarExpanded.decode(runs)
            _ = DataBarLimited.decode(runs)
            _ = DataBarOmni.decode(runs.reversed())
            assembler.add(runs, at: 0)
            // Edges that do not match the widths.
            assembler.add(ScanRuns(widths: w, edges: []), at: 1)
        }
        #expect(assembler.symbols().isEmpty)
    }
}
