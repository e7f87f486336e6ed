import ScannerTestSupport
import Testing
@testable import Scanner

/// Light bars on dark, read by our linear reader in its first look: the
/// lines across the bars the localizer measured are read inverted where
/// dark on light read nothing (`EngineOptions.lightOnDarkAcrossBars`).
@Suite struct LightOnDarkTests {
    /// A line's runs inverted: index 0 stays light, the edges stay where
    /// they were, and inverting twice gives the line back.
    @Test func invertedRunsSwapLightAndDark() {
        let startsLight = ScanRuns(widths: [5, 2, 3, 4])
        let inverted = startsLight.inverted()
        #expect(inverted.widths == [0, 5, 2, 3, 4])
        #expect(inverted.edges == [0, 0, 5, 7, 10, 14])
        #expect(inverted.inverted() == startsLight)
        let startsDark = ScanRuns(widths: [0, 2, 3])
        #expect(startsDark.inverted().widths == [2, 3])
        #expect(startsDark.inverted().inverted() == startsDark)
        #expect(ScanRuns(widths: [0]).inverted() == ScanRuns(widths: [0]))
    }

    /// What the engine reads in `frame` with the first pass's options
    /// (lines also across the bars the localizer measured), with or without
    /// light on dark.
    private static func reads(_ frame: Frame, lightOnDark: Bool) -> [Detection] {
        var options = Pass(EngineOptions(tryHarder: true)).across(barNormal: Localizer.candidates(in: frame).barNormal).options
        options.lightOnDarkAcrossBars = options.lightOnDarkAcrossBars && lightOnDark
        return LinearEngine().decode(frame, symbologies: LinearEngine().supported, options: options)
    }

    /// Inverted renders, upright and turned 30°, are read only with light on
    /// dark, on several lines; the same renders dark on light read as before,
    /// with the same evidence.
    @Test(arguments: [
        (Symbology.ean13, "590123412345", "5901234123457"),
        (.code128, "LIGHT-ON-DARK 42", "LIGHT-ON-DARK 42"),
        (.databar, "0950110153001", "0109501101530010"),
    ], [0.0, 30])
    func invertedSymbolsAreReadInTheFirstLook(symbol: (Symbology, String, String), degrees: Double) throws {
        let (symbology, data, expected) = symbol
        let rendered = try ZintRenderer.render(symbology, .text(data), moduleSize: 3, barHeight: 40).frame
        let frame = degrees == 0 ? rendered : rendered.rotated(degrees: degrees)
        let negative = frame.inverted()
        #expect(Self.reads(negative, lightOnDark: false).isEmpty)
        let light = Self.reads(negative, lightOnDark: true)
        #expect(light.map(\.text) == [expected])
        #expect(light.allSatisfy { $0.evidence >= 2 })
        let dark = Self.reads(frame, lightOnDark: true)
        #expect(dark.map(\.text) == [expected])
        #expect(dark.map(\.evidence) == Self.reads(frame, lightOnDark: false).map(\.evidence))
    }

    /// The first pass asks for light on dark only where the localizer
    /// measured bars, and the inverted pass no longer runs our reader.
    @Test func onlyAcrossMeasuredBars() {
        let plain = Pass(EngineOptions(tryHarder: true))
        #expect(plain.across(barNormal: 12).options.lightOnDarkAcrossBars)
        #expect(!plain.across(barNormal: nil).options.lightOnDarkAcrossBars)
        #expect(!Pass.invertedEngines.contains(.linear))
        #expect(LinearScanPlan(width: 640, height: 480, barNormal: 3, diagonals: true).acrossBars == 0)
        #expect(LinearScanPlan(width: 640, height: 480, barNormal: 88, diagonals: true).acrossBars == 1)
        #expect(LinearScanPlan(width: 640, height: 480, barNormal: 178, diagonals: true).acrossBars == 0)
        let slanted = LinearScanPlan(width: 640, height: 480, barNormal: 30, diagonals: true)
        #expect(slanted.acrossBars == 2 && slanted.families.count == 3)
        #expect(LinearScanPlan(width: 640, height: 480, barNormal: nil, diagonals: true).acrossBars == nil)
    }
}
