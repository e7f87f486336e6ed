/// The rows one symbol's scan lines read, to its message: the size that most reads' RAPs and
/// clusters fit, each codeword voted across the lines that read its row (a clear winner, else an
/// erasure), Reed–Solomon over GF(929) with the size's check codewords, then PDF417's data
/// decoding of every codeword before them, or for a CC-A their bits (`CCACompaction`).
enum MicroPDF417SymbolDecoder {
    /// A vote's winner needs more than twice the runner-up's lines.
    static let winningMargin = 2

    static func decode(_ reads: [MicroPDF417RowRead]) -> MicroPDF417Read? {
        guard let columns = reads.first?.columns, reads.allSatisfy({ $0.columns == columns }) else { return nil }
        var fits: [(size: MicroPDF417Size, rows: [Int?])] = []
        for size in MicroPDF417Size.withCCA where size.columns == columns {
            let rows = reads.map { size.row($0.address) }
            let fitting = rows.count { $0 != nil }
            if fitting > 0 { fits.append((size, rows)) }
        }
        // Most fitting reads first: a size's first rows can also be another size's middle rows.
        fits.sort { a, b in a.rows.count { $0 != nil } > b.rows.count { $0 != nil } }
        for (size, rows) in fits {
            if let read = decode(reads, rows: rows, size: size) { return read }
        }
        return nil
    }

    private static func decode(_ reads: [MicroPDF417RowRead], rows: [Int?], size: MicroPDF417Size) -> MicroPDF417Read? {
        var votes = [[Int: Int]](repeating: [:], count: size.codewordCount)
        for (read, row) in zip(reads, rows) {
            guard let row else { continue }
            for (column, value) in read.codewords.enumerated() { votes[row * size.columns + column][value, default: 0] += 1 }
        }
        var received = [Int](repeating: 0, count: size.codewordCount), erasures: [Int] = []
        for (i, tally) in votes.enumerated() {
            let ranked = tally.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
            if let top = ranked.first, ranked.count == 1 || top.value > winningMargin * ranked[1].value {
                received[i] = top.key
            } else {
                erasures.append(i)
            }
        }
        // Two check codewords at least stay to verify what the others filled in.
        guard erasures.count + 2 <= size.ecCount,
              let corrected = PDF417ErrorCorrection.correct(received, ecCount: size.ecCount, erasures: erasures) else { return nil }
        let data = Array(corrected.codewords.prefix(size.dataCount))
        if size.isCCA {
            guard let bits = CCACompaction.bits(data) else { return nil }
            return MicroPDF417Read(bytes: [], text: "", size: size, correctedCodewords: corrected.corrected, ecis: [], linked: true,
                                   corners: [], compositeBits: bits)
        }
        guard let message = MicroPDF417Data.decode(data) else { return nil }
        return MicroPDF417Read(
            bytes: message.bytes, text: message.text, size: size, correctedCodewords: corrected.corrected, ecis: message.ecis,
            linked: message.linked, corners: [])
    }
}
