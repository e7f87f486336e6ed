import Testing
import ScannerTestSupport
@testable import Scanner

/// EAN/UPC (with add-ons), ITF and Codabar from zint, as grey lines through
/// `EdgeProfile` and the line decoder.
@Suite struct RetailRoundTripTests {
    struct Sweep {
        var total = 0, right = 0
        var wrong: [String] = []
        var missed: [String] = []
    }

    /// One zint symbol through many renderings (scale, blur, contrast, noise, random sub-pixel phase).
    static func sweep(type: Int, data: String, expect: [(Symbology, String)],
                      ppms: [Float] = [1.5, 2, 3, 4], sigmas: [Float] = [0, 0.2, 0.35],
                      noise: Float = 3, contrasts: [(Float, Float)] = [(220, 30), (170, 90)], reversed: Bool = false) throws -> Sweep {
        var modules = try ZintDump.modules(type: type, data: data)
        if reversed { modules.reverse() }
        var result = Sweep()
        var seed: UInt64 = 7
        for ppm in ppms {
            for sigma in sigmas {
                for (light, dark) in contrasts {
                    seed &+= 1
                    var rng = SplitMix64(seed: seed)
                    let o = GreyLineOptions(pxPerModule: ppm, sigma: sigma, noise: noise, light: light, dark: dark,
                                            phase: Float.random(in: 0..<1, using: &rng), seed: seed)
                    let reads = GreyLine.read(GreyLine.signal(modules, o))
                    result.total += 1
                    let ok = reads.count == expect.count && zip(reads, expect).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
                    if ok { result.right += 1 } else { result.missed.append("ppm \(ppm) sigma \(sigma) \(light)/\(dark)") }
                    for r in reads where !expect.contains(where: { $0.0 == r.0 && $0.1 == r.1 }) {
                        result.wrong.append("\(r.0) \(r.1) at ppm \(ppm) sigma \(sigma)")
                    }
                }
            }
        }
        return result
    }

    /// (zint type, zint data, expected reads)
    static let retailCases: [(Int, String, [(Symbology, String)])] = [
        (13, "123456789012", [(.ean13, "1234567890128")]),
        (13, "400638133393", [(.ean13, "4006381333931")]),
        (13, "977123456789", [(.ean13, "9771234567898")]),
        (34, "01234567890", [(.upca, "012345678905")]),
        (34, "72527273070", [(.upca, "725272730706")]),
        (13, "1234567", [(.ean8, "12345670")]),
        (13, "9638507", [(.ean8, "96385074")]),
        (37, "0123456", [(.upce, "01234565")]),
        (37, "0654321", [(.upce, "06543217")]),
        (37, "1234567", [(.upce, "12345670")]),   // number system 1
        (37, "1123456", [(.upce, "11234562")]),   // number system 1
        (13, "1234567+12", [(.ean8, "12345670"), (.ean2, "12")]),
        (13, "123456789012+54321", [(.ean13, "1234567890128"), (.ean5, "54321")]),
        (34, "01234567890+07", [(.upca, "012345678905"), (.ean2, "07")]),
        (13, "400638133393+90000", [(.ean13, "4006381333931"), (.ean5, "90000")]),
    ]

    static let twoOfFiveCases: [(Int, String, [(Symbology, String)])] = [
        (3, "123456", [(.itf, "123456")]),
        (3, "0987654321", [(.itf, "0987654321")]),
        (3, "12345670", [(.itf, "12345670")]),
        (89, "1234567890123", [(.itf, "12345678901231")]),
        (18, "A40156B", [(.codabar, "A40156B")]),
        (18, "C1234-5678$D", [(.codabar, "C1234-5678$D")]),
        (18, "A12:34/56.78+9B", [(.codabar, "A12:34/56.78+9B")]),
    ]

    static let allCases = retailCases + twoOfFiveCases

    /// Clean-ish renderings (2-4 px/module, blur up to 0.2 module, noise 3, two contrasts): never wrong,
    /// at most one of the 12 renderings (and of the 4 reversed ones) unread.
    @Test(arguments: allCases.indices)
    func roundTripModerate(_ index: Int) throws {
        let (type, data, expect) = Self.allCases[index]
        let r = try Self.sweep(type: type, data: data, expect: expect, ppms: [2, 3, 4], sigmas: [0, 0.2])
        #expect(r.wrong.isEmpty, "\(data): \(r.wrong)")
        #expect(r.right >= r.total - 1, "\(data): \(r.right)/\(r.total) missed \(r.missed)")
        let back = try Self.sweep(type: type, data: data, expect: expect, ppms: [2, 3], sigmas: [0.2], reversed: true)
        #expect(back.wrong.isEmpty && back.right >= back.total - 1, "\(data) reversed: \(back.right)/\(back.total)")
    }

    /// Harder renderings: 1.5 px/module, blur 0.35-0.7 module. Reads what it can, never a wrong payload.
    @Test(arguments: allCases.indices)
    func roundTripHardNeverWrong(_ index: Int) throws {
        let (type, data, expect) = Self.allCases[index]
        let small = try Self.sweep(type: type, data: data, expect: expect, ppms: [1.5], sigmas: [0, 0.2, 0.35])
        let blur = try Self.sweep(type: type, data: data, expect: expect, ppms: [2, 3, 4], sigmas: [0.35, 0.5, 0.7], noise: 2)
        #expect(small.wrong.isEmpty && blur.wrong.isEmpty, "\(data): \(small.wrong) \(blur.wrong)")
    }
}
