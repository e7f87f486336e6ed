import Foundation
import Testing
import ScannerTestSupport
@testable import Scanner

/// The PDF417 photos and scans of `../shared/corpus/pdf417-1…3`, read by our engine alone:
/// nothing misread, and at least as many read as when measured.
@Suite struct PDF417CorpusTests {
    /// Read when measured (of 30).
    static let floor = 26

    @Test func readsTheCorpusWithoutMisreads() throws {
        let corpus = try ImageFixtures.skipWithoutCorpus()
        var read = 0, misread: [String] = []
        for folder in ["pdf417-1", "pdf417-2", "pdf417-3"] {
            let dir = corpus.appendingPathComponent(folder)
            for image in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            where [".png", ".jpg", ".webp"].contains(where: image.hasSuffix) {
                let stem = dir.appendingPathComponent(String(image[..<image.lastIndex(of: ".")!]))
                let frame = try ImageLoader().load(contentsOf: dir.appendingPathComponent(image).path)
                let reads = PDF417Engine().decode(frame, symbologies: [.pdf417], options: EngineOptions())
                let expected: [UInt8]
                if let text = try? String(contentsOf: stem.appendingPathExtension("txt"), encoding: .utf8) {
                    expected = Array(text.utf8)
                    if reads.contains(where: { $0.text == text }) { read += 1 }
                    misread += reads.filter { $0.text != text }.map { "\(folder)/\(image): \($0.text.prefix(40))" }
                } else {
                    expected = try [UInt8](Data(contentsOf: stem.appendingPathExtension("bin")))
                    if reads.contains(where: { $0.bytes == expected }) { read += 1 }
                    misread += reads.filter { $0.bytes != expected }.map { "\(folder)/\(image): \($0.bytes.count) bytes" }
                }
            }
        }
        #expect(misread == [])
        #expect(read >= Self.floor, "read \(read) of 30")
    }
}
