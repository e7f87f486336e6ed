/// The 144 codewords, corrected by Reed–Solomon over GF(64): the primary message (codewords 1–10
/// and 10 check words) on its own, then the secondary message (the other 124 codewords) as two
/// interleaved blocks, the odd and the even words, each with its own check words: 20 each with
/// standard error correction (modes 2, 3, 4, 6), 28 each with enhanced error correction (mode 5).
enum MaxiCodeCodewords {
    struct Corrected: Sendable, Equatable {
        /// The mode, 2–6, from the primary message.
        var mode: Int
        /// Data codewords: the primary message's 10, then the secondary message's 84 (68 in mode 5).
        var data: [Int]
        var corrected: Int
    }

    static let primaryData = 10
    static let primaryCheck = 10
    static let total = 144

    /// Check words in each of the secondary message's two blocks.
    static func secondaryCheck(mode: Int) -> Int { mode == 5 ? 28 : 20 }

    /// The primary message's mode: the low 4 bits of its first codeword.
    static func mode(ofPrimary first: Int) -> Int? {
        let mode = first & 0x0F
        return (2...6).contains(mode) ? mode : nil
    }

    /// nil when either message is beyond correction or the mode is not one of 2–6.
    static func correct(_ words: [Int]) -> Corrected? {
        guard words.count == total,
              let primary = ReedSolomon.decode(Array(words[0..<(primaryData + primaryCheck)]), ecCount: primaryCheck, field: .maxiCode),
              let mode = mode(ofPrimary: primary.codewords[0]) else { return nil }
        let secondary = Array(words[(primaryData + primaryCheck)...])
        let check = secondaryCheck(mode: mode)
        let blockData = secondary.count / 2 - check
        var data = Array(primary.codewords.prefix(primaryData)) + [Int](repeating: 0, count: 2 * blockData)
        var corrected = primary.corrected
        for half in 0..<2 {
            let block = stride(from: half, to: secondary.count, by: 2).map { secondary[$0] }
            guard let c = ReedSolomon.decode(block, ecCount: check, field: .maxiCode) else { return nil }
            corrected += c.corrected
            for i in 0..<blockData { data[primaryData + 2 * i + half] = c.codewords[i] }
        }
        return Corrected(mode: mode, data: data, corrected: corrected)
    }
}
