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

    static let reader: BarcodeReader = {
        var configuration = DecoderConfiguration()
        configuration.singleEngine = .native
        return BarcodeReader(configuration: configuration)
    }()

    @Test func everyImageReadsAsExpected() throws {
        let folder = try Self.folder()
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(!images.isEmpty)
        let reader = Self.reader
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

    /// The photos and drawings with no code: no MaxiCode.
    @Test func noMaxiCodeInImagesWithoutOne() throws {
        let more = try Self.folder().deletingLastPathComponent()
        for name in ["falsepositives-1", "falsepositives-2"] {
            let folder = more.appendingPathComponent(name)
            for image in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where [".png", ".jpg", ".webp"].contains(where: image.hasSuffix) {
                let frame = try ImageLoader().load(contentsOf: folder.appendingPathComponent(image).path)
                #expect(Self.reader.read(frame).detections.allSatisfy { $0.symbology != .maxicode }, "\(name)/\(image)")
            }
        }
    }
}
