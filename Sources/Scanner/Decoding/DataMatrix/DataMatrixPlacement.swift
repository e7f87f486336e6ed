/// ECC 200 module placement (ISO/IEC 16022 Annex F): where each bit of each codeword sits in the
/// mapping matrix (the data regions joined, region borders removed). The standard's algorithm
/// walks diagonals placing the 8-module "utah" shape, with four special corner shapes; the map
/// depends only on the mapping size, so it is computed once per size and cached by the caller.
struct DataMatrixPlacement: Sendable {
    let rows: Int
    let columns: Int
    /// For each mapping-matrix module: codeword index * 8 + bit (bit 0 = most significant), or -1
    /// for modules outside every codeword (the fixed 2x2 corner of some sizes).
    let map: [Int32]
    let codewordCount: Int

    init(rows nrow: Int, columns ncol: Int) {
        rows = nrow
        columns = ncol
        var map = [Int32](repeating: -1, count: nrow * ncol)
        // Places bit `bit` (0 = MSB) of codeword `cw` at (row, col), wrapping negative positions
        // around the matrix as the standard prescribes.
        func module(_ row: Int, _ col: Int, _ cw: Int, _ bit: Int) {
            var r = row, c = col
            if r < 0 { r += nrow; c += 4 - ((nrow + 4) % 8) }
            if c < 0 { c += ncol; r += 4 - ((ncol + 4) % 8) }
            // ISO/IEC 21471 E.1: the column wrap can push the row past the end (26x40, 26x48).
            if r >= nrow { r -= nrow }
            guard r >= 0, r < nrow, c >= 0, c < ncol else { return }
            map[r * ncol + c] = Int32(cw * 8 + bit)
        }
        func utah(_ r: Int, _ c: Int, _ cw: Int) {
            module(r - 2, c - 2, cw, 0); module(r - 2, c - 1, cw, 1)
            module(r - 1, c - 2, cw, 2); module(r - 1, c - 1, cw, 3); module(r - 1, c, cw, 4)
            module(r, c - 2, cw, 5); module(r, c - 1, cw, 6); module(r, c, cw, 7)
        }
        // The corner shapes, as (row, col) per bit from MSB; negative-free forms relative to the ends.
        func shape(_ cells: [(Int, Int)], _ cw: Int) {
            for (bit, (r, c)) in cells.enumerated() { module(r, c, cw, bit) }
        }
        let n = nrow, m = ncol
        let corner1 = [(n - 1, 0), (n - 1, 1), (n - 1, 2), (0, m - 2), (0, m - 1), (1, m - 1), (2, m - 1), (3, m - 1)]
        let corner2 = [(n - 3, 0), (n - 2, 0), (n - 1, 0), (0, m - 4), (0, m - 3), (0, m - 2), (0, m - 1), (1, m - 1)]
        let corner3 = [(n - 3, 0), (n - 2, 0), (n - 1, 0), (0, m - 2), (0, m - 1), (1, m - 1), (2, m - 1), (3, m - 1)]
        let corner4 = [(n - 1, 0), (n - 1, m - 1), (0, m - 3), (0, m - 2), (0, m - 1), (1, m - 3), (1, m - 2), (1, m - 1)]

        var cw = 0
        var row = 4, col = 0
        repeat {
            if row == n && col == 0 { shape(corner1, cw); cw += 1 }
            if row == n - 2 && col == 0 && m % 4 != 0 { shape(corner2, cw); cw += 1 }
            if row == n - 2 && col == 0 && m % 8 == 4 { shape(corner3, cw); cw += 1 }
            if row == n + 4 && col == 2 && m % 8 == 0 { shape(corner4, cw); cw += 1 }
            // Up and to the right.
            repeat {
                if row < n && col >= 0 && row >= 0 && col < m && map[row * m + col] < 0 { utah(row, col, cw); cw += 1 }
                row -= 2; col += 2
            } while row >= 0 && col < m
            row += 1; col += 3
            // Down and to the left.
            repeat {
                if row >= 0 && col < m && row < n && col >= 0 && map[row * m + col] < 0 { utah(row, col, cw); cw += 1 }
                row += 2; col -= 2
            } while row < n && col >= 0
            row += 3; col += 1
        } while row < n || col < m
        self.map = map
        codewordCount = cw
    }

    /// The mapping matrix of `matrix` (a whole symbol of `size`, finder and region borders dropped).
    static func mappingMatrix(of matrix: BitMatrix, size: DataMatrixSymbolSize) -> [Bool] {
        let rr = size.regionRows, rc = size.regionColumns
        var out = [Bool](repeating: false, count: size.mappingRows * size.mappingColumns)
        for r in 0..<size.mappingRows {
            let y = (r / rr) * (rr + 2) + 1 + r % rr
            for c in 0..<size.mappingColumns {
                let x = (c / rc) * (rc + 2) + 1 + c % rc
                out[r * size.mappingColumns + c] = matrix[x, y]
            }
        }
        return out
    }

    /// The codewords read from a mapping matrix of this placement's size.
    func codewords(_ mapping: [Bool]) -> [UInt8] {
        var cws = [UInt8](repeating: 0, count: codewordCount)
        for (i, target) in map.enumerated() where target >= 0 && i < mapping.count && mapping[i] {
            let t = Int(target)
            cws[t >> 3] |= 0x80 >> UInt8(t & 7)
        }
        return cws
    }
}
