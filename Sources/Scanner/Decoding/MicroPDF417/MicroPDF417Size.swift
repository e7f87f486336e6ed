/// The 34 MicroPDF417 symbol sizes (ISO/IEC 24728): 1 to 4 data columns, a fixed number of rows,
/// and as many error-correction codewords as the standard gives each size. Every codeword position
/// not used for error correction carries data (padded with 900), so there is no length descriptor.
/// Where each size's rows start in the Row Address Pattern cycles is `firstRows`
/// (MicroPDF417RAPTable.swift, derived from zint's renders).
struct MicroPDF417Size: Sendable, Hashable {
    let columns: Int
    let rows: Int
    let ecCount: Int
    /// Position in `all`, which indexes `firstRows`.
    let index: Int

    var codewordCount: Int { columns * rows }
    var dataCount: Int { codewordCount - ecCount }

    /// Modules across a row: left RAP (10), the codewords (17 each), a centre RAP (10) in 3 and 4
    /// columns, right RAP (10) and the stop bar (1).
    var modulesAcross: Int { Self.modulesAcross(columns: columns) }

    static func modulesAcross(columns: Int) -> Int { 21 + 17 * columns + (columns >= 3 ? 10 : 0) }

    /// How many codewords come before the centre RAP: nil without one.
    static func beforeCentre(columns: Int) -> Int? { columns >= 3 ? columns - 2 : nil }

    /// The left, centre (nil without one) and right RAP positions of row `row` and its cluster index.
    func rowAddress(_ row: Int) -> (left: Int, centre: Int?, right: Int, cluster: Int) {
        let first = Self.firstRows[index]
        return ((first.left + row) % 52, first.centre < 0 ? nil : (first.centre + row) % 52,
                (first.right + row) % 52, (first.cluster + row) % 3)
    }

    /// The row of this size whose RAPs and cluster these are, nil when none.
    func row(left: Int, centre: Int?, right: Int, cluster: Int) -> Int? {
        let first = Self.firstRows[index]
        let row = (left - first.left + 52) % 52
        guard row < rows else { return nil }
        let address = rowAddress(row)
        guard address.right == right, address.centre == centre, address.cluster == cluster else { return nil }
        return row
    }

    /// (columns, rows, error-correction codewords) as the standard's table gives them.
    private static let table: [(Int, Int, Int)] = [
        (1, 11, 7), (1, 14, 7), (1, 17, 7), (1, 20, 8), (1, 24, 8), (1, 28, 8),
        (2, 8, 8), (2, 11, 9), (2, 14, 9), (2, 17, 10), (2, 20, 11), (2, 23, 13), (2, 26, 15),
        (3, 6, 12), (3, 8, 14), (3, 10, 16), (3, 12, 18), (3, 15, 21), (3, 20, 26), (3, 26, 32), (3, 32, 38), (3, 38, 44),
        (3, 44, 50),
        (4, 4, 8), (4, 6, 12), (4, 8, 14), (4, 10, 16), (4, 12, 18), (4, 15, 21), (4, 20, 26), (4, 26, 32), (4, 32, 38),
        (4, 38, 44), (4, 44, 50),
    ]

    static let all: [MicroPDF417Size] = table.enumerated().map { i, entry in
        MicroPDF417Size(columns: entry.0, rows: entry.1, ecCount: entry.2, index: i)
    }
}
