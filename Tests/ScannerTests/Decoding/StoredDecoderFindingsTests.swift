import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// The decoder harness's stored findings (Fuzz/Decoder/crashers), read as
/// the harness reads them: the first byte is the width - 1, the rest the
/// rows, every symbology at thorough effort. Each ends with bounded work
/// (the fuzz smoke also replays them against libFuzzer's -timeout=1).
@Suite struct StoredDecoderFindingsTests {
    static var findings: [String] {
        let folder = ScanCommand.packageRoot.appendingPathComponent("Fuzz/Decoder/crashers")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    @Test func theFindingsAreStored() {
        #expect(Self.findings.count >= 2)
    }

    /// A generous guard against a hang only: in a release build each takes
    /// under 0.1 s of CPU.
    @Test(.timeLimit(.minutes(1)), arguments: findings)
    func storedFindingEndsWithBoundedWork(_ path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let width = Int(try #require(bytes.first)) + 1, height = (bytes.count - 1) / width
        try #require(height > 0)
        let frame = Frame(width: width, height: height, pixels: Array(bytes[1...].prefix(width * height)))
        let result = BarcodeReader(configuration: DecoderConfiguration(effort: .thorough)).read(frame)
        #expect(result.pixelsExamined < 2 * Effort.thorough.secondChanceWork, "\(path): \(result.pixelsExamined) pixels")
        #expect(!result.reachedTimeLimit && result.abandonment == nil)
    }
}
