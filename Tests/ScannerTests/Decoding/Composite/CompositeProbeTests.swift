import ScannerTestSupport
import Testing
@testable import Scanner

/// The cheap look that decides whether a linear read's band is searched: it sees CC-A's and
/// CC-B's RAP columns and CC-C's guards in zint's composites, and nothing in a plain EAN-13's bars and digits.
@Suite struct CompositeProbeTests {
    static func sees(_ frame: Frame, ccC: Bool) -> Bool {
        CompositeProbe.sees(frame, box: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), degrees: 0, ccC: ccC)
    }

    @Test func plainLinearShowsNothing() throws {
        for moduleSize in [2, 3, 4] {
            let frame = try ZintRenderer.render(.ean13, .text("331234567890"), moduleSize: moduleSize, margin: 24).frame
            #expect(!Self.sees(frame, ccC: true), "\(moduleSize) px")
        }
    }

    @Test(arguments: [2.0, 3, 4])
    func componentsShow(_ pixelsPerModule: Double) throws {
        let ccB = try CompositeTestImage.render(.ean13, primary: "331234567890", component: 2, data: "[99]1234-abcd", pixelsPerModule: pixelsPerModule)
        #expect(Self.sees(ccB, ccC: false))
        // CC-A in 4 columns (left and centre RAPs), 3 (centre RAPs alone) and 2 (left RAPs alone).
        for (linear, primary) in [(Symbology.ean13, "331234567890"), (.ean8, "1234567"), (.upce, "0123456")] {
            let ccA = try CompositeTestImage.render(linear, primary: primary, component: 1, data: "[99]1234-abcd", pixelsPerModule: pixelsPerModule)
            #expect(Self.sees(ccA, ccC: false), "CC-A above \(linear)")
        }
        let ccC = try CompositeTestImage.render(
            .code128, primary: "[01]03312345678903[21]A1", component: 3, data: "[99]1234-abcd", pixelsPerModule: pixelsPerModule)
        // PDF417 shows no RAPs: its guards are looked for only above GS1-128.
        #expect(!Self.sees(ccC, ccC: false))
        #expect(Self.sees(ccC, ccC: true))
    }
}
