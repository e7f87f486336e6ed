import ScannerTestSupport
import Testing
@testable import Scanner

/// Many codes in one image: every one is returned.
@Suite struct QRPageTests {
    /// A page of 30 QR codes, 6 by 5, of different versions: all 30 read, each once.
    @Test(arguments: [false, true])
    func aPageOfThirtyQRCodesIsReadWhole(ourReaderAlone: Bool) throws {
        let payloads = (0..<30).map { "item \($0) " + String(repeating: "x", count: $0 * 3) }
        let symbols = try payloads.map { try ZintRenderer.render(.qr, .text($0), moduleSize: 3, margin: 12).frame }
        let page = FrameMosaic.grid(symbols, columns: 6)
        var configuration = DecoderConfiguration()
        if ourReaderAlone { configuration.singleEngine = .native }
        let found = BarcodeReader(configuration: configuration).read(page).detections
        #expect(found.map(\.text).sorted() == payloads.sorted(), "\(found.count) of 30")
    }
}
