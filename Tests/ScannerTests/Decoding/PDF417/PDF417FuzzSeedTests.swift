import Foundation
import Testing
@testable import Scanner

/// The pdf417 harness's seeds (Fuzz/PDF417/seeds) are a real symbol in each of the entry's
/// forms: its codewords decode, and drawn (plain and compact) our engine reads it.
@Suite struct PDF417FuzzSeedTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../Fuzz/PDF417/seeds").standardized

    @Test(arguments: ["codewords.bin", "drawn.bin", "drawn-compact.bin"])
    func seedIsASymbol(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let mode = try #require(bytes.first)
        try bytes.withUnsafeBufferPointer { input in
            let rest = UnsafeBufferPointer(rebasing: input.dropFirst())
            let (rows, columns, level, words) = try #require(PDF417FuzzEntry.symbol(rest))
            if mode & 3 == 0 {
                #expect(PDF417SymbolDecoder.decode(words, rows: rows, columns: columns, level: level)?.message.text == "FUZZ SEED")
            } else {
                let frame = PDF417FuzzEntry.drawn(words.map { $0 ?? 0 }, rows: rows, columns: columns, level: level, compact: mode & 4 != 0)
                #expect(PDF417Engine().decode(frame, symbologies: [.pdf417], options: EngineOptions()).map(\.text) == ["FUZZ SEED"])
            }
        }
    }
}
