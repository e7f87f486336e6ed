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

/// Modules far larger than the binarizer's 8-pixel blocks, blurred as a close-up photo is:
/// the finder breaks up at full size, and a coarser look reads it.
@Suite struct QRLargeModuleTests {
    @Test(arguments: [Symbology.qr, .microQR])
    func largeBlurredModulesReadAtACoarserLook(_ symbology: Symbology) throws {
        let frame = try ZintRenderer.render(symbology, .text("CLOSE UP"), moduleSize: 28, margin: 80).frame.boxBlurred(radius: 7)
        let found = QREngine().decode(frame, symbologies: [symbology], options: EngineOptions())
        #expect(found.map(\.text) == ["CLOSE UP"])
        // Corners come back in the frame's own pixels: the symbol spans most of it.
        let box = try #require(found.first?.boundingBox)
        #expect(box.maxX - box.minX > Double(frame.width) / 2)
    }
}

/// A pixel a module, as a pure image drawn at its true size is: the finder
/// is 7 pixels wide, which the finder scan once took for noise (the
/// corpus's qrcode-5/16, a version 40 with no quiet zone, went unread).
@Suite struct QROnePixelModuleTests {
    static let long = String(repeating: "THROUGH THE LOOKING-GLASS ", count: 40)

    @Test(arguments: [(Symbology.qr, long, 0), (.qr, "ONE PIXEL A MODULE", 4), (.microQR, "MICRO 1PX", 2)])
    func readsAtOnePixelAModule(symbology: Symbology, payload: String, margin: Int) throws {
        let frame = try ZintRenderer.render(symbology, .text(payload), moduleSize: 1, margin: margin).frame
        let found = QREngine().decode(frame, symbologies: [symbology], options: EngineOptions())
        #expect(found.map(\.text) == [payload], "\(frame.width)x\(frame.height)")
    }
}

/// A keystone, as a label seen at an angle: the far finder's modules are a third smaller, and
/// the bottom-right alignment pattern lies off the finders' parallelogram, so its shape is
/// checked along the axes of the homography through it, not the parallelogram's.
@Suite struct QRKeystoneTests {
    /// Payloads of 30, 60 and 160 characters: versions with one alignment pattern and more.
    @Test(arguments: [(30, 0.3), (60, 0.3), (160, 0.25)])
    func readsUnderAKeystone(length: Int, fraction: Double) throws {
        let payload = String("KEYSTONE 0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ".cycled(to: length))
        let frame = try ZintRenderer.render(.qr, .text(payload), moduleSize: 3, margin: 12).frame.keystoned(fraction)
        let found = QREngine().decode(frame, symbologies: [.qr], options: EngineOptions())
        #expect(found.map(\.text) == [payload], "\(frame.width)x\(frame.height)")
    }

    /// A Micro QR has one finder: its far corner comes from its own right and bottom edges
    /// (`MicroQRKeystone`), not from completing the parallelogram of the other three. Turned
    /// a quarter, the keystone narrows its bottom edge instead of its right one.
    @Test(arguments: [("MQR KEYSTONE", 0.0), ("MQR KEYSTONE", 90.0), ("MQR KEY 12345", 0.0), ("MQR KEY 12345", 90.0)], [0.1, 0.15, 0.2])
    func readsAMicroQRUnderAKeystone(of symbol: (payload: String, degrees: Double), fraction: Double) throws {
        let frame = try ZintRenderer.render(.microQR, .text(symbol.payload), moduleSize: 4, margin: 12).frame
            .rotated(degrees: symbol.degrees).keystoned(fraction)
        let found = QREngine().decode(frame, symbologies: [.microQR], options: EngineOptions())
        #expect(found.map(\.text) == [symbol.payload], "\(frame.width)x\(frame.height)")
    }

    /// Under a keystone of a quarter and more, the top edge slopes so far that the timing
    /// pattern along it leaves row 0 of the finder's square view before the symbol ends and
    /// cannot be counted; the left one, along the near edge, still counts the size, and the
    /// edges found give the corners. (Turned a quarter, both timing patterns are disturbed:
    /// a limit, in the README.)
    @Test(arguments: ["MQR KEYSTONE", "MQR KEY 12345"], [0.25, 0.3])
    func readsAMicroQRWhoseTopTimingPatternSlopesAway(payload: String, fraction: Double) throws {
        let frame = try ZintRenderer.render(.microQR, .text(payload), moduleSize: 4, margin: 12).frame.keystoned(fraction)
        let found = QREngine().decode(frame, symbologies: [.microQR], options: EngineOptions())
        #expect(found.map(\.text) == [payload], "\(frame.width)x\(frame.height)")
    }
}

private extension String {
    func cycled(to length: Int) -> String { String(repeating: self, count: length / count + 1).prefix(length).description }
}

/// Modules of two pixels drawn half a pixel off the grid: every module edge falls in the middle
/// of a pixel, which comes out at the threshold and goes light, so each dark run of a finder is
/// a pixel short and each light run a pixel long. Our reader read none of the degradation
/// benchmark's QR renders so drawn; the pairs of neighbouring runs do not move.
@Suite struct QRHalfPixelPhaseTests {
    @Test(arguments: [(Symbology.qr, "HALF A PIXEL OFF"), (.microQR, "MQR 2PX"), (.rmqr, "RMQR TWO PX")])
    func readsModulesOfTwoPixelsHalfAPixelOff(symbology: Symbology, payload: String) throws {
        let frame = try ZintRenderer.render(symbology, .text(payload), moduleSize: 2, margin: 8).frame.shifted(byX: 0.5, y: 0.5)
        let found = QREngine().decode(frame, symbologies: [symbology], options: EngineOptions())
        #expect(found.map(\.text) == [payload])
    }

    /// A finder seen so: 1:1:3:1:1 at 1.86 pixels a module as 2, 2, 5, 3, 1 pixels.
    @Test func aFinderWithEveryRunOffByTheThresholdMatches() {
        #expect(ConcentricRuns.matches(2, 2, 5, 3, 1, centre: 3, variance: 0.6))
        // Not any five runs: a centre narrower than its rings.
        #expect(!ConcentricRuns.matches(6, 6, 2, 6, 6, centre: 3, variance: 0.6))
    }
}
