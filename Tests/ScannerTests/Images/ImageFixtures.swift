import Foundation
import ScannerTestSupport
import Testing

/// Real image files for the loader tests: the shared corpus, and temporary
/// files the tests write.
enum ImageFixtures {
    /// The package root (shared with the end-to-end tests).
    static let packageRoot = ScanCommand.packageRoot

    /// `shared/corpus` beside the package root (as CI lays it out) or beside
    /// one of its ancestors (as a git worktree nested under the checkout's
    /// parent sees it), or `nil`.
    static let corpus: URL? = {
        var directory = packageRoot
        while directory.path != "/" {
            let candidate = directory.deletingLastPathComponent().appendingPathComponent("shared/corpus")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("README.md").path) {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }()

    /// Where a test that needs the corpus stops, in a clone without it: the
    /// test is reported as skipped, with the way to get the corpus.
    static func skipWithoutCorpus() throws -> URL {
        guard let corpus else {
            try Test.cancel("skipped: needs the image corpus at ../shared/corpus; get it with scripts/fetch-corpus")
        }
        return corpus
    }

    /// The path of a corpus image, e.g. `"qrcode-2/#199b.jpg"`; skips the
    /// test when the corpus is missing.
    static func corpusPath(_ relative: String) throws -> String {
        try skipWithoutCorpus().appendingPathComponent(relative).path
    }

    static func corpusBytes(_ relative: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: corpusPath(relative))))
    }

    /// Every image in the corpus, by path.
    static func allCorpusImages() throws -> [String] {
        let corpus = try skipWithoutCorpus()
        let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String } ?? []
        return files.filter { file in [".png", ".jpg", ".webp"].contains { file.hasSuffix($0) } }.sorted()
            .map { corpus.appendingPathComponent($0).path }
    }

    /// A fresh temporary directory, removed when `body` returns.
    static func withTemporaryDirectory<R>(_ body: (URL) throws -> R) throws -> R {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("scanner-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    /// The first half of `bytes`: a truncated file.
    static func firstHalf(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes.prefix(bytes.count / 2))
    }
}
