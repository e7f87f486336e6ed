/// Our MicroPDF417 reader's fuzzing entry point (Fuzz/MicroPDF417), `package` so the harness
/// reaches the module's internals without `@testable`.
///
/// The first byte chooses what the rest is (`MatrixFuzzInput.run`): a grid of one size's rows
/// (the second byte picks the size, of MicroPDF417's 34 and then CC-A's 17; a row of modules, with a light module each side, per symbol
/// row) read row by row through `MicroPDF417RowScan` and `MicroPDF417SymbolDecoder`, a small
/// frame, or the grid drawn as a frame, both through `MicroPDF417Engine().decode`.
package enum MicroPDF417FuzzEntry {
    package static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        MatrixFuzzInput.run(bytes, shape: shape, decodeMatrix: { _ = decodeRows($0) }) { frame in
            _ = MicroPDF417Engine().decode(frame, symbologies: [.microPDF417], options: EngineOptions())
        }
    }

    static func shape(_ value: Int) -> (width: Int, height: Int) {
        let size = MicroPDF417Size.withCCA[value % MicroPDF417Size.withCCA.count]
        return (size.modulesAcross + 2, size.rows)
    }

    /// Each grid row as one scan line's runs, a module a unit.
    static func decodeRows(_ grid: BitMatrix) -> MicroPDF417Read? {
        var reads: [MicroPDF417RowRead] = []
        var fragments = 0
        for y in 0..<grid.height {
            var widths: [Float] = [0]
            var dark = false
            for x in 0..<grid.width {
                if grid[x, y] != dark {
                    dark.toggle()
                    widths.append(0)
                }
                widths[widths.count - 1] += 1
            }
            reads += MicroPDF417RowScan.rows(ScanRuns(widths: widths), ccA: true, fragments: &fragments)
        }
        return MicroPDF417SymbolDecoder.decode(reads)
    }
}
