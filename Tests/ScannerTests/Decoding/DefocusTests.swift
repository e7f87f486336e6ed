import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// Defocused symbols: where a region's edges are wide (`EdgeBlur`), a
/// second chance runs our readers on a wide unsharp mask
/// (`Pass.Step.unsharpMasked`), which brings back the one-module bars and
/// spaces that blur merged. zint renders at 3 pixels a module, blurred as
/// a lens does.
@Suite struct DefocusTests {
    /// zxing's 1D readers confirm EAN/UPC reads in the helper.
    init() { ScanCommand.serveReadsFromScan() }

    static let untimed = DecoderConfiguration(effort: .thorough)
    static let text = "Defocused, and read."

    /// `frame` through a Gaussian of `sigma` pixels, the edge pixels
    /// continuing outwards: written out here, not taken from the code
    /// under test.
    static func blurred(_ frame: Frame, sigma: Double) -> Frame {
        let (w, h) = (frame.width, frame.height), radius = Int((3 * sigma).rounded(.up))
        let raw = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let kernel = raw.map { $0 / raw.reduce(0, +) }
        let p = frame.packedPixels.map(Double.init)
        var across = [Double](repeating: 0, count: w * h), out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                across[y * w + x] = (-radius...radius).reduce(0) { $0 + kernel[$1 + radius] * p[y * w + min(max(x + $1, 0), w - 1)] }
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                let v = (-radius...radius).reduce(0) { $0 + kernel[$1 + radius] * across[min(max(y + $1, 0), h - 1) * w + x] }
                out[y * w + x] = UInt8(min(255, max(0, v.rounded())))
            }
        }
        return Frame(width: w, height: h, pixels: out)
    }

    /// A PDF417 or MicroPDF417 of `text` at 3 pixels a module (zint's 6, halved).
    static func render(_ form: ZintForm) throws -> Frame {
        let symbology: Symbology = if case .microPDF417 = form { .microPDF417 } else { .pdf417 }
        return try ZintRenderer.render(symbology, .text(text), moduleSize: 6, margin: 60, form: form).frame.scaled(by: 0.5)
    }

    static let forms: [ZintForm] = [.pdf417(columns: 4, level: 2, compact: false), .microPDF417(columns: 3)]

    /// Blurred by 0.6 modules (PDF417) and 0.77 (MicroPDF417), neither
    /// reader reads the symbol, and each reads the unsharp mask of it; the
    /// whole reader, which has only the blurred pixels, reads it through
    /// its second chance.
    @Test(arguments: zip(forms, [1.8, 2.3]))
    func blurredStackedSymbolsAreReadThroughTheUnsharpMask(_ form: ZintForm, sigma: Double) throws {
        let blurred = Self.blurred(try Self.render(form), sigma: sigma)
        let engine: any BarcodeEngine = if case .microPDF417 = form { MicroPDF417Engine() } else { PDF417Engine() }
        let wanted: Set<Symbology> = [.pdf417, .microPDF417]
        #expect(engine.decode(blurred, symbologies: wanted, options: EngineOptions()).isEmpty)
        let sharpened = blurred.unsharpMasked(sigma: 2, amount: 2.5)
        #expect(engine.decode(sharpened, symbologies: wanted, options: EngineOptions()).map(\.text) == [Self.text])
        #expect(BarcodeReader(configuration: Self.untimed).read(blurred).detections.map(\.text) == [Self.text])
    }

    /// The pass runs where the region's edges are as wide as a defocused
    /// symbol's, and not on a sharp one.
    @Test func onlyADefocusedRegionGetsTheUnsharpMask() throws {
        let sharp = try Self.render(Self.forms[0]), blurred = Self.blurred(sharp, sigma: 1.8)
        #expect(EdgeBlur.sigma(of: sharp) < Pass.defocusedBlur)
        #expect(EdgeBlur.sigma(of: blurred) >= Pass.defocusedBlur)
        let candidates = Localizer.candidates(in: blurred)
        let sequence = Pass.sequence(for: .thorough, frame: blurred, region: blurred)
        func unsharp(blur: Float) -> Bool {
            Pass.secondChances(of: sequence, for: candidates, blur: blur).contains { $0.steps.contains(.unsharpMasked) }
        }
        #expect(unsharp(blur: EdgeBlur.sigma(of: blurred)))
        #expect(!unsharp(blur: EdgeBlur.sigma(of: sharp)))
    }
}
