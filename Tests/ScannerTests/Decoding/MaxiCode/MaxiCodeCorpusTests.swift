import Foundation
import Testing
import ScannerTestSupport
@testable import Scanner

/// The real MaxiCode images of `../shared/corpus-more/maxicode-1`, read through `BarcodeReader`
/// with our readers alone (as `scan --engine native` does).
@Suite struct MaxiCodeCorpusTests {
    static func folder() throws -> URL {
        let more = try ImageFixtures.skipWithoutCorpus().deletingLastPathComponent().appendingPathComponent("corpus-more/maxicode-1")
        guard FileManager.default.fileExists(atPath: more.path) else {
            try Test.cancel("skipped: needs ../shared/corpus-more/maxicode-1 beside the package")
        }
        return more
    }

    @Test func everyImageReadsAsExpected() throws {
        let folder = try Self.folder()
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(!images.isEmpty)
        var configuration = DecoderConfiguration()
        configuration.singleEngine = .native
        let reader = BarcodeReader(configuration: configuration)
        for image in images {
            let stem = folder.appendingPathComponent(String(image.dropLast(4)))
            let frame = try ImageLoader().load(contentsOf: folder.appendingPathComponent(image).path)
            let reads = reader.read(frame).detections.filter { $0.symbology == .maxicode }
            if let text = try? String(contentsOf: stem.appendingPathExtension("txt"), encoding: .utf8) {
                #expect(reads.map(\.text) == [text], "\(image)")
            } else {
                let bytes = try [UInt8](Data(contentsOf: stem.appendingPathExtension("bin")))
                #expect(reads.map(\.bytes) == [bytes], "\(image)")
            }
        }
    }
}
