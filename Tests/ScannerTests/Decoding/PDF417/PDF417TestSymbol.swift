import ScannerTestSupport
@testable import Scanner

/// PDF417 symbols as zint draws them, and the modules of a clean render read back row by row
/// (2 pixels a module), for the tests of the pieces below detection.
enum PDF417TestSymbol {
    struct Case: Sendable, CustomStringConvertible {
        var payload: ZintPayload
        var columns = 0
        var level = -1
        var compact = false
        var eci = 0
        var structuredAppend: (index: Int, count: Int, id: String)?
        /// What zxing-cpp reports.
        var expected: String
        var description: String { "\(compact ? "compact " : "")\(columns) columns, level \(level), \(expected.prefix(24).debugDescription)" }
    }

    static func render(_ c: Case, moduleSize: Int = 2, margin: Int = 20) throws -> RenderedSymbol {
        try ZintRenderer.render(.pdf417, c.payload, moduleSize: moduleSize, margin: margin, eci: c.eci,
                                form: .pdf417(columns: c.columns, level: c.level, compact: c.compact),
                                structuredAppend: c.structuredAppend)
    }

    /// Each symbol row's modules (true = bar) of a render at 2 pixels a module.
    static func moduleRows(_ r: RenderedSymbol) -> [[Bool]] {
        let p = r.frame.packedPixels, w = r.frame.width, box = r.symbolBox
        var rows: [[Bool]] = []
        for y in box.y..<(box.y + box.height) {
            let row = (0..<(box.width / 2)).map { m in p[y * w + box.x + 2 * m] < 128 }
            if rows.last != row { rows.append(row) }
        }
        return rows
    }

    /// The codewords of each row, row indicators included, start and stop left out.
    static func codewordRows(_ r: RenderedSymbol, compact: Bool) -> [[PDF417Codewords.Codeword?]] {
        moduleRows(r).map { row in
            let count = (row.count - (compact ? 18 : 35)) / 17
            return (0..<count).map { k in
                var bits: UInt32 = 0
                for m in row[(17 + 17 * k)..<(34 + 17 * k)] { bits = bits << 1 | (m ? 1 : 0) }
                return PDF417Codewords.lookup(pattern: bits)
            }
        }
    }
}
