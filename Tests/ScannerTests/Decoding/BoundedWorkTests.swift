import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// The reader's cost is bounded by work, not time: pathological images end,
/// and the same image gives the same answer on an idle or a loaded machine.
@Suite(.enabled(if: ImageFixtures.corpus != nil, "needs ../shared (corpus and hostile inputs) beside the package"))
struct BoundedWorkTests {
    static var hostileDecoderFiles: [String] {
        guard let shared = ImageFixtures.corpus?.deletingLastPathComponent() else { return [] }
        let folder = shared.appendingPathComponent("hostile/decoder")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// Fuzzed images on which zbar re-scans were exponential: minutes at the
    /// default effort. Each now ends, with a bounded amount of work; the
    /// wall-clock guard is generous for debug builds on a busy machine (a
    /// release build takes well under the 2 s).
    @Test(arguments: hostileDecoderFiles)
    func hostileImagesEndWithBoundedWork(_ path: String) throws {
        let frame = try ImageLoader().load(contentsOf: path)
        let clock = ContinuousClock(), start = clock.now
        let result = BarcodeReader().read(frame)
        let elapsed = clock.now - start
        let budget = Effort.thorough.secondChanceWork
        // The first pass is free; everything after it is counted, and one
        // pass may overrun the budget by what it does.
        #expect(result.pixelsExamined < 2 * budget, "\(path): \(result.pixelsExamined) pixels examined")
        #expect(elapsed < .seconds(30), "\(path) took \(elapsed)")
        #expect(!result.reachedTimeLimit)
    }

    @Test func theHostileFilesArePresent() {
        #expect(Self.hostileDecoderFiles.count >= 4)
    }
}
