import ScannerTestSupport
import Testing
@testable import Scanner

/// Every symbol in the image, not the first: two Aztec, two Data Matrix, a
/// PDF417 and a QR side by side (zint renders), as issue 24 asks.
@Suite struct ManySymbolsTests {
    static let symbols: [(Symbology, String)] = [
        (.aztec, "Aztec one"), (.dataMatrix, "Data Matrix one"), (.pdf417, "PDF417 beside the others"),
        (.aztec, "Aztec two"), (.qr, "QR among them"), (.dataMatrix, "Data Matrix two"),
    ]

    @Test func sixSymbolsSideBySideAllRead() throws {
        let frames = try Self.symbols.map { try ZintRenderer.render($0.0, .text($0.1), moduleSize: 4, margin: 24).frame }
        let page = FrameMosaic.grid(frames, columns: 3)
        let found = BarcodeReader().read(page).detections
        let read = found.map { "\($0.symbology):\($0.text)" }.sorted()
        #expect(read == Self.symbols.map { "\($0.0):\($0.1)" }.sorted())
    }
}
