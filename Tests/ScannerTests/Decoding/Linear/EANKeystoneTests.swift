import ScannerTestSupport
import Testing
@testable import Scanner

/// EAN/UPC symbols, with and without an add-on, seen at a slant: a keystone
/// that shortens the far edge by 40 % makes the last digits about half as
/// wide as the first, which a module averaged over the symbol put 30 % off
/// at both ends (`ModuleRamp`). Our reader alone, so that zbar cannot stand
/// in for it; the far end on the right, and on the left (turned half round
/// first, so the lines read it from its narrow end).
@Suite struct EANKeystoneTests {
    /// (zint's symbology and data, the main symbol, its text, the add-on)
    static let symbols: [(Symbology, String, Symbology, String, String?)] = [
        (.ean13, "590123412345", .ean13, "5901234123457", nil),
        (.upca, "01234567890", .upca, "012345678905", nil),
        (.ean8, "9638507", .ean8, "96385074", nil),
        (.ean13, "590123412345+12", .ean13, "5901234123457", "12"),
        (.ean13, "400638133393+90000", .ean13, "4006381333931", "90000"),
    ]

    @Test(arguments: symbols.indices, [0.3, 0.4])
    func readsASymbolSeenAtASlant(_ index: Int, _ keystone: Double) throws {
        let (zintSymbology, data, main, text, addOn) = Self.symbols[index]
        let rendered = try ZintRenderer.render(zintSymbology, .text(data), moduleSize: 4, margin: 40).frame
        var configuration = DecoderConfiguration(symbologies: [.ean13, .upca, .ean8, .upce, .ean2, .ean5])
        configuration.singleEngine = .native
        for (side, frame) in [("right", rendered.keystoned(keystone)), ("left", rendered.rotated(degrees: 180).keystoned(keystone))] {
            let found = BarcodeReader(configuration: configuration).read(frame).detections
            #expect(found.map(\.symbology) == [main], "\(data), \(keystone) narrower on the \(side): \(found.map(\.humanReadable))")
            #expect(found.first?.text == text && found.first?.addOn == addOn, "\(data), \(keystone) on the \(side): \(found.map(\.humanReadable))")
        }
    }
}
