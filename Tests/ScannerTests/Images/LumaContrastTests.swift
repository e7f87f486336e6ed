import ScannerTestSupport
import Testing
@testable import Scanner

/// What counts as an edge follows the frame's contrast down, but never
/// down to its noise.
@Suite struct LumaContrastTests {
    /// Two halves 16 levels apart; with noise, the steps between
    /// neighbours tell its deviation.
    @Test func measuresContrastAndNoise() {
        let halves = Frame(width: 200, height: 120, pixels: (0..<200 * 120).map { $0 % 200 < 100 ? 120 : 136 })
        let clean = LumaContrast(halves)
        #expect(clean.levels == 16 && clean.noise == 0)
        // Uniform noise of ±6 levels has a deviation of 3.7.
        let noisy = LumaContrast(halves.withNoise(amplitude: 6, seed: 5))
        #expect(noisy.noise > 2.5 && noisy.noise < 5, "\(noisy.noise)")
    }

    @Test func edgeEnergyFallsWithContrastButNotToTheNoise() {
        #expect(LumaContrast(levels: 255).minimumEdgeEnergy == 150)
        #expect(LumaContrast(levels: 40).minimumEdgeEnergy == 150)
        #expect(LumaContrast(levels: 20).minimumEdgeEnergy == 37.5)
        #expect(LumaContrast(levels: 8).minimumEdgeEnergy == 6)
        // Noise of deviation 2 has an energy of 16: three times it.
        #expect(LumaContrast(levels: 8, noise: 2).minimumEdgeEnergy == 48)
        #expect(LumaContrast(levels: 20, noise: 10).minimumEdgeEnergy == 150)
    }

    /// The binarizer's flat blocks likewise: a block of a faint symbol has
    /// edges, a block of a dark frame's noise does not.
    @Test func flatSpreadFallsWithContrastButNotToTheNoise() {
        #expect(Binarizer.flatSpread(for: LumaContrast(levels: 200)) == 24)
        #expect(Binarizer.flatSpread(for: LumaContrast(levels: 10)) == 6)
        #expect(Binarizer.flatSpread(for: LumaContrast(levels: 10, noise: 2)) == 12)
        #expect(Binarizer.flatSpread(for: LumaContrast(levels: 10, noise: 9)) == 24)
    }
}
