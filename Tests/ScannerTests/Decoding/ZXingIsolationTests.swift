import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// zxing-cpp 1.4's 1D readers abort the process on some images. With them
/// on, the engine reads in a child process: these tests run in the test
/// process itself, so an abort that escaped would end the whole run.
@Suite struct ZXingIsolationTests {
    /// Two corpus images on which zxing 1.4 fails its `lineCount() == 1`
    /// assertion (`scan --engine zxing` in its own process exits with SIGABRT).
    @Test(arguments: ["code128-1/5.png", "code128-3/1.png"])
    func anAbortCostsOneReadingNotTheProcess(_ name: String) throws {
        let frame = try ImageLoader().load(contentsOf: try ImageFixtures.corpusPath(name))
        let engine = ZXingEngine(linearReaders: true)
        #expect(throws: ZXingError.self) {
            try engine.read(frame, symbologies: [.code128], options: EngineOptions(tryHarder: true))
        }
        // The engine keeps working after the child died.
        let ean = try ZintRenderer.render(.ean13, .text("400638133393"), moduleSize: 3).frame
        #expect(engine.decode(ean, symbologies: [.ean13], options: EngineOptions()).map(\.text) == ["4006381333931"])
    }

    /// Results cross the pipe whole: text, raw bytes, corners.
    @Test func anIsolatedReadMatchesAnInProcessOne() throws {
        let payload: [UInt8] = [0x00, 0xFF, 0x1D, 0x41, 0x80, 0x0A]
        let frame = try ZintRenderer.render(.dataMatrix, .bytes(payload), moduleSize: 4).frame
        let isolated = try ZXingEngine(linearReaders: true).read(frame, symbologies: [.dataMatrix], options: EngineOptions())
        let direct = try ZXingEngine().read(frame, symbologies: [.dataMatrix], options: EngineOptions())
        #expect(isolated.map(\.detection) == direct.map(\.detection))
        #expect(isolated.first?.detection.bytes == payload)
    }

    /// With a second opinion, zxing's own EAN/UPC reading overrides a
    /// different zbar reading of the same place.
    @Test func arbitrationPrefersTheCheckingReading() {
        let box = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 50), Point(x: 0, y: 50)]
        let zbar = Detection(symbology: .ean13, bytes: Array("4000539769443".utf8), text: "4000539769443", corners: box, engine: .zbar)
        let zxing = Detection(symbology: .ean13, bytes: Array("4000539017100".utf8), text: "4000539017100", corners: box, engine: .zxing)
        #expect(Reconciler.arbitrate([zbar], by: [zxing]) == [zxing])
        #expect(Reconciler.arbitrate([zbar], by: [zbar]) == [zbar])
        #expect(Reconciler.arbitrate([zbar], by: []) == [zbar])
        let elsewhere = Detection(symbology: .ean13, bytes: zxing.bytes, text: zxing.text,
                                  corners: box.map { Point(x: $0.x + 500, y: $0.y) }, engine: .zxing)
        #expect(Reconciler.arbitrate([zbar], by: [elsewhere]) == [zbar])
    }

    /// On a corpus photo where zbar misreads an EAN-13 (on 44 scan lines),
    /// thorough effort's confirmation asks zxing's 1D readers about the
    /// read's area and reports their reading; the whole-image second
    /// opinion stays an option, off by default, and agrees.
    @Test func confirmationFixesAMisreadAndTheSecondOpinionAgrees() throws {
        let frame = try ImageLoader().load(contentsOf: try ImageFixtures.corpusPath("ean13-1/37.webp"))
        var configuration = DecoderConfiguration()
        #expect(!configuration.linearSecondOpinion)
        #expect(BarcodeReader(configuration: configuration).read(frame).detections.map(\.text) == ["5000213002834"])
        configuration.linearSecondOpinion = true
        #expect(BarcodeReader(configuration: configuration).read(frame).detections.map(\.text) == ["5000213002834"])
    }
}
