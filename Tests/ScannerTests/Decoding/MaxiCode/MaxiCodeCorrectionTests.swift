import Testing
import ScannerTestSupport
@testable import Scanner

/// Error correction: codewords damaged in the sampled grid of a zint render, up to what each
/// message's Reed–Solomon code corrects (the corrected count is what was damaged), and beyond
/// it, where nothing is read rather than a wrong text.
@Suite struct MaxiCodeCorrectionTests {
    /// The canonically oriented module grid of a clean render, as our reader samples it.
    static func grid(_ c: MaxiCodeTestImage.Case) throws -> BitMatrix? {
        let f = MaxiCodeTestImage.transformed(try MaxiCodeTestImage.render(c), pixelsPerModule: 8, degrees: 0)
        return f.withUnsafeBytes { raw -> BitMatrix? in
            let luma = raw.assumingMemoryBound(to: UInt8.self)
            guard let image = Binarizer.binarize(luma, width: f.width, height: f.height, stride: f.stride) else { return nil }
            let grey = GreyLevels(luma: luma, width: f.width, height: f.height, stride: f.stride)
            guard let b = MaxiCodeBullseyeFinder.find(image, grey).first else { return nil }
            let sampler = MaxiCodeSampler(b, grey: grey)
            let spread = b.radius / 3.4 / 5
            guard let best = sampler.orientations(sampler.fitLattice(), image, spread: spread).first else { return nil }
            let pose = sampler.refined(best.pose, MaxiCodeSampler.allModules, steps: 4, pitch: true)
            return sampler.sample(pose, image, spread: spread)
        }
    }

    /// `m` with every module of the given codewords flipped.
    static func damaged(_ m: BitMatrix, codewords: Set<Int>) -> BitMatrix {
        var out = m
        for d in MaxiCodeGrid.dataModules where codewords.contains(d.bit / 6) { out[d.column, d.row].toggle() }
        return out
    }

    static let mode4 = MaxiCodeTestImage.Case(mode: 4, payload: .text("Error correction in mode 4, standard"), expected: "Error correction in mode 4, standard")
    static let mode5 = MaxiCodeTestImage.Case(mode: 5, payload: .text("Error correction in mode 5, enhanced"), expected: "Error correction in mode 5, enhanced")

    /// Primary codewords 0-19; the secondary message's even block is codewords 20, 22, ..., its
    /// odd block 21, 23, ...
    static func secondary(even count: Int, from start: Int = 0) -> Set<Int> { Set((0..<count).map { 20 + 2 * (start + $0) }) }
    static func secondary(odd count: Int) -> Set<Int> { Set((0..<count).map { 21 + 2 * $0 }) }

    @Test(arguments: [(mode4, 10), (mode5, 14)])
    func correctsUpToCapacityAndCountsIt(_ c: MaxiCodeTestImage.Case, _ perBlock: Int) throws {
        let clean = try #require(try Self.grid(c))
        #expect(MaxiCodeMatrixDecoder.decode(clean)?.correctedCodewords == 0)
        // 5 of the primary message's 10 check words' worth, and half the check words of each block.
        let damage = Set([0, 3, 9, 12, 19]).union(Self.secondary(even: perBlock, from: 7)).union(Self.secondary(odd: perBlock))
        let read = MaxiCodeMatrixDecoder.decode(Self.damaged(clean, codewords: damage))
        #expect(read?.text == c.expected)
        #expect(read?.correctedCodewords == damage.count)
    }

    @Test(arguments: [(mode4, 10), (mode5, 14)])
    func readsNothingBeyondCapacity(_ c: MaxiCodeTestImage.Case, _ perBlock: Int) throws {
        let clean = try #require(try Self.grid(c))
        for damage in [Set([1, 2, 4, 6, 8, 11]), Self.secondary(even: perBlock + 1), Self.secondary(odd: perBlock + 3)] {
            #expect(MaxiCodeMatrixDecoder.decode(Self.damaged(clean, codewords: damage)) == nil, "\(damage.sorted())")
        }
    }

    @Test func carrierMessageFieldsComeFromThePrimaryBits() {
        // Mode 2, postal code 152382802 (9 digits), country 840, class 001: the 60 bits after the
        // mode, least significant first.
        var bits: UInt64 = 152_382_802 | 9 << 30 | 840 << 36 | 1 << 46
        var data = [2 | Int(bits & 3) << 4]
        bits >>= 2
        for _ in 1..<10 { data.append(Int(bits & 0x3F)); bits >>= 6 }
        #expect(MaxiCodeDataDecoder.carrierHeader(data, mode: 2) == "152382802\u{1D}840\u{1D}001\u{1D}")
    }
}
