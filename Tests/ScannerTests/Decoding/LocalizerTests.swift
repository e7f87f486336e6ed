import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// The localizer's cheap look decides where second chances run, and that
/// none run on an image with nothing code-like.
@Suite struct LocalizerTests {
    /// A smooth, photo-like texture with no code: gentle shading, ±6 levels
    /// of sensor noise.
    func texture(width: Int = 640, height: Int = 480) -> Frame {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let shade: Double = 40 * sin(Double(x) / 37) * cos(Double(y) / 53)
                pixels.append(UInt8(128 + shade))
            }
        }
        return Frame(width: width, height: height, pixels: pixels).withNoise(amplitude: 6, seed: 3)
    }

    @Test func findsNothingInABlankOrTexturedFrame() {
        #expect(Localizer.candidates(in: Frame(width: 320, height: 240, pixels: [UInt8](repeating: 230, count: 320 * 240))).area == nil)
        #expect(Localizer.candidates(in: texture()).area == nil)
    }

    /// A code whose modules are too large to count many edges per cell is
    /// found at half scale, and second chances look at it at half size.
    @Test func findsLargeModulesAtHalfScale() throws {
        let symbol = try ZintRenderer.render(.qr, .text("https://example.com/large-modules/found-at-half-scale"), moduleSize: 4).frame
        var clip = RecordingBuilder(width: 800, height: 600)
        clip.show([RecordingBuilder.Placement(symbol, x: 100, y: 80)], frames: 1)
        let candidates = Localizer.candidates(in: clip.frame(0))
        let area = try #require(candidates.area)
        #expect(candidates.largeModules)
        #expect(area.x <= 100 + 20 && area.x + area.width >= 100 + symbol.width - 20)
    }

    /// The test hook: a frame without candidates costs the first pass only,
    /// even at thorough effort.
    @Test func aFrameWithoutCandidatesRunsOnePass() {
        let result = BarcodeReader().read(texture())
        #expect(result.detections.isEmpty)
        #expect(result.passes == 1)
    }

    /// A code in a corner of a large frame: second chances see only its
    /// area. (A code must span three cells, 48 pixels, at full or half
    /// scale: a smaller one is left to the first pass.)
    @Test func cropsToTheCode() throws {
        let symbol = try ZintRenderer.render(.dataMatrix, .text("LOCALIZE THE CODE IN A CORNER"), moduleSize: 4).frame
        var clip = RecordingBuilder(width: 1200, height: 900)
        clip.show([RecordingBuilder.Placement(symbol, x: 900, y: 650)], frames: 1)
        let area = try #require(Localizer.candidates(in: clip.frame(0)).area)
        #expect(area.x <= 900 && area.y <= 650)
        #expect(area.x + area.width >= 900 + symbol.width - 40 && area.y + area.height >= 650 + symbol.height - 40)
        #expect(area.width * area.height < 1200 * 900 / 4)
    }

    /// Leaning bars: the direction across them is measured, so that a second
    /// chance can turn them upright.
    @Test(arguments: [0.0, 12, -20, 33])
    func measuresHowBarsLean(degrees: Double) throws {
        let bars = try ZintRenderer.render(.code128, .text("LEANING-BARS-42"), moduleSize: 3).frame.rotated(degrees: degrees)
        let normal = try #require(Localizer.candidates(in: bars).barNormal)
        let turn = normal.truncatingRemainder(dividingBy: 180)
        let lean = turn > 90 ? turn - 180 : turn <= -90 ? turn + 180 : turn
        #expect(abs(lean - degrees) < 5, "measured \(lean)° for \(degrees)°")
    }
}
