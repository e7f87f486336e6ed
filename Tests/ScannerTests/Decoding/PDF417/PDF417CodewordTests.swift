import Foundation
import Testing
import ScannerTestSupport
@testable import Scanner

/// The codeword table: derived from zint by scripts/derive-pdf417-codewords, checked here against
/// the standard's cluster rule and against fresh renders.
@Suite struct PDF417CodewordTests {
    /// ISO/IEC 15438: a pattern's cluster is (b1 − b2 + b3 − b4 + 9) mod 9 over its bar widths.
    @Test func everyPatternIsInItsClusterAndReadsBack() {
        var seen = Set<UInt32>()
        for cluster in [0, 3, 6] {
            for value in 0..<PDF417Codewords.valueCount {
                guard let pattern = PDF417Codewords.pattern(value: value, cluster: cluster) else {
                    Issue.record("no pattern for \(value) in cluster \(cluster)")
                    continue
                }
                #expect(seen.insert(pattern).inserted)
                let w = PDF417Codewords.widths(pattern: pattern)
                #expect(w.count == 8 && w.reduce(0, +) == 17 && w.allSatisfy { (1...6).contains($0) })
                #expect((w[0] - w[2] + w[4] - w[6] + 9) % 9 == cluster)
                #expect(PDF417Codewords.lookup(w) == PDF417Codewords.Codeword(value: value, cluster: cluster))
            }
        }
        #expect(PDF417Codewords.lookup([8, 1, 1, 1, 1, 1, 1, 3]) == nil)
        #expect(PDF417Codewords.lookup([1, 1, 1, 1, 1, 1, 1]) == nil)
    }

    /// The committed table is what the script derives from this zint now.
    @Test func tableIsWhatZintDerives() throws {
        let table = try DerivedTable.derive(script: "scripts/derive-pdf417-codewords", committed: "Sources/Scanner/Decoding/PDF417/PDF417CodewordTable.swift")
        #expect(table.status == 0)
        #expect(table.derived == table.committed)
    }

    /// Every row of renders in every column count reads as codewords of the row's cluster, with
    /// the row indicators the standard gives.
    @Test(arguments: [1, 2, 7, 16, 30])
    func rendersReadRowByRow(_ columns: Int) throws {
        // Levels whose check codewords fit the rows a column count allows (90 at most).
        for level in [0, 3, 8] where (2 << level) + 40 <= 90 * columns {
            let c = PDF417TestSymbol.Case(payload: .text("PDF417 rows of \(columns) columns at level \(level)"), columns: columns, level: level, expected: "")
            let r = try PDF417TestSymbol.render(c)
            let rows = PDF417TestSymbol.codewordRows(r, compact: false)
            for (i, row) in rows.enumerated() {
                #expect(row.count == columns + 2)
                #expect(row.allSatisfy { $0?.clusterIndex == i % 3 })
                #expect(row.first??.value == PDF417RowIndicator.value(row: i, rows: rows.count, columns: columns, level: level, left: true))
                #expect(row.last??.value == PDF417RowIndicator.value(row: i, rows: rows.count, columns: columns, level: level, left: false))
            }
        }
    }
}
