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

    /// A Code 128 that is not asked for stays unexplained, bars that the
    /// matrix readers skip (`Pass.matrixReaders`); the QR and Data Matrix
    /// beside it are still read.
    @Test func matrixSymbolsBesideUnreadBarsAreRead() throws {
        let frames = try [
            ZintRenderer.render(.code128, .text("BARS NOBODY ASKED FOR 0123456789"), moduleSize: 3, margin: 24, barHeight: 120).frame,
            ZintRenderer.render(.qr, .text("QR beside bars"), moduleSize: 3, margin: 24).frame,
            ZintRenderer.render(.dataMatrix, .text("Data Matrix beside bars"), moduleSize: 3, margin: 24).frame,
        ]
        var configuration = DecoderConfiguration()
        configuration.symbologies = [.qr, .dataMatrix]
        let page = FrameMosaic.grid(frames, columns: 3)
        let blocks = Localizer.candidates(in: page).blocks
        #expect(blocks.contains { $0.isBars }, "the page shows no bars: the test shows nothing")
        let read = BarcodeReader(configuration: configuration).read(page).detections.map { "\($0.symbology):\($0.text)" }.sorted()
        #expect(read == ["dataMatrix:Data Matrix beside bars", "qr:QR beside bars"])
    }
}
