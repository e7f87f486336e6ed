import Foundation
import Testing
@testable import Scanner

/// CC-A's sizes: the standard's table against zint's renders (scripts/derive-cca-raps, whose
/// output MicroPDF417TableTests checks against the committed table), rows
/// placed by their RAPs among every MicroPDF417 and CC-A size, and its base-928 compaction.
@Suite struct CCATableTests {
    /// The standard's check codeword counts are what zint's renders carry.
    @Test func checkCodewordsAreWhatZintDraws() {
        #expect(MicroPDF417Size.ccA.count == 17)
        for (size, derived) in zip(MicroPDF417Size.ccA, MicroPDF417Size.ccAFirstRows) {
            #expect(size.ecCount == derived.ecInRenders, "\(size.columns)x\(size.rows)")
            #expect((size.first.left == nil) == (size.columns == 3), "\(size.columns)x\(size.rows)")
        }
    }

    /// Every row of every CC-A size is that size's row, and no row of one kind, MicroPDF417 or
    /// CC-A, is a row of the other kind's sizes of its column count: a row tells which it belongs to.
    @Test func rowAddressesPlaceEveryRow() {
        for size in MicroPDF417Size.withCCA {
            for row in 0..<size.rows {
                let a = size.rowAddress(row)
                #expect(size.row(a) == row)
                let others = MicroPDF417Size.withCCA.filter { $0.isCCA != size.isCCA && $0.columns == size.columns && $0.row(a) != nil }
                #expect(others.isEmpty, "\(size.columns)x\(size.rows) row \(row): \(others.map { "\($0.columns)x\($0.rows)" })")
            }
        }
        #expect(MicroPDF417Size.modulesAcross(columns: 2, leftRAP: true) == 55)
        #expect(MicroPDF417Size.modulesAcross(columns: 3, leftRAP: false) == 72)
        #expect(MicroPDF417Size.modulesAcross(columns: 4, leftRAP: true) == 99)
    }

    /// k codewords of base 928 hold floor(k log2 928) bits, 69 a group of 7, group by group.
    @Test func compactionBitCounts() {
        for k in 0...7 { #expect(CCACompaction.bitCount(codewords: k) == Int((Double(k) * log2(928.0)).rounded(.down)), "\(k)") }
        #expect(CCACompaction.bitCount(codewords: 17) == 2 * 69 + 29)
        // The largest 6-codeword value, 928^6 - 1, needs 60 bits: more than its 59.
        #expect(CCACompaction.bits([927, 927, 927, 927, 927, 927]) == nil)
        #expect(CCACompaction.bits([0, 0, 0, 0, 0, 1])?.count == 59)
        #expect(CCACompaction.bits([928]) == nil)
    }
}
