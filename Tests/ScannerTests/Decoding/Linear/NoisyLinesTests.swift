import ScannerTestSupport
import Testing
@testable import Scanner

/// Heavy sensor noise is read through by thicker scan lines, as many as the
/// frame's noise asks for and its lines' spacing allows.
@Suite struct NoisyLinesTests {
    @Test func linesThickenWithTheNoise() {
        // A photo's few levels of noise: one pixel.
        #expect(LinearEngine.thickness(noise: 3, spacing: 8) == 1)
        #expect(LinearEngine.thickness(noise: 16, spacing: 8) == 1)
        // 40 levels: 6.25 lines bring it to 16.
        #expect(LinearEngine.thickness(noise: 40, spacing: 8) == 7)
        // No thicker than the spacing: each line keeps its own pixels.
        #expect(LinearEngine.thickness(noise: 55, spacing: 4.5) == 4)
        #expect(LinearEngine.thickness(noise: 55, spacing: 2) == 2)
    }

    /// Renders at 3 pixels a module under Gaussian noise of 55 levels, as the
    /// degradation benchmark draws them: one-pixel lines read half of these
    /// at most, and a single line's read was not witnessed.
    @Test(arguments: [
        (Symbology.code128, "NOISY-LINES-128"), (.ean13, "4006381333931"), (.code39, "NOISE 39"),
    ])
    func readsThroughHeavySensorNoise(symbology: Symbology, text: String) throws {
        let symbol = try ZintRenderer.render(symbology, .text(text), moduleSize: 3, barHeight: 40).frame
        var generator = SplitMix64(seed: 55)
        let noisy = Frame(width: symbol.width, height: symbol.height, pixels: symbol.packedPixels.map {
            UInt8(clamping: Int((Float($0) + 55 * generator.gaussian()).rounded()))
        })
        // Measured less than 55: clipped at black and white, as in the benchmark.
        #expect(LumaContrast(noisy).noise > 25)
        #expect(BarcodeReader().read(noisy).detections.map(\.text) == [text])
    }
}
