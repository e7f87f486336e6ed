import ScannerTestSupport
import Testing
@testable import Scanner

/// EAN/UPC symbols with their 2- or 5-digit add-on, rendered by zint and
/// turned: the add-on is read, and joined, at any angle the main symbol is.
/// Our reader alone (`singleEngine = .native`), so that zbar's rows and
/// columns cannot stand in for it.
@Suite struct AddOnTurnedTests {
    /// (zint's symbology and data, the main symbol, its text, the add-on)
    static let symbols: [(Symbology, String, Symbology, String, String)] = [
        (.ean13, "590123412345+12", .ean13, "5901234123457", "12"),
        (.ean13, "400638133393+90000", .ean13, "4006381333931", "90000"),
        (.upca, "01234567890+54321", .upca, "012345678905", "54321"),
        (.ean8, "9638507+07", .ean8, "96385074", "07"),
    ]
    /// Clockwise and back: a symbol turned anticlockwise is read against
    /// the direction of the lines that cross it, as one upside down is.
    static let angles: [Double] = [10, 30, 90, 180, -10, -30, -90]

    @Test(arguments: symbols.indices, angles)
    func theAddOnIsJoinedWhenTurned(_ index: Int, _ degrees: Double) throws {
        let (zintSymbology, data, main, text, addOn) = Self.symbols[index]
        let frame = try ZintRenderer.render(zintSymbology, .text(data), moduleSize: 3, margin: 40).frame.rotated(degrees: degrees)
        var configuration = DecoderConfiguration(symbologies: [.ean13, .upca, .ean8, .upce, .ean2, .ean5])
        configuration.singleEngine = .native
        let found = BarcodeReader(configuration: configuration).read(frame).detections
        #expect(found.map(\.symbology) == [main], "\(data) at \(degrees)°: \(found.map(\.humanReadable))")
        #expect(found.first?.text == text && found.first?.addOn == addOn, "\(data) at \(degrees)°: \(found.map(\.humanReadable))")
    }
}
