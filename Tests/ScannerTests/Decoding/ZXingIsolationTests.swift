import CZXing
import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// zxing-cpp 1.4's 1D readers abort the process on some images. With them
/// on, the engine reads in the helper process (`ReadHelper`, here the built
/// `scan`): these tests run in the test process itself, so an abort that
/// escaped would end the whole run. The helper's deadline, crashes, reuse
/// and descriptors are `HelperProcessTests`'.
@Suite struct ZXingIsolationTests {
    init() { ScanCommand.serveReadsFromScan() }

    /// Two corpus images on which zxing 1.4 fails its `lineCount() == 1`
    /// assertion after its downscaled pass (`Result.cpp:140`, SIGABRT), asked
    /// with that pass on, as the engine once asked.
    @Test(arguments: ["code128-1/5.png", "code128-3/1.png"])
    func anAbortCostsOneReadingNotTheProcess(_ name: String) throws {
        let frame = try ImageLoader().load(contentsOf: try ImageFixtures.corpusPath(name))
        var options = zxb_default_options(ZXingEngine.format(of: .code128))
        (options.try_harder, options.try_rotate, options.try_downscale) = (true, true, true)
        (options.downscale_factor, options.downscale_threshold) = (2, 200)
        let reply = ReadHelper.request(.readZXing, details: ZXingReadMessage.encode(options), frame: frame, timeout: .seconds(30))
        guard case .failure(.died(let how)) = reply else {
            Issue.record("\(name): \(reply)")
            return
        }
        #expect(how.contains("signal 6"), "\(how)")
        // The engine keeps working after the helper died.
        let ean = try ZintRenderer.render(.ean13, .text("400638133393"), moduleSize: 3).frame
        let engine = ZXingEngine(linearReaders: true)
        #expect(engine.decode(ean, symbologies: [.ean13], options: EngineOptions()).map(\.text) == ["4006381333931"])
        // The engine's 1D reads skip the downscaled pass: the same image is
        // read, without a helper to restart.
        #expect(try engine.read(frame, symbologies: [.code128], options: EngineOptions(tryHarder: true)).count == 1)
    }

    /// Many threads read at once, each through its own helper: every answer
    /// is right, at most the idle pool is kept, and each helper holds only
    /// its own pipes (O_CLOEXEC: no other reader's).
    @Test func manyConcurrentReadersEachGetTheirOwnAnswer() throws {
        let payloads = (0..<12).map { "concurrent-\($0)" }
        let frames = try payloads.map { try ZintRenderer.render(.dataMatrix, .text($0), moduleSize: 3).frame }
        let answers = Answers()
        DispatchQueue.concurrentPerform(iterations: payloads.count * 4) { index in
            let which = index % payloads.count
            let read = try? ZXingEngine(linearReaders: true).read(frames[which], symbologies: [.dataMatrix], options: EngineOptions())
            answers.record(which, read?.map(\.text) ?? ["failed"])
        }
        for (which, payload) in payloads.enumerated() {
            #expect(answers.texts(which) == Array(repeating: [payload], count: 4))
        }
        #expect(HelperPool.idleCount(of: try #require(ReadHelper.program)) <= HelperPool.maxIdle)
        // Each helper holds its standard input, output and error and nothing
        // else: it starts no helper of its own, even for a whole frame whose
        // EAN/UPC confirmation runs zxing's 1D readers (another test's).
        for helper in HelperProcessTests.children(named: "scan-read-helper") {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(helper)/fd")) ?? []
            #expect(descriptors.isEmpty || descriptors.sorted() == ["0", "1", "2"], "helper \(helper) holds \(descriptors.sorted())")
            #expect(HelperProcessTests.children(named: "scan-read-helper", of: helper).isEmpty)
        }
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
        // zxing read the symbol both ways (on different rows): its reading
        // that agrees confirms zbar's.
        #expect(Reconciler.arbitrate([zbar], by: [zxing, zbar]) == [zbar])
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

    /// zxing 1.4 reads this photo's EAN-13 two ways on different rows, one
    /// of them wrong (7034759003930), where zbar reads it right. zxing's
    /// agreeing reading confirms zbar's; the other is never reported, by the
    /// confirmation or by the second opinion.
    @Test func aCheckThatReadsTwoWaysConfirmsTheAgreeingReading() throws {
        let frame = try ImageLoader().load(contentsOf: try ImageFixtures.corpusPath("ean13-1/35.webp"))
        var configuration = DecoderConfiguration()
        #expect(BarcodeReader(configuration: configuration).read(frame).detections.map(\.text) == ["5030159003930"])
        configuration.linearSecondOpinion = true
        #expect(BarcodeReader(configuration: configuration).read(frame).detections.map(\.text) == ["5030159003930"])
    }
}

/// Answers from many threads, by request.
private final class Answers: @unchecked Sendable {
    // Sendable: guarded by `lock`.
    private let lock = NSLock()
    private var byRequest: [Int: [[String]]] = [:]

    func record(_ which: Int, _ texts: [String]) { lock.withLock { byRequest[which, default: []].append(texts) } }
    func texts(_ which: Int) -> [[String]] { lock.withLock { byRequest[which] ?? [] } }
}
