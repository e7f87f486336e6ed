import Testing
import ScannerTestSupport
@testable import Scanner

/// Bars printed thinner or thicker than their modules (print gain) move every
/// bar's edges alike. An EAN digit then lies between two patterns as
/// measured, and the decoder reads it through the line's own width
/// calibration, learnt from the guards (`EANDecoder.digits`). A digit that
/// lies between two patterns in a way no calibration explains is still
/// refused (`EANNearTieTests`).
@Suite struct EANPrintGainTests {
    /// A grey line of zint's symbology `type` (13: EAN-13, 37: UPC-E) whose
    /// bars are each `gain` modules wider (thinner when negative), centred
    /// on their modules.
    static func signal(type: Int = 13, data: String = "123456789012", gain: Float, ppm: Float, sigma: Float, seed: UInt64) throws -> [Float] {
        let modules = try ZintDump.modules(type: type, data: data)
        var bars: [(Float, Float)] = []
        var x: Float = 12
        for (i, w) in SyntheticLine.moduleRuns(modules).enumerated() {
            if i % 2 == 0 { bars.append((x - gain / 2, x + w + gain / 2)) }
            x += w
        }
        var rng = SplitMix64(seed: seed)
        let o = GreyLineOptions(pxPerModule: ppm, sigma: sigma, noise: 2, light: 210, dark: 30,
                                phase: Float.random(in: 0..<1, using: &rng), seed: seed)
        return GreyLine.render(bars, samples: Int((x + 12) * ppm), o)
    }

    /// Bars half a module or more thin or thick: some digit is not clear as
    /// measured, so the test shows the calibration at work, and the symbol
    /// reads. (Thinner than 0.6 modules, the guards' bars fall under
    /// `EANDecoder.isGuard`'s 0.4 modules.)
    @Test(arguments: [(Float(-0.6), Float(3), Float(0)), (-0.5, 4, 0.2), (-0.5, 2.5, 0.15), (0.6, 3, 0), (0.5, 4, 0.2)])
    func printGainIsCalibratedAway(gain: Float, ppm: Float, sigma: Float) throws {
        let line = try Self.signal(gain: gain, ppm: ppm, sigma: sigma, seed: 3)
        let runs = EdgeProfile.runs(line)
        // The start guard's first bar is the first dark run, after the quiet zone.
        let unclear = runs.widths.withUnsafeBufferPointer { w in
            let start = 1, module = EANDecoder.span(w, at: start, count: 59) / 95
            return (0..<12).contains { k in
                EANDecoder.digit(w, at: start + 3 + 4 * k + (k < 6 ? 0 : 5), evenAllowed: k < 6, module: module) == nil
            }
        }
        #expect(unclear, "every digit is clear as measured at gain \(gain): the test shows nothing")
        #expect(GreyLine.read(line).map(\.1) == ["1234567890128"], "gain \(gain), \(ppm) px/module, blur \(sigma)")
    }

    /// UPC-E too: its six digits are read light first, and its end guard's
    /// one-module elements start with a space.
    @Test(arguments: [(Float(-0.5), Float(3), Float(0)), (0.5, 3, 0.15)])
    func upcEPrintGainIsCalibratedAway(gain: Float, ppm: Float, sigma: Float) throws {
        let line = try Self.signal(type: 37, data: "0123456", gain: gain, ppm: ppm, sigma: sigma, seed: 5)
        let runs = EdgeProfile.runs(line)
        let unclear = runs.widths.withUnsafeBufferPointer { w in
            let start = 1, module = EANDecoder.span(w, at: start, count: 33) / 51
            return (0..<6).contains { EANDecoder.digit(w, at: start + 3 + 4 * $0, evenAllowed: true, module: module) == nil }
        }
        #expect(unclear, "every digit is clear as measured at gain \(gain): the test shows nothing")
        #expect(GreyLine.read(line).map(\.1) == ["01234565"], "gain \(gain), \(ppm) px/module, blur \(sigma)")
    }
}
