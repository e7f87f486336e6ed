import ScannerTestSupport
import Testing
@testable import Scanner

/// The QR family through the public API: `BarcodeReader.read` on zint's renders.
@Suite struct QRFamilyReaderTests {
    @Test(arguments: [(Symbology.qr, "QR through the reader"), (.microQR, "MICRO 42"), (.rmqr, "rMQR via BarcodeReader")])
    func theReaderReturnsThePayloadAndSymbology(symbology: Symbology, payload: String) throws {
        let frame = try ZintRenderer.render(symbology, .text(payload), moduleSize: 4).frame
        let all = BarcodeReader().read(frame).detections
        #expect(all.map(\.symbology) == [symbology], "\(all)")
        #expect(all.first?.text == payload)
        // Our engine alone reads it too.
        var configuration = DecoderConfiguration()
        configuration.singleEngine = .native
        let ours = BarcodeReader(configuration: configuration).read(frame).detections
        #expect(ours.map(\.symbology) == [symbology], "\(ours)")
        #expect(ours.first?.text == payload)
    }
}
