/// The 34 MicroPDF417 symbol sizes (ISO/IEC 24728) and the 17 of GS1 Composite's CC-A (ISO/IEC
/// 24723), which is read as a MicroPDF417 of its own sizes: 1 to 4 data columns, a fixed number of
/// rows, and as many error-correction codewords as the standards give each size. Every codeword
/// position not used for error correction carries data, so there is no length descriptor. Where
/// each size's rows start in the Row Address Pattern cycles is `firstRows`
/// (MicroPDF417RAPTable.swift) and `ccAFirstRows` (CCARAPTable.swift), derived from zint's renders.
struct MicroPDF417Size: Sendable, Hashable {
    let columns: Int
    let rows: Int
    let ecCount: Int
    /// A CC-A: its data codewords are base-928 compacted bits (`CCACompaction`), not PDF417's modes.
    let isCCA: Bool
    /// The first row's RAP positions and cluster index.
    let first: RowAddress

    /// A row's left RAP (none in CC-A's 3 columns), centre RAP (3 and 4 columns) and right RAP
    /// positions in their cycles, and its cluster index (0, 1, 2 for clusters 0, 3, 6).
    struct RowAddress: Sendable, Hashable {
        var left: Int?
        var centre: Int?
        var right: Int
        var cluster: Int
    }

    var codewordCount: Int { columns * rows }
    var dataCount: Int { codewordCount - ecCount }

    var modulesAcross: Int { Self.modulesAcross(columns: columns, leftRAP: first.left != nil) }

    /// Modules across a row: left RAP (10, but for CC-A's 3 columns), the codewords (17 each), a
    /// centre RAP (10) in 3 and 4 columns, right RAP (10) and the stop bar (1).
    static func modulesAcross(columns: Int, leftRAP: Bool) -> Int { 11 + (leftRAP ? 10 : 0) + 17 * columns + (columns >= 3 ? 10 : 0) }

    /// How many codewords come before the centre RAP: nil without one.
    static func beforeCentre(columns: Int) -> Int? { columns >= 3 ? columns - 2 : nil }

    /// Row `row`'s RAPs and cluster index.
    func rowAddress(_ row: Int) -> RowAddress {
        RowAddress(left: first.left.map { ($0 + row) % 52 }, centre: first.centre.map { ($0 + row) % 52 },
                   right: (first.right + row) % 52, cluster: (first.cluster + row) % 3)
    }

    /// The row of this size whose RAPs and cluster these are, nil when none.
    func row(_ address: RowAddress) -> Int? {
        let row = (address.right - first.right + 52) % 52
        guard row < rows, rowAddress(row) == address else { return nil }
        return row
    }

    /// MicroPDF417's (columns, rows, error-correction codewords) as the standard's table gives them.
    private static let table: [(Int, Int, Int)] = [
        (1, 11, 7), (1, 14, 7), (1, 17, 7), (1, 20, 8), (1, 24, 8), (1, 28, 8),
        (2, 8, 8), (2, 11, 9), (2, 14, 9), (2, 17, 10), (2, 20, 11), (2, 23, 13), (2, 26, 15),
        (3, 6, 12), (3, 8, 14), (3, 10, 16), (3, 12, 18), (3, 15, 21), (3, 20, 26), (3, 26, 32), (3, 32, 38), (3, 38, 44),
        (3, 44, 50),
        (4, 4, 8), (4, 6, 12), (4, 8, 14), (4, 10, 16), (4, 12, 18), (4, 15, 21), (4, 20, 26), (4, 26, 32), (4, 32, 38),
        (4, 38, 44), (4, 44, 50),
    ]

    /// CC-A's (columns, rows, error-correction codewords) as ISO/IEC 24723's table gives them.
    static let ccATable: [(Int, Int, Int)] = [
        (2, 5, 4), (2, 6, 4), (2, 7, 5), (2, 8, 5), (2, 9, 6), (2, 10, 6), (2, 12, 7),
        (3, 4, 4), (3, 5, 5), (3, 6, 6), (3, 7, 7), (3, 8, 7),
        (4, 3, 4), (4, 4, 5), (4, 5, 6), (4, 6, 7), (4, 7, 8),
    ]

    static let all: [MicroPDF417Size] = zip(table, firstRows).map { entry, first in
        MicroPDF417Size(columns: entry.0, rows: entry.1, ecCount: entry.2, isCCA: false,
                        first: RowAddress(left: first.left, centre: first.centre < 0 ? nil : first.centre, right: first.right, cluster: first.cluster))
    }

    static let ccA: [MicroPDF417Size] = zip(ccATable, ccAFirstRows).map { entry, first in
        MicroPDF417Size(columns: entry.0, rows: entry.1, ecCount: entry.2, isCCA: true,
                        first: RowAddress(left: first.left < 0 ? nil : first.left, centre: first.centre < 0 ? nil : first.centre,
                                          right: first.right, cluster: first.cluster))
    }

    /// Every size a row may belong to: a MicroPDF417's or a CC-A's.
    static let withCCA = all + ccA
}
