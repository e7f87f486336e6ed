import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// The RAP tables: derived from zint by scripts/derive-micropdf417-raps (and CC-A's rows by
/// scripts/derive-cca-raps), checked here against a fresh derivation and for what the reader relies on.
@Suite struct MicroPDF417TableTests {
    /// The committed tables are what the scripts derive from this zint now.
    @Test(arguments: [("scripts/derive-micropdf417-raps", "Sources/Scanner/Decoding/MicroPDF417/MicroPDF417RAPTable.swift"),
                      ("scripts/derive-cca-raps", "Sources/Scanner/Decoding/Composite/CCARAPTable.swift")])
    func tableIsWhatZintDerives(_ script: String, _ committed: String) throws {
        let table = try DerivedTable.derive(script: script, committed: committed)
        #expect(table.status == 0)
        #expect(table.derived == table.committed)
    }

    /// 3 bars and 3 spaces over 10 modules, 104 distinct patterns, and sums of neighbouring widths
    /// that tell every codeword and RAP apart.
    @Test func patternsAreDistinctRAPs() {
        let all = MicroPDF417RAP.sideCycle + MicroPDF417RAP.centreCycle
        #expect(Set(all).count == 104)
        for pattern in all {
            let w = MicroPDF417RAP.widths(pattern: pattern)
            #expect(w.count == 6 && w.reduce(0, +) == 10 && w.allSatisfy { $0 >= 1 }, "\(pattern)")
            #expect(MicroPDF417EdgeDistances.rap(w.map(Float.init), at: 0) != nil)
        }
        #expect(MicroPDF417EdgeDistances.isUnambiguous)
    }

    /// Every row of every size is that size's row and no other size's of its column count: the
    /// RAPs and cluster place a row without knowing the size.
    @Test func rowAddressesPlaceEveryRow() {
        for size in MicroPDF417Size.all {
            #expect(size.dataCount >= 1 && size.ecCount >= 7)
            for row in 0..<size.rows {
                let a = size.rowAddress(row)
                #expect(size.row(a) == row)
                #expect((a.centre != nil) == (size.columns >= 3))
            }
        }
    }

    /// A row's cluster is its left RAP's position mod 3 in every size with one (CC-A's too), which lets a probe line
    /// reject a RAP followed by another row's codeword (`MicroPDF417RowScan.fragment`).
    @Test func clusterFollowsTheLeftRAP() {
        for size in MicroPDF417Size.withCCA where size.first.left != nil {
            for row in 0..<size.rows {
                let a = size.rowAddress(row)
                #expect(a.cluster == a.left.map { $0 % 3 }, "\(size.columns)x\(size.rows) row \(row)")
            }
        }
    }
}
