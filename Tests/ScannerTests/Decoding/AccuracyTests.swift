import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// Each class of real image that a second chance or a native reader
/// recovered, locked in with one image of the shared corpus
/// (`../shared/corpus`, see its README): if a change to the passes loses
/// the class, a test here fails.
@Suite struct AccuracyTests {
    /// zxing's 1D readers confirm EAN/UPC reads in the helper: this suite
    /// must not depend on another having named it first.
    init() { ScanCommand.serveReadsFromScan() }

    /// The texts the thorough decoder reads in a corpus image, and what the
    /// corpus expects (its .txt minus one trailing newline).
    /// Debug builds run the passes many times slower than release builds:
    /// the tests give them all the time they need.
    static let untimed = DecoderConfiguration(effort: .thorough)

    func read(_ name: String, configuration: DecoderConfiguration = untimed) throws -> (found: [String], expected: String) {
        let image = URL(fileURLWithPath: try ImageFixtures.corpusPath(name))
        var expected = try String(contentsOf: image.deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)
        if expected.hasSuffix("\n") { expected.removeLast() }
        let frame = try ImageLoader().load(contentsOf: image.path)
        let found = BarcodeReader(configuration: configuration).read(frame).detections
        // The corpus writes UPC-A and UPC-E as 13-digit EAN-13s; `gtin` is
        // the 14-digit GTIN, one leading 0 more.
        return (found.flatMap { [$0.text, $0.gtin.map { String($0.dropFirst()) }].compactMap { $0 } }, expected)
    }

    @Test(arguments: [
        "aztec-1/rune-68.png",       // Aztec rune: the native reader
        "aztec-1/rune-223.png",      // a rune with non-square modules
        "aztec-1/az-thin.png",       // modules a pixel wide: x3 with a global threshold
        "datamatrix-3/#749.png",     // Data Matrix tilted: rotation between quarter turns
        "ean8-1/single-line.png",    // a 69x1 EAN-8: zbar's sparse density
        "ean13-4/05.webp",           // defocused EAN-13: sharpening
        "upca-5/09.webp",            // UPC-A in uneven light: local threshold
        "upce-3/05.webp",            // small UPC-E: rotation gives scan lines new phases
        "qrcode-2/qr-inv-2.webp",    // light-on-dark QR: inversion
        "qrcode-2/10.png",           // Shift-JIS QR text
        "qrcode-2/30a.webp",         // Big5 QR text
        "aztec-2/04.webp",           // Aztec photographed at an angle: our reader's perspective
        "aztec-2/11.webp",           // the same, turned further
    ])
    func recoversClass(_ name: String) throws {
        let result = try read(name)
        #expect(result.found.contains(result.expected), "\(name): read \(result.found)")
    }

    /// A decoder's answer for an image never depends on the images before
    /// it (zbar scanners are per image; the reconciler's order is fixed).
    @Test func resultsDoNotDependOnThePreviousImage() throws {
        let loader = ImageLoader()
        let target = try loader.load(contentsOf: try ImageFixtures.corpusPath("ean13-4/19.webp"))
        let before = try loader.load(contentsOf: try ImageFixtures.corpusPath("ean13-4/13.webp"))
        let alone = BarcodeReader(configuration: Self.untimed).read(target).detections.map(\.text)
        let reader = BarcodeReader(configuration: Self.untimed)
        _ = reader.read(before)
        #expect(reader.read(target).detections.map(\.text) == alone)
    }

    /// With no budget left after the first pass, no second chance runs.
    @Test func budgetStopsSecondChances() throws {
        // Our Aztec reader reads this one in the first pass; zxing 1.4 needed
        // a second chance, which a budget of 0 does not allow.
        let frame = try ImageLoader().load(contentsOf: try ImageFixtures.corpusPath("aztec-1/az-thin.png"))
        #expect(BarcodeReader(configuration: DecoderConfiguration(effort: .thorough, secondChanceWork: 0)).read(frame).passes <= 1)
    }

    @Test func fastEffortIsOnePass() {
        let frame = Frame(width: 8, height: 8, pixels: [UInt8](repeating: 255, count: 64))
        #expect(Pass.sequence(for: .fast, frame: frame, region: frame).count == 1)
    }

    /// zxing reads its halvings of the first pass's region and of the view
    /// enlarged three times (they read noisy PDF417 and QR there), not of
    /// the other views, where they come back to about an image a pass
    /// before read.
    @Test func zxingHalvesOnlyTheFirstPassAndTheViewEnlargedThrice() {
        let frame = Frame(width: 8, height: 8, pixels: [UInt8](repeating: 255, count: 64))
        let passes = Pass.sequence(for: .thorough, frame: frame, region: frame).filter { $0.engines.contains(.zxing) && $0.options.tryHarder }
        #expect(passes.contains { $0.steps == [.scaled(3)] } && passes.contains { $0.steps == [.bordered, .upscaled] })
        for (index, pass) in passes.enumerated() {
            #expect(pass.options.zxingHalves == (index == 0 || pass.steps == [.scaled(3)]), "\(pass.steps)")
            #expect(pass.halved.options.zxingHalves == pass.options.zxingHalves)
        }
    }
}
