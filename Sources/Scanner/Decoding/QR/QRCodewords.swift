/// From a bit matrix to corrected data codewords: zig-zag placement order, unmasking, block
/// de-interleaving and Reed–Solomon correction of each block.
enum QRCodewords {
    struct Corrected: Sendable {
        /// Data codewords in message order. For Micro QR M1/M3 the last one holds 4 bits in
        /// its high nibble.
        var data: [UInt8]
        /// Number of meaningful bits in `data`.
        var bitCount: Int
        var corrected: Int
    }

    /// Data-mask pattern number (18004 Table 10) a symbol's mask field selects: Micro QR's four
    /// masks are patterns 1, 4, 6, 7 (Table 11); rMQR always uses pattern 4.
    static func maskPattern(_ type: QRSymbolType, mask: Int) -> Int {
        switch type {
        case .qr: return mask & 7
        case .microQR: return mask & 3 == 0 ? 1 : mask & 3 == 1 ? 4 : mask & 3 == 2 ? 6 : 7
        case .rmqr: return 4
        }
    }

    /// Data-mask condition of a pattern; i is the row, j the column.
    @inline(__always) static func isMasked(pattern: Int, row i: Int, column j: Int) -> Bool {
        switch pattern {
        case 0: return (i + j) % 2 == 0
        case 1: return i % 2 == 0
        case 2: return j % 3 == 0
        case 3: return (i + j) % 3 == 0
        case 4: return (i / 2 + j / 3) % 2 == 0
        case 5: return (i * j) % 2 + (i * j) % 3 == 0
        case 6: return ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: return ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }

    /// Row-major indices of the data modules in placement order: two-module columns from the
    /// right, upwards then downwards, right module first. QR skips its vertical timing
    /// column; rMQR starts left of its right-edge timing column.
    static func placementOrder(_ version: QRVersion) -> [Int] {
        let w = version.width, h = version.height
        let function = QRFunctionPatterns.map(for: version)
        var order: [Int] = []
        order.reserveCapacity(w * h)
        let skipsTimingColumn = version.type == .qr
        var x = version.type == .rmqr ? w - 2 : w - 1
        var upwards = true
        while x > 0 {
            if skipsTimingColumn && x == 6 { x = 5 }
            for k in 0..<h {
                let y = upwards ? h - 1 - k : k
                for dx in 0..<2 where x - dx >= 0 && !function[y * w + x - dx] { order.append(y * w + x - dx) }
            }
            upwards.toggle()
            x -= 2
        }
        return order
    }

    /// The unmasked data-region bits in placement order.
    static func readBits(_ matrix: BitMatrix, version: QRVersion, mask: Int) -> [Bool] {
        let w = version.width, h = version.height
        guard matrix.width == w, matrix.height == h else { return [] }
        let pattern = maskPattern(version.type, mask: mask)
        var unmasked = matrix.bits
        for y in 0..<h {
            for x in 0..<w where isMasked(pattern: pattern, row: y, column: x) { unmasked[y * w + x].toggle() }
        }
        return placementOrder(version).map { unmasked[$0] }
    }

    /// Codewords in transmission order and RS-corrected data, or nil when any block fails.
    static func correct(_ matrix: BitMatrix, version: QRVersion, level: QRErrorCorrectionLevel?,
                        mask: Int) -> Corrected? {
        guard let blocks = version.blocks(level) else { return nil }
        let bits = readBits(matrix, version: version, mask: mask)
        // Micro QR M1 and M3 end their data with a 4-bit codeword.
        let halfCodeword = version.type == .microQR && (version.number == 1 || version.number == 3)
        let total = halfCodeword ? (bits.count + 4) / 8 : bits.count / 8
        let ecTotal = blocks.ecPerBlock * blocks.blockCount
        let dataTotal = total - ecTotal
        guard blocks.blockCount >= 1, dataTotal >= blocks.blockCount else { return nil }

        var codewords = [Int](repeating: 0, count: total)
        var pos = 0
        for i in 0..<total {
            let width = halfCodeword && i == dataTotal - 1 ? 4 : 8
            var v = 0
            for _ in 0..<width {
                v = v << 1 | (pos < bits.count && bits[pos] ? 1 : 0)
                pos += 1
            }
            codewords[i] = width == 4 ? v << 4 : v
        }

        // Interleaving: data codewords column by column over the blocks (the longer blocks
        // last), then the check codewords likewise.
        let shortLength = dataTotal / blocks.blockCount
        let longCount = dataTotal % blocks.blockCount
        var blockData: [[Int]] = (0..<blocks.blockCount).map { b in
            [Int](repeating: 0, count: shortLength + (b >= blocks.blockCount - longCount ? 1 : 0) + blocks.ecPerBlock)
        }
        var k = 0
        for i in 0...shortLength {
            for b in 0..<blocks.blockCount where i < blockData[b].count - blocks.ecPerBlock {
                blockData[b][i] = codewords[k]; k += 1
            }
        }
        for i in 0..<blocks.ecPerBlock {
            for b in 0..<blocks.blockCount {
                blockData[b][blockData[b].count - blocks.ecPerBlock + i] = codewords[k]; k += 1
            }
        }

        var data: [UInt8] = []
        data.reserveCapacity(dataTotal)
        var corrected = 0
        for block in blockData {
            guard let fix = ReedSolomon.decode(block, ecCount: blocks.ecPerBlock, field: .qr),
                  2 * fix.corrected <= blocks.ecPerBlock - blocks.protection else { return nil }
            corrected += fix.corrected
            for v in fix.codewords.prefix(block.count - blocks.ecPerBlock) { data.append(UInt8(v)) }
        }
        if halfCodeword, let last = data.last, last & 0x0F != 0 { return nil }
        return Corrected(data: data, bitCount: dataTotal * 8 - (halfCodeword ? 4 : 0), corrected: corrected)
    }
}
