/// Reed–Solomon block structure of one symbol at one error-correction level: `blockCount`
/// blocks with `ecPerBlock` check codewords each; data codewords are spread so that the last
/// (data % blockCount) blocks carry one more (ISO/IEC 18004 Table 9, ISO/IEC 23941 Table 8).
struct QRBlocks: Sendable, Hashable {
    let ecPerBlock: Int
    let blockCount: Int
    /// Check codewords reserved for misdecode protection (18004 Table 9 "p"): not used to correct.
    var protection: Int = 0
}

/// Per-version facts of a QR-family symbol.
struct QRVersion: Sendable, Hashable {
    let type: QRSymbolType
    let number: Int
    let width: Int
    let height: Int
    /// Model 2: alignment pattern centre coordinates (rows and columns alike).
    /// rMQR: columns of the vertical timing patterns / alignment patterns.
    let alignmentCentres: [Int]
    private let blocks: [QRErrorCorrectionLevel: QRBlocks]

    func blocks(_ level: QRErrorCorrectionLevel?) -> QRBlocks? {
        guard let level else { return type == .microQR && number == 1 ? QRBlocks(ecPerBlock: 2, blockCount: 1, protection: 2) : nil }
        return blocks[level]
    }

    var name: String {
        switch type {
        case .qr: return "\(number)"
        case .microQR: return "M\(number)"
        case .rmqr: return "R\(height)x\(width)"
        }
    }

    // MARK: QR Code Model 2

    static func qr(_ number: Int) -> QRVersion? {
        guard (1...40).contains(number) else { return nil }
        let size = 17 + 4 * number
        let row = qrBlockTable[number - 1]
        var blocks: [QRErrorCorrectionLevel: QRBlocks] = [:]
        for (i, level) in [QRErrorCorrectionLevel.L, .M, .Q, .H].enumerated() {
            let p = qrProtection[number]?[i] ?? 0
            blocks[level] = QRBlocks(ecPerBlock: row[2 * i], blockCount: row[2 * i + 1], protection: p)
        }
        return QRVersion(type: .qr, number: number, width: size, height: size,
                         alignmentCentres: qrAlignment(number), blocks: blocks)
    }

    private static func qrAlignment(_ v: Int) -> [Int] { v >= 2 ? qrAlignmentTable[v - 2] : [] }

    /// Alignment pattern centres for versions 2–40 (18004 Annex E, Table E.1).
    private static let qrAlignmentTable: [[Int]] = [
        [6, 18], [6, 22], [6, 26], [6, 30],
        [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46],
        [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62],
        [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78],
        [6, 30, 56, 82], [6, 30, 58, 86], [6, 34, 62, 90], [6, 28, 50, 72, 94],
        [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106], [6, 32, 58, 84, 110],
        [6, 30, 58, 86, 114], [6, 34, 62, 90, 118], [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126],
        [6, 26, 52, 78, 104, 130], [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142],
        [6, 34, 62, 90, 118, 146], [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158],
        [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
    ]

    /// ecPerBlock, blocks for L, M, Q, H (18004 Table 9).
    private static let qrBlockTable: [[Int]] = [
        [7, 1, 10, 1, 13, 1, 17, 1], [10, 1, 16, 1, 22, 1, 28, 1], [15, 1, 26, 1, 18, 2, 22, 2],
        [20, 1, 18, 2, 26, 2, 16, 4], [26, 1, 24, 2, 18, 4, 22, 4], [18, 2, 16, 4, 24, 4, 28, 4],
        [20, 2, 18, 4, 18, 6, 26, 5], [24, 2, 22, 4, 22, 6, 26, 6], [30, 2, 22, 5, 20, 8, 24, 8],
        [18, 4, 26, 5, 24, 8, 28, 8], [20, 4, 30, 5, 28, 8, 24, 11], [24, 4, 22, 8, 26, 10, 28, 11],
        [26, 4, 22, 9, 24, 12, 22, 16], [30, 4, 24, 9, 20, 16, 24, 16], [22, 6, 24, 10, 30, 12, 24, 18],
        [24, 6, 28, 10, 24, 17, 30, 16], [28, 6, 28, 11, 28, 16, 28, 19], [30, 6, 26, 13, 28, 18, 28, 21],
        [28, 7, 26, 14, 26, 21, 26, 25], [28, 8, 26, 16, 30, 20, 28, 25], [28, 8, 26, 17, 28, 23, 30, 25],
        [28, 9, 28, 17, 30, 23, 24, 34], [30, 9, 28, 18, 30, 25, 30, 30], [30, 10, 28, 20, 30, 27, 30, 32],
        [26, 12, 28, 21, 30, 29, 30, 35], [28, 12, 28, 23, 28, 34, 30, 37], [30, 12, 28, 25, 30, 34, 30, 40],
        [30, 13, 28, 26, 30, 35, 30, 42], [30, 14, 28, 28, 30, 38, 30, 45], [30, 15, 28, 29, 30, 40, 30, 48],
        [30, 16, 28, 31, 30, 43, 30, 51], [30, 17, 28, 33, 30, 45, 30, 54], [30, 18, 28, 35, 30, 48, 30, 57],
        [30, 19, 28, 37, 30, 51, 30, 60], [30, 19, 28, 38, 30, 53, 30, 63], [30, 20, 28, 40, 30, 56, 30, 66],
        [30, 21, 28, 43, 30, 59, 30, 70], [30, 22, 28, 45, 30, 62, 30, 74], [30, 24, 28, 47, 30, 65, 30, 77],
        [30, 25, 28, 49, 30, 68, 30, 81],
    ]
    /// Misdecode protection codewords p for L, M, Q, H (18004 Table 9 footnotes).
    private static let qrProtection: [Int: [Int]] = [1: [3, 2, 1, 1], 2: [2, 0, 0, 0], 3: [1, 0, 0, 0]]

    // MARK: Micro QR

    static func micro(_ number: Int) -> QRVersion? {
        guard (1...4).contains(number) else { return nil }
        let size = 9 + 2 * number
        var blocks: [QRErrorCorrectionLevel: QRBlocks] = [:]
        switch number {
        case 2:
            blocks[.L] = QRBlocks(ecPerBlock: 5, blockCount: 1, protection: 3)
            blocks[.M] = QRBlocks(ecPerBlock: 6, blockCount: 1, protection: 2)
        case 3:
            blocks[.L] = QRBlocks(ecPerBlock: 6, blockCount: 1, protection: 2)
            blocks[.M] = QRBlocks(ecPerBlock: 8, blockCount: 1)
        case 4:
            blocks[.L] = QRBlocks(ecPerBlock: 8, blockCount: 1, protection: 2)
            blocks[.M] = QRBlocks(ecPerBlock: 10, blockCount: 1)
            blocks[.Q] = QRBlocks(ecPerBlock: 14, blockCount: 1)
        default: break
        }
        return QRVersion(type: .microQR, number: number, width: size, height: size,
                         alignmentCentres: [], blocks: blocks)
    }

    /// Micro QR format "symbol number" (3 bits) → version and level (18004 Table 13).
    static func microSymbol(_ symbolNumber: Int) -> (version: Int, level: QRErrorCorrectionLevel?)? {
        let table: [(Int, QRErrorCorrectionLevel?)] = [(1, nil), (2, .L), (2, .M), (3, .L), (3, .M), (4, .L), (4, .M), (4, .Q)]
        guard (0..<table.count).contains(symbolNumber) else { return nil }
        return table[symbolNumber]
    }

    // MARK: rMQR

    /// The 32 rMQR sizes in size-index order (height, width) (23941 Table 1).
    static let rmqrSizes: [(height: Int, width: Int)] = {
        var sizes: [(Int, Int)] = []
        for h in [7, 9, 11, 13, 15, 17] {
            for w in [27, 43, 59, 77, 99, 139] where w != 27 || h == 11 || h == 13 { sizes.append((h, w)) }
        }
        return sizes
    }()

    /// rMQR by size index 0..<32.
    static func rmqr(index: Int) -> QRVersion? {
        guard (0..<rmqrSizes.count).contains(index) else { return nil }
        let (h, w) = rmqrSizes[index]
        let alignment: [Int: [Int]] = [27: [], 43: [21], 59: [19, 39], 77: [25, 51], 99: [23, 49, 75], 139: [27, 55, 83, 111]]
        let ec = rmqrBlockTable[index]
        return QRVersion(type: .rmqr, number: index + 1, width: w, height: h, alignmentCentres: alignment[w] ?? [],
                         blocks: [.M: QRBlocks(ecPerBlock: ec[0], blockCount: ec[1]),
                                  .H: QRBlocks(ecPerBlock: ec[2], blockCount: ec[3])])
    }

    static func rmqr(width: Int, height: Int) -> QRVersion? {
        guard let i = rmqrSizes.firstIndex(where: { $0.width == width && $0.height == height }) else { return nil }
        return rmqr(index: i)
    }

    /// ecPerBlock, blocks for M then H, per size index (23941 Table 8).
    private static let rmqrBlockTable: [[Int]] = [
        [7, 1, 10, 1], [9, 1, 14, 1], [12, 1, 22, 1], [16, 1, 30, 1], [24, 1, 22, 2],
        [9, 1, 14, 1], [12, 1, 22, 1], [18, 1, 16, 2], [24, 1, 22, 2], [18, 2, 22, 3],
        [8, 1, 10, 1], [12, 1, 20, 1], [16, 1, 16, 2], [24, 1, 22, 2], [16, 2, 30, 2], [24, 2, 30, 3],
        [9, 1, 14, 1], [14, 1, 28, 1], [22, 1, 20, 2], [16, 2, 28, 2], [20, 2, 26, 3], [20, 3, 28, 4],
        [18, 1, 18, 2], [26, 1, 24, 2], [18, 2, 24, 3], [24, 2, 22, 4], [24, 3, 26, 5],
        [22, 1, 20, 2], [16, 2, 30, 2], [22, 2, 28, 3], [20, 3, 26, 4], [20, 4, 26, 6],
    ]
}
