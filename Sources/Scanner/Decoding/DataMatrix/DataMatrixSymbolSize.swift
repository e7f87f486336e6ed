/// One ECC 200 symbol size (ISO/IEC 16022 Table 7, DMRE sizes from ISO/IEC 21471): the symbol's
/// module dimensions, the size of each data region (its finder/timing border excluded), and the
/// Reed–Solomon block structure.
struct DataMatrixSymbolSize: Sendable, Hashable {
    let rows: Int
    let columns: Int
    let regionRows: Int
    let regionColumns: Int
    let dataCodewords: Int
    /// Check codewords per block.
    let blockECCodewords: Int
    let blockCount: Int
    let isDMRE: Bool

    var regionsVertical: Int { rows / (regionRows + 2) }
    var regionsHorizontal: Int { columns / (regionColumns + 2) }
    /// The mapping matrix: all data regions joined, borders removed.
    var mappingRows: Int { regionsVertical * regionRows }
    var mappingColumns: Int { regionsHorizontal * regionColumns }
    var totalCodewords: Int { dataCodewords + blockECCodewords * blockCount }

    /// Data codewords of block `b`: codewords are dealt round-robin, so the first
    /// `dataCodewords % blockCount` blocks hold one more (only 144x144 is uneven).
    func dataCodewords(inBlock b: Int) -> Int {
        dataCodewords / blockCount + (b < dataCodewords % blockCount ? 1 : 0)
    }

    private init(_ rows: Int, _ columns: Int, _ regionRows: Int, _ regionColumns: Int,
                 _ data: Int, _ ec: Int, _ blocks: Int, dmre: Bool = false) {
        self.rows = rows
        self.columns = columns
        self.regionRows = regionRows
        self.regionColumns = regionColumns
        dataCodewords = data
        blockECCodewords = ec
        blockCount = blocks
        isDMRE = dmre
    }

    /// rows, columns, region rows, region columns, data codewords, EC per block, blocks.
    static let all: [DataMatrixSymbolSize] = [
        // Square.
        .init(10, 10, 8, 8, 3, 5, 1),
        .init(12, 12, 10, 10, 5, 7, 1),
        .init(14, 14, 12, 12, 8, 10, 1),
        .init(16, 16, 14, 14, 12, 12, 1),
        .init(18, 18, 16, 16, 18, 14, 1),
        .init(20, 20, 18, 18, 22, 18, 1),
        .init(22, 22, 20, 20, 30, 20, 1),
        .init(24, 24, 22, 22, 36, 24, 1),
        .init(26, 26, 24, 24, 44, 28, 1),
        .init(32, 32, 14, 14, 62, 36, 1),
        .init(36, 36, 16, 16, 86, 42, 1),
        .init(40, 40, 18, 18, 114, 48, 1),
        .init(44, 44, 20, 20, 144, 56, 1),
        .init(48, 48, 22, 22, 174, 68, 1),
        .init(52, 52, 24, 24, 204, 42, 2),
        .init(64, 64, 14, 14, 280, 56, 2),
        .init(72, 72, 16, 16, 368, 36, 4),
        .init(80, 80, 18, 18, 456, 48, 4),
        .init(88, 88, 20, 20, 576, 56, 4),
        .init(96, 96, 22, 22, 696, 68, 4),
        .init(104, 104, 24, 24, 816, 56, 6),
        .init(120, 120, 18, 18, 1050, 68, 6),
        .init(132, 132, 20, 20, 1304, 62, 8),
        .init(144, 144, 22, 22, 1558, 62, 10),
        // Rectangular.
        .init(8, 18, 6, 16, 5, 7, 1),
        .init(8, 32, 6, 14, 10, 11, 1),
        .init(12, 26, 10, 24, 16, 14, 1),
        .init(12, 36, 10, 16, 22, 18, 1),
        .init(16, 36, 14, 16, 32, 24, 1),
        .init(16, 48, 14, 22, 49, 28, 1),
        // DMRE (ISO/IEC 21471).
        .init(8, 48, 6, 22, 18, 15, 1, dmre: true),
        .init(8, 64, 6, 14, 24, 18, 1, dmre: true),
        .init(8, 80, 6, 18, 32, 22, 1, dmre: true),
        .init(8, 96, 6, 22, 38, 28, 1, dmre: true),
        .init(8, 120, 6, 18, 49, 32, 1, dmre: true),
        .init(8, 144, 6, 22, 63, 36, 1, dmre: true),
        .init(12, 64, 10, 14, 43, 27, 1, dmre: true),
        .init(12, 88, 10, 20, 64, 36, 1, dmre: true),
        .init(16, 64, 14, 14, 62, 36, 1, dmre: true),
        .init(20, 36, 18, 16, 44, 28, 1, dmre: true),
        .init(20, 44, 18, 20, 56, 34, 1, dmre: true),
        .init(20, 64, 18, 14, 84, 42, 1, dmre: true),
        .init(22, 48, 20, 22, 72, 38, 1, dmre: true),
        .init(24, 48, 22, 22, 80, 41, 1, dmre: true),
        .init(24, 64, 22, 14, 108, 46, 1, dmre: true),
        .init(26, 40, 24, 18, 70, 38, 1, dmre: true),
        .init(26, 48, 24, 22, 90, 42, 1, dmre: true),
        .init(26, 64, 24, 14, 118, 50, 1, dmre: true),
    ]

    static func forDimensions(rows: Int, columns: Int) -> DataMatrixSymbolSize? {
        all.first { $0.rows == rows && $0.columns == columns }
    }
}
