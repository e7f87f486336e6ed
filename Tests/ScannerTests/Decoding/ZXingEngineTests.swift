import ScannerTestSupport
import Testing
@testable import Scanner

/// zxing-cpp 1.4 on symbols zint renders in memory.
@Suite struct ZXingEngineTests {
    static let matrix: [Symbology] = [.qr, .pdf417, .aztec, .dataMatrix]
    let engine = ZXingEngine()
    let payload = "Hello, zxing! 0123456789"

    func decode(_ frame: Frame, _ symbology: Symbology, options: EngineOptions = EngineOptions()) -> [Detection] {
        engine.decode(frame, symbologies: [symbology], options: options)
    }

    /// Every corner lies within `tolerance` pixels of `box`.
    func expectCorners(_ corners: [Point], inside box: PixelRect, tolerance: Double = 4) {
        #expect(corners.count == 4)
        for corner in corners {
            #expect(corner.x >= Double(box.x) - tolerance && corner.x <= Double(box.x + box.width) + tolerance)
            #expect(corner.y >= Double(box.y) - tolerance && corner.y <= Double(box.y + box.height) + tolerance)
        }
    }

    @Test func readsOnlyMatrixCodesByDefault() {
        #expect(engine.supported == [.qr, .pdf417, .aztec, .dataMatrix, .maxicode])
        // zxing 1.4 reports no add-ons of its own and reads no MicroPDF417.
        #expect(ZXingEngine(linearReaders: true).supported == Set(Symbology.allCases).subtracting([.ean2, .ean5, .microPDF417]))
    }

    @Test(arguments: matrix)
    func decodesPayloadAndCorners(_ symbology: Symbology) throws {
        let rendered = try ZintRenderer.render(symbology, .text(payload))
        let found = decode(rendered.frame, symbology)
        try #require(found.count == 1)
        #expect(found[0].text == payload)
        #expect(found[0].bytes == Array(payload.utf8))
        #expect(found[0].symbology == symbology)
        #expect(found[0].engine == .zxing)
        expectCorners(found[0].corners, inside: rendered.symbolBox)
    }

    @Test(arguments: matrix)
    func honoursRowStride(_ symbology: Symbology) throws {
        let rendered = try ZintRenderer.render(symbology, .text(payload))
        let padded = rendered.frame.padded(toStride: rendered.frame.width + 37)
        let found = decode(padded, symbology)
        try #require(found.count == 1)
        #expect(found[0].text == payload)
        expectCorners(found[0].corners, inside: rendered.symbolBox)
    }

    @Test(arguments: matrix)
    func reportsCornersInTheCroppedFramesOwnCoordinates(_ symbology: Symbology) throws {
        let rendered = try ZintRenderer.render(symbology, .text(payload))
        let canvas = rendered.frame.placed(
            onCanvasWidth: rendered.frame.width + 300, height: rendered.frame.height + 200, x: 250, y: 150)
        let crop = canvas.cropped(to: PixelRect(x: 200, y: 100, width: rendered.frame.width + 100, height: rendered.frame.height + 100))
        let found = decode(crop, symbology)
        try #require(found.count == 1)
        #expect(found[0].text == payload)
        var box = rendered.symbolBox
        box.x += 50
        box.y += 50
        expectCorners(found[0].corners, inside: box)
    }

    @Test(arguments: matrix)
    func cornersRunClockwiseFromTheSymbolsTopLeft(_ symbology: Symbology) throws {
        let rendered = try ZintRenderer.render(symbology, .text(payload))
        // Turned a quarter clockwise, the symbol's top-left sits at the image's top-right.
        let turned = rendered.frame.rotated(quarterTurns: 1)
        let found = decode(turned, symbology, options: EngineOptions(tryHarder: true))
        try #require(found.count == 1)
        let box = rendered.symbolBox
        let topLeft = Point(x: Double(turned.width - box.y), y: Double(box.x))
        let corners = found[0].corners
        #expect(abs(corners[0].x - topLeft.x) < 6 && abs(corners[0].y - topLeft.y) < 6, "\(corners)")
        // Clockwise in image coordinates (y down): positive signed area.
        let area = zip(corners, corners.dropFirst() + [corners[0]]).reduce(0.0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
        #expect(area > 0)
    }

    @Test func readsSeveralSymbolsInOneFrame() throws {
        let qr = try ZintRenderer.render(.qr, .text("left"))
        let dm = try ZintRenderer.render(.dataMatrix, .text("right"))
        let width = qr.frame.width + dm.frame.width
        let height = max(qr.frame.height, dm.frame.height)
        var canvas = qr.frame.placed(onCanvasWidth: width, height: height, x: 0, y: 0).packedPixels
        let right = dm.frame.packedPixels
        for y in 0..<dm.frame.height {
            for x in 0..<dm.frame.width { canvas[y * width + qr.frame.width + x] = right[y * dm.frame.width + x] }
        }
        let found = engine.decode(
            Frame(width: width, height: height, pixels: canvas), symbologies: [.qr, .dataMatrix], options: EngineOptions())
        #expect(Set(found.map(\.text)) == ["left", "right"])
    }

    @Test func keepsGS1SeparatorsRaw() throws {
        let rendered = try ZintRenderer.render(.dataMatrix, .gs1("[01]09501101530003[10]AB1[21]XYZ"))
        let found = decode(rendered.frame, .dataMatrix)
        try #require(found.count == 1)
        #expect(found[0].text == "0109501101530003" + "10AB1\u{1D}21XYZ")
        let symbol = try #require(try engine.read(rendered.frame, symbologies: [.dataMatrix], options: EngineOptions()).first)
        #expect(symbol.contentType == .gs1)
        #expect(symbol.symbologyIdentifier == "]d2")
    }

    @Test func honoursECI() throws {
        // UTF-8 declared by ECI 26.
        let text = "Grüße, 日本"
        let rendered = try ZintRenderer.render(.qr, .text(text), eci: 26)
        let symbol = try #require(try engine.read(rendered.frame, symbologies: [.qr], options: EngineOptions()).first)
        #expect(symbol.text == text)
        #expect(symbol.hasECI)
        #expect(!symbol.errorCorrectionLevel.isEmpty)
    }

    @Test func keepsBinaryBytes() throws {
        let bytes: [UInt8] = [0, 1, 2, 0xFE, 0xFF, 0x80, 0x1D, 10, 13]
        let rendered = try ZintRenderer.render(.aztec, .bytes(bytes))
        let found = decode(rendered.frame, .aztec)
        try #require(found.count == 1)
        #expect(found[0].bytes == bytes)
    }

    @Test func ignoresSymbologiesItWasNotAskedFor() throws {
        let rendered = try ZintRenderer.render(.qr, .text(payload))
        #expect(decode(rendered.frame, .dataMatrix).isEmpty)
        #expect(engine.decode(rendered.frame, symbologies: [.ean13], options: EngineOptions()).isEmpty)
    }

    /// zxing 1.4 cannot see light-on-dark symbols; the reader's inverted
    /// pass (`Pass.Step.inverted`) is what reads them.
    @Test func readsInvertedSymbolsThroughTheInvertedPass() throws {
        let inverted = try ZintRenderer.render(.aztec, .text(payload)).frame.inverted()
        #expect(decode(inverted, .aztec).isEmpty)
        let reader = BarcodeReader(configuration: DecoderConfiguration(symbologies: [.aztec], effort: .normal))
        #expect(reader.read(inverted).detections.map(\.text) == [payload])
    }

    @Test func pureModeReadsOnlyAlignedSymbols() throws {
        let rendered = try ZintRenderer.render(.dataMatrix, .text(payload))
        let pure = EngineOptions(isPure: true)
        #expect(decode(rendered.frame, .dataMatrix, options: pure).map(\.text) == [payload])
        // A tilted symbol is no longer "pure"; the detector still finds it.
        let tilted = rendered.frame.rotated(degrees: 20)
        #expect(decode(tilted, .dataMatrix, options: pure).isEmpty)
        #expect(decode(tilted, .dataMatrix).map(\.text) == [payload])
    }

    @Test(arguments: [EngineOptions.Binarizer.localAverage, .globalHistogram, .fixedThreshold])
    func thresholdingBinarizersReadACleanSymbol(_ binarizer: EngineOptions.Binarizer) throws {
        let rendered = try ZintRenderer.render(.pdf417, .text(payload))
        #expect(decode(rendered.frame, .pdf417, options: EngineOptions(binarizer: binarizer)).map(\.text) == [payload])
    }

    @Test func boolCastTreatsAnyDarkGrayAsWhite() throws {
        // BoolCast thresholds at 0: a symbol printed in dark gray instead of black vanishes.
        let rendered = try ZintRenderer.render(.qr, .text(payload)).frame
        let frame = Frame(width: rendered.width, height: rendered.height, pixels: rendered.packedPixels.map { max($0, 60) })
        #expect(decode(frame, .qr, options: EngineOptions(binarizer: .boolCast)).isEmpty)
        #expect(decode(frame, .qr).map(\.text) == [payload])
    }

    @Test func linearReadersKeepUPCAsEncoded() throws {
        ScanCommand.serveReadsFromScan()
        let linear = ZXingEngine(linearReaders: true)
        let upca = try ZintRenderer.render(.upca, .text("03600029145"), moduleSize: 3)
        let found = linear.decode(upca.frame, symbologies: [.upca], options: EngineOptions())
        #expect(found.map(\.text) == ["036000291452"])
        #expect(found.first?.gtin == "00036000291452")
    }
}

/// zxing on degraded renderings, which also checks the test transforms' geometry.
@Suite struct ZXingEngineDegradedTests {
    let engine = ZXingEngine()
    let payload = "Hello, zxing! 0123456789"

    func decode(_ frame: Frame, _ symbology: Symbology) -> [String] {
        engine.decode(frame, symbologies: [symbology], options: EngineOptions(tryHarder: true)).map(\.text)
    }

    @Test(arguments: [Symbology.qr, .dataMatrix], [15.0, 30.0, 45.0])
    func readsTiltedSymbolsWithCornersWhereTheyWent(_ symbology: Symbology, degrees: Double) throws {
        let rendered = try ZintRenderer.render(symbology, .text(payload))
        let tilted = rendered.frame.rotated(degrees: degrees)
        let found = engine.decode(tilted, symbologies: [symbology], options: EngineOptions())
        try #require(found.count == 1)
        #expect(found[0].text == payload)
        let box = rendered.symbolBox
        let topLeft = rendered.frame.pointAfterRotation(Point(x: Double(box.x), y: Double(box.y)), degrees: degrees)
        #expect(abs(found[0].corners[0].x - topLeft.x) < 6 && abs(found[0].corners[0].y - topLeft.y) < 6,
                "\(found[0].corners) vs \(topLeft)")
    }

    /// A limit of zxing 1.4 measured here, which callers must work around
    /// (zxing 3 reads these): its Aztec and PDF417 detectors give up a few
    /// degrees off axis, where QR and Data Matrix read at any angle.
    @Test(arguments: [Symbology.aztec, .pdf417])
    func missesAztecAndPDF417TiltedByThirtyDegrees(_ symbology: Symbology) throws {
        let rendered = try ZintRenderer.render(symbology, .text(payload))
        #expect(decode(rendered.frame, symbology) == [payload])
        #expect(decode(rendered.frame.rotated(degrees: 30), symbology).isEmpty)
    }

    @Test(arguments: ZXingEngineTests.matrix)
    func readsSmallNoisySymbols(_ symbology: Symbology) throws {
        let rendered = try ZintRenderer.render(symbology, .text(payload), moduleSize: 6)
        let frame = rendered.frame.scaled(by: 0.5).withNoise(amplitude: 40, seed: 7)
        #expect(frame.width == rendered.frame.width / 2)
        #expect(decode(frame, symbology) == [payload])
    }

    @Test(arguments: [Symbology.qr, .pdf417, .dataMatrix])
    func readsBlurredSymbols(_ symbology: Symbology) throws {
        let rendered = try ZintRenderer.render(symbology, .text(payload), moduleSize: 6)
        let frame = rendered.frame.scaled(by: 0.75).boxBlurred(radius: 1).withNoise(amplitude: 20, seed: 3)
        #expect(decode(frame, symbology) == [payload])
    }

    @Test func noiseIsDeterministic() throws {
        let frame = try ZintRenderer.render(.qr, .text("seed")).frame
        #expect(frame.withNoise(amplitude: 20, seed: 1).packedPixels == frame.withNoise(amplitude: 20, seed: 1).packedPixels)
        #expect(frame.withNoise(amplitude: 20, seed: 1).packedPixels != frame.withNoise(amplitude: 20, seed: 2).packedPixels)
    }
}
