import Testing
@testable import Scanner

/// Reed–Solomon as the symbol decoder applies it: rows read with wrong codewords or none, up to
/// each size's capacity and past it.
@Suite struct MicroPDF417CorrectionTests {
    /// The rows of `size` carrying "MICROPDF" in text compaction, padded, with check codewords.
    static func rows(_ size: MicroPDF417Size) -> [MicroPDF417RowRead] {
        // Pairs of capitals, 30·first + second: "MI", "CR", "OP", "DF".
        var data = [12 * 30 + 8, 2 * 30 + 17, 14 * 30 + 15, 3 * 30 + 5]
        data += [Int](repeating: 900, count: size.dataCount - data.count)
        let all = data + PDF417ErrorCorrection.checkCodewords(data, ecCount: size.ecCount)
        return (0..<size.rows).map { row in
            let a = size.rowAddress(row)
            return MicroPDF417RowRead(
                columns: size.columns, left: a.left, centre: a.centre, right: a.right, cluster: a.cluster,
                codewords: Array(all[(row * size.columns)..<((row + 1) * size.columns)]), start: 0, end: 0)
        }
    }

    /// Changes `count` distinct codewords, spread evenly over the rows.
    static func damaged(_ rows: [MicroPDF417RowRead], count: Int) -> [MicroPDF417RowRead] {
        var rows = rows
        let columns = rows[0].columns
        for k in 0..<count {
            let i = k * rows.count * columns / count
            rows[i / columns].codewords[i % columns] = (rows[i / columns].codewords[i % columns] + 1 + k) % 929
        }
        return rows
    }

    @Test func errorsUpToCapacityAreCorrected() {
        for size in MicroPDF417Size.all {
            let errors = (size.ecCount - 2) / 2
            let read = MicroPDF417SymbolDecoder.decode(Self.damaged(Self.rows(size), count: errors))
            #expect(read?.text == "MICROPDF", "\(size)")
            #expect(read?.correctedCodewords == errors, "\(size)")
            #expect(read?.size == size)
        }
    }

    @Test func tooManyErrorsReadNothing() {
        for size in MicroPDF417Size.all {
            let read = MicroPDF417SymbolDecoder.decode(Self.damaged(Self.rows(size), count: size.ecCount / 2 + 2))
            #expect(read == nil || read?.text != "MICROPDF", "\(size)")
        }
    }

    /// Rows no line read are erasures: filled in while two check codewords stay to verify them.
    @Test func missingRowsAreErasures() {
        for size in MicroPDF417Size.all {
            let missing = (size.ecCount - 2) / size.columns
            guard missing >= 1 else { continue }
            var rows = Self.rows(size)
            rows.removeSubrange(1...missing)
            #expect(MicroPDF417SymbolDecoder.decode(rows)?.text == "MICROPDF", "\(size)")
        }
    }
}
