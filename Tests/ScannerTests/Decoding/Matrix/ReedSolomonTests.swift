import ScannerTestSupport
import Testing
@testable import Scanner

@Suite struct ReedSolomonTests {
    /// A random codeword of at most `maxLength` symbols with `minCheck`...`maxCheck` check symbols.
    static func randomCodeword(_ f: GaloisField, minLength: Int, maxLength: Int, minCheck: Int, maxCheck: Int,
                               using rng: inout SplitMix64) -> (word: [Int], ec: Int) {
        let n = Int.random(in: minLength...min(f.order, maxLength), using: &rng)
        let ec = Int.random(in: minCheck...min(n - 1, maxCheck), using: &rng)
        let message = (0..<(n - ec)).map { _ in Int.random(in: 0..<f.size, using: &rng) }
        return (ReedSolomonEncoder.encode(message, ecCount: ec, field: f), ec)
    }

    @Test func errorsAndErasuresUpToCapacityAreCorrectedAndCounted() {
        var rng = SplitMix64(seed: 42)
        for (name, f) in GaloisFieldTests.fields {
            for _ in 0..<60 {
                let (word, ec) = Self.randomCodeword(f, minLength: 2, maxLength: 60, minCheck: 1, maxCheck: 30, using: &rng)
                let n = word.count
                #expect(ReedSolomon.decode(word, ecCount: ec, field: f)?.corrected == 0)
                // Split the capacity between erasures and errors: 2e + s <= ec.
                let erasureCount = Int.random(in: 0...ec, using: &rng)
                let errorCount = (ec - erasureCount) / 2
                var positions = Array(0..<n).shuffled(using: &rng)
                let erased = Array(positions.prefix(erasureCount))
                positions.removeFirst(erasureCount)
                let errors = Array(positions.prefix(errorCount))
                var damaged = word
                var changed = 0
                for p in erased {
                    damaged[p] = Int.random(in: 0..<f.size, using: &rng)
                    if damaged[p] != word[p] { changed += 1 }
                }
                for p in errors { damaged[p] ^= Int.random(in: 1..<f.size, using: &rng); changed += 1 }
                let r = ReedSolomon.decode(damaged, ecCount: ec, erasures: erased, field: f)
                #expect(r?.codewords == word, "\(name) n=\(n) ec=\(ec) s=\(erasureCount) e=\(errorCount)")
                #expect(r?.corrected == changed)
            }
        }
    }

    @Test func beyondCapacityGivesAValidCodewordOrNothing() {
        var rng = SplitMix64(seed: 7)
        var nils = 0, others = 0
        for (_, f) in GaloisFieldTests.fields {
            for _ in 0..<80 {
                let (word, ec) = Self.randomCodeword(f, minLength: 4, maxLength: 50, minCheck: 2, maxCheck: 20, using: &rng)
                let n = word.count
                var damaged = word
                let count = min(n, ec / 2 + 1 + Int.random(in: 0...3, using: &rng))
                for p in Array(0..<n).shuffled(using: &rng).prefix(count) { damaged[p] ^= Int.random(in: 1..<f.size, using: &rng) }
                if let r = ReedSolomon.decode(damaged, ecCount: ec, field: f) {
                    // A different word within the radius: it must itself be a valid codeword.
                    #expect(ReedSolomon.decode(r.codewords, ecCount: ec, field: f)?.corrected == 0)
                    #expect(r.codewords != word)
                    others += 1
                } else {
                    nils += 1
                }
            }
        }
        #expect(nils > others)
    }

    @Test func malformedInputIsRejected() {
        let f = GaloisField.qr
        #expect(ReedSolomon.decode([], ecCount: 1, field: f) == nil)
        #expect(ReedSolomon.decode([1, 2, 3], ecCount: 0, field: f) == nil)
        #expect(ReedSolomon.decode([1, 2, 3], ecCount: 4, field: f) == nil)
        #expect(ReedSolomon.decode([1, 256, 3], ecCount: 1, field: f) == nil)
        #expect(ReedSolomon.decode([1, -1, 3], ecCount: 1, field: f) == nil)
        #expect(ReedSolomon.decode(Array(repeating: 0, count: 256), ecCount: 2, field: f) == nil)
        #expect(ReedSolomon.decode([1, 2, 3], ecCount: 2, erasures: [5], field: f) == nil)
        #expect(ReedSolomon.decode([1, 2, 3], ecCount: 2, erasures: [1, 1], field: f) == nil)
    }
}
