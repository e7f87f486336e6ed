import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// Whole-frame reads in the helper process (`DecoderConfiguration.isolated`),
/// the built `scan`: the same answer as in-process, and a frame that
/// overruns its time limit inside the engines is abandoned, its helper
/// killed and replaced.
@Suite struct IsolatedReaderTests {
    init() { ScanCommand.serveReadsFromScan() }

    /// A QR code and an EAN-13 on a page, cut out of a larger image so that
    /// the frame's origin is not (0, 0).
    static func page() throws -> Frame {
        let qr = try ZintRenderer.render(.qr, .text("isolated"), moduleSize: 4).frame
        let ean = try ZintRenderer.render(.ean13, .text("400638133393"), moduleSize: 3).frame
        let width = 40 + qr.width + 40 + ean.width + 40, height = 40 + max(qr.height, ean.height) + 40
        var pixels = [UInt8](repeating: 255, count: width * height)
        for (symbol, left) in [(qr, 40), (ean, 80 + qr.width)] {
            for y in 0..<symbol.height {
                for x in 0..<symbol.width { pixels[(40 + y) * width + left + x] = symbol[x, y] }
            }
        }
        let whole = Frame(width: width + 30, height: height + 20, pixels: (0..<(width + 30) * (height + 20)).map { index in
            let x = index % (width + 30) - 30, y = index / (width + 30) - 20
            return x >= 0 && y >= 0 ? pixels[y * width + x] : 255
        })
        return whole.cropped(to: PixelRect(x: 30, y: 20, width: width, height: height))
    }

    /// Noise no pass gets through quickly: about a second of engine work.
    static func noise(width: Int, height: Int) -> Frame {
        var state: UInt32 = 12345
        return Frame(width: width, height: height, pixels: (0..<width * height).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16) & 0x80 == 0 ? 0 : 255
        })
    }

    @Test func theHelperGivesTheSameResultAsTheProcess() throws {
        let frame = try Self.page()
        #expect(frame.origin.x == 30 && frame.origin.y == 20)
        var configuration = DecoderConfiguration()
        let here = BarcodeReader(configuration: configuration).read(frame)
        configuration.isolated = true
        let there = BarcodeReader(configuration: configuration).read(frame)
        #expect(there.abandonment == nil)
        #expect(Set(here.detections.map(\.text)) == ["isolated", "4006381333931"])
        #expect(there.detections == here.detections)
        #expect(there.passes == here.passes && there.pixelsExamined == here.pixelsExamined)
    }

    /// The time limit holds while the engines are busy on one pass: the
    /// helper is killed at it, the result says so, and the next frame gets
    /// a new helper. Without the kill the pass would end, late, with
    /// `abandonment == nil`.
    @Test(.timeLimit(.minutes(1))) func aFrameThatOverrunsIsAbandonedAndTheNextIsRead() throws {
        var configuration = DecoderConfiguration(timeLimit: .milliseconds(10))
        configuration.isolated = true
        let reader = BarcodeReader(configuration: configuration)
        let clock = ContinuousClock(), started = clock.now
        let result = reader.read(Self.noise(width: 2000, height: 2000))
        // A hang guard only: the kill comes at 10 ms.
        #expect(clock.now - started < .seconds(30))
        #expect(result.abandonment == .timeLimitReached(.milliseconds(10)))
        #expect(result.reachedTimeLimit && result.detections.isEmpty)
        #expect(result.abandonment?.description.contains("time limit") == true)

        var patient = configuration
        patient.timeLimit = .seconds(60)
        let next = BarcodeReader(configuration: patient).read(try Self.page())
        #expect(next.abandonment == nil && !next.reachedTimeLimit)
        #expect(Set(next.detections.map(\.text)) == ["isolated", "4006381333931"])
    }

    /// A photo on which zbar misreads an EAN-13 and zxing's 1D readers
    /// confirm the right reading reads the same in the helper, which runs
    /// them itself.
    @Test func theHelperRunsZXingsLinearReadersItself() throws {
        let frame = try ImageLoader().load(contentsOf: try ImageFixtures.corpusPath("ean13-1/37.webp"))
        var configuration = DecoderConfiguration()
        configuration.isolated = true
        let there = BarcodeReader(configuration: configuration).read(frame)
        #expect(there.abandonment == nil)
        #expect(there.detections.map(\.text) == ["5000213002834"])
    }

    /// A request the helper's frame reader cannot parse is refused, and the
    /// helper stays usable.
    @Test func aMalformedRequestIsRefused() throws {
        let frame = Frame(width: 4, height: 4, pixels: [UInt8](repeating: 128, count: 16))
        let reply = ReadHelper.request(.readFrame, details: [1, 2, 3], frame: frame, timeout: .seconds(30))
        guard case .failure(.died(let why)) = reply else {
            Issue.record("\(reply)")
            return
        }
        #expect(why.contains("refused the request: the frame reader cannot parse the request"), "\(why)")
        let next = ReadHelper.request(.readFrame, details: FrameReadMessage.encode(DecoderConfiguration()), frame: frame, timeout: .seconds(30))
        #expect((try? next.get()).flatMap { $0.withUnsafeBytes(FrameReadMessage.result(from:)) }?.detections.isEmpty == true)
    }

    /// Every field crosses the pipe: configurations and results come back equal.
    @Test func messagesRoundTrip() throws {
        var configuration = DecoderConfiguration(
            symbologies: [.qr, .ean13, .ean5], regionOfInterest: try RegionOfInterest(x: 0.1, y: 0.2, width: 0.3, height: 0.4),
            effort: .normal, secondChanceWork: 12345, timeLimit: .milliseconds(1500))
        configuration.singleEngine = .zxing
        configuration.linearSecondOpinion = true
        configuration.minimumITFLength = 10
        configuration.isolated = true
        let bytes = FrameReadMessage.encode(configuration)
        #expect(bytes.withUnsafeBytes { FrameReadMessage.configuration(from: $0) } == configuration)
        #expect(FrameReadMessage.encode(DecoderConfiguration()).withUnsafeBytes { FrameReadMessage.configuration(from: $0) }
            == DecoderConfiguration())

        var detection = Detection(symbology: .ean13, bytes: [0x34, 0x30, 0xFF], text: "40ÿ", corners: [
            Point(x: 1.5, y: -2), Point(x: 3, y: 4), Point(x: 5, y: 6), Point(x: 7, y: 8),
        ], engine: .zbar)
        detection.evidence = 3
        detection.isGS1 = true
        detection.addOn = "12"
        var plain = detection
        plain.addOn = nil
        plain.engine = .native
        plain.matrix = MatrixSymbolInfo(version: "M3", errorCorrectionLevel: nil, mask: 2, mirrored: true, correctedCodewords: 5)
        plain.structuredAppend = StructuredAppend(count: 3, parity: 200, parts: [.init(index: 2, corners: [Point(x: 1, y: 2)])])
        let result = ReadResult(detections: [detection, plain], passes: 4, pixelsExamined: 99, reachedTimeLimit: true)
        let back = try #require(FrameReadMessage.encode(result).withUnsafeBytes { FrameReadMessage.result(from: $0) })
        #expect(back.detections == result.detections && back.passes == 4 && back.pixelsExamined == 99 && back.reachedTimeLimit)
        // Cut short anywhere, a message is refused, never misread.
        let whole = FrameReadMessage.encode(result)
        for length in stride(from: 0, to: whole.count, by: 7) {
            #expect(Array(whole.prefix(length)).withUnsafeBytes { FrameReadMessage.result(from: $0) } == nil)
        }
    }
}
