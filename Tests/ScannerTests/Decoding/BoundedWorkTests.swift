import Foundation
import Synchronization
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
    /// wall-clock guard is only against a hang, generous for debug builds on
    /// a busy machine (a release build needs under 1 s of CPU each).
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
        #expect(elapsed < .seconds(120), "\(path) took \(elapsed)")
        #expect(!result.reachedTimeLimit)
    }

    @Test func theHostileFilesArePresent() {
        #expect(Self.hostileDecoderFiles.count >= 4)
    }

    /// Images that take the most passes (nothing found until late, or at
    /// all), where a wall-clock budget used to decide the answer.
    static let hardImages = [
        "aztec-2/04.webp", "aztec-2/#956.jpg", "datamatrix-3/dm-2x2-a.webp", "ean13-1/37.webp",
        "ean13-4/19.webp", "ean13-4/05.webp", "qrcode-2/high-res-1.jpg", "qrcode-4/06.webp",
        "upca-4/7.webp", "upca-5/09.webp", "upce-2/20.webp", "aztec-1/az-thin.png",
    ]

    /// One image's answer and the work it took, for comparing runs.
    struct Outcome: Equatable {
        var texts: [String]
        var passes: Int
        var pixels: Int
    }

    static func outcomes() throws -> [Outcome] {
        try hardImages.map { name in
            let result = BarcodeReader().read(try ImageLoader().load(contentsOf: try ImageFixtures.corpusPath(name)))
            return Outcome(texts: result.detections.map(\.text).sorted(), passes: result.passes, pixels: result.pixelsExamined)
        }
    }

    /// The same images read on a quiet machine and with every core kept
    /// busy give the same detections, passes and work, image by image.
    @Test func resultsDoNotDependOnMachineLoad() throws {
        let quiet = try Self.outcomes()
        let load = BusyCores(ProcessInfo.processInfo.activeProcessorCount)
        defer { load.stop() }
        let loaded = try Self.outcomes()
        for (name, (a, b)) in zip(Self.hardImages, zip(quiet, loaded)) {
            #expect(a == b, "\(name): \(a) quiet, \(b) loaded")
        }
    }
}

/// Threads that spin until stopped, to load the machine.
final class BusyCores: Sendable {
    private let running = Atomic<Bool>(true)

    init(_ threads: Int) {
        for _ in 0..<threads {
            Thread.detachNewThread { [self] in
                var spins = 0
                while running.load(ordering: .relaxed) { spins &+= 1 }
                _ = spins
            }
        }
    }

    func stop() { running.store(false, ordering: .relaxed) }
}
