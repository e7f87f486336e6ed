/// A whole symbol's codewords, row by row (nil where none was read), to its message: Reed–Solomon
/// with the unread codewords as erasures, the length descriptor checked, then the data decoder.
/// Two check codewords stay for detection, as the standard says, so a symbol with more damage
/// is not read rather than read wrong.
enum PDF417SymbolDecoder {
    /// 3–90 rows, 1–30 columns, at most 928 codewords (ISO/IEC 15438).
    static func isValidSize(rows: Int, columns: Int) -> Bool {
        (3...90).contains(rows) && (1...30).contains(columns) && rows * columns <= 928
    }

    static func decode(_ codewords: [Int?], rows: Int, columns: Int, level: Int) -> PDF417Read? {
        guard isValidSize(rows: rows, columns: columns), (0...8).contains(level), codewords.count == rows * columns else { return nil }
        let ecCount = 2 << level
        guard ecCount < codewords.count else { return nil }
        let erasures = codewords.indices.filter { codewords[$0] == nil }
        // ISO/IEC 15438 keeps two check codewords for detection: erasures + 2·errors ≤ k − 2.
        guard let correction = PDF417ErrorCorrection.correct(codewords.map { $0 ?? 0 }, ecCount: ecCount, erasures: erasures)
        else { return nil }
        let words = correction.codewords
        let errors = codewords.indices.filter { i in codewords[i].map { $0 != words[i] } ?? false }.count
        guard erasures.count + 2 * errors <= ecCount - 2 else { return nil }
        // The length descriptor counts itself and the data, not the check codewords.
        let length = words[0]
        guard length >= 1, length <= words.count - ecCount else { return nil }
        guard let message = PDF417DataDecoder.decode(Array(words[1..<length])) else { return nil }
        return PDF417Read(message: message, rows: rows, columns: columns, level: level, correctedCodewords: correction.corrected)
    }
}
