import ScannerTestSupport
import Testing
@testable import Scanner

/// Linear symbols seen at a slant, their far end on the right and on the
/// left (turned half round first, so that the lines read it from its narrow
/// end): a keystone that shortens the far edge by 40 % makes an EAN-13's
/// last digits about half as wide as its first. Our reader alone, so that
/// zbar cannot stand in for it.
@Suite struct LinearKeystoneTests {
    /// (zint's symbology and data, the main symbol, its text, the add-on)
    static let symbols: [(Symbology, String, Symbology, String, String?)] = [
        (.ean13, "590123412345", .ean13, "5901234123457", nil),
        (.upca, "01234567890", .upca, "012345678905", nil),
        (.ean8, "9638507", .ean8, "96385074", nil),
        (.ean13, "590123412345+12", .ean13, "5901234123457", "12"),
        (.ean13, "400638133393+90000", .ean13, "4006381333931", "90000"),
    ]

    /// EAN/UPC, with and without an add-on: a module averaged over the
    /// symbol was 40 % off at both ends (`ModuleRamp`).
    @Test(arguments: symbols.indices, [0.3, 0.4])
    func readsAnEANOrUPCSeenAtASlant(_ index: Int, _ keystone: Double) throws {
        let (zintSymbology, data, main, text, addOn) = Self.symbols[index]
        let rendered = try ZintRenderer.render(zintSymbology, .text(data), moduleSize: 4, margin: 40).frame
        for (side, frame) in Self.slanted(rendered, keystone) {
            let found = Self.reader(for: [.ean13, .upca, .ean8, .upce, .ean2, .ean5]).read(frame).detections
            #expect(found.map(\.symbology) == [main], "\(data), \(keystone) narrower on the \(side): \(found.map(\.humanReadable))")
            #expect(found.first?.text == text && found.first?.addOn == addOn, "\(data), \(keystone) on the \(side): \(found.map(\.humanReadable))")
        }
    }

    /// Far steeper, the far end's module about a third of the near end's
    /// (a keystone of 55 % of the frame): the main symbol still reads with
    /// the module allowed to change 4 times along it
    /// (`ModuleRamp.maximumRatio`; at 3, three of these five were lost);
    /// its add-on, judged against the main symbol's last module, may be
    /// lost, never read wrong. Turned half round, so that the lines meet
    /// its narrow end first, three of the five are still lost.
    @Test(arguments: symbols.indices)
    func readsAnEANOrUPCWhoseFarEndIsAThirdAsWide(_ index: Int) throws {
        let (zintSymbology, data, main, text, addOn) = Self.symbols[index]
        let frame = try ZintRenderer.render(zintSymbology, .text(data), moduleSize: 4, margin: 40).frame.keystoned(0.55)
        let found = Self.reader(for: [.ean13, .upca, .ean8, .upce, .ean2, .ean5]).read(frame).detections
        #expect(found.map(\.symbology) == [main] && found.first?.text == text, "\(data): \(found.map(\.humanReadable))")
        #expect(found.first?.addOn == nil || found.first?.addOn == addOn, "\(data): \(found.map(\.humanReadable))")
    }

    /// Codabar: each character's narrow width is checked against the one
    /// before's, and the stop's quiet zone against the stop's own; against
    /// the start character's, a keystone of 20 % failed both.
    @Test(arguments: ["A40156B", "C1234-5678$D", "A12:34/56.78+9B"], [0.2, 0.3, 0.4])
    func readsACodabarSeenAtASlant(_ data: String, _ keystone: Double) throws {
        let rendered = try ZintRenderer.render(.codabar, .text(data), moduleSize: 4, margin: 60).frame
        for (side, frame) in Self.slanted(rendered, keystone) {
            let found = Self.reader(for: [.codabar]).read(frame).detections
            #expect(found.map(\.text) == [data], "\(data), \(keystone) narrower on the \(side): \(found.map(\.humanReadable))")
        }
    }

    /// Telepen: each character's module from the character before alone; a
    /// running average lagged behind on a short symbol at a steep slant, and
    /// the narrow end's elements and quiet zone were judged too wide a module.
    @Test(arguments: ["TT", "Hi!", "TELEPEN"], [0.3, 0.4])
    func readsATelepenSeenAtASlant(_ data: String, _ keystone: Double) throws {
        let rendered = try ZintRenderer.render(.telepen, .text(data), moduleSize: 4, margin: 60).frame
        for (side, frame) in Self.slanted(rendered, keystone) {
            let found = Self.reader(for: [.telepen]).read(frame).detections
            #expect(found.map(\.text) == [data], "\(data), \(keystone) narrower on the \(side): \(found.map(\.humanReadable))")
        }
    }

    /// `frame` with its right side `keystone` shorter, and turned half round first.
    static func slanted(_ frame: Frame, _ keystone: Double) -> [(String, Frame)] {
        [("right", frame.keystoned(keystone)), ("left", frame.rotated(degrees: 180).keystoned(keystone))]
    }

    /// Our reader alone.
    static func reader(for symbologies: Set<Symbology>) -> BarcodeReader {
        var configuration = DecoderConfiguration(symbologies: symbologies)
        configuration.singleEngine = .native
        return BarcodeReader(configuration: configuration)
    }
}
