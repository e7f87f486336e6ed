/// Reed–Solomon correction of an ECC 200 codeword stream, interleaved round-robin over the blocks.
enum DataMatrixCodewords {
    struct Corrected: Sendable, Equatable {
        /// The data codewords in stream order.
        var data: [UInt8]
        /// Codewords whose value was changed by the correction.
        var corrected: Int
    }

    /// nil when any block is beyond its correction capacity (or the stream is not this size's).
    static func correct(_ codewords: [UInt8], size: DataMatrixSymbolSize) -> Corrected? {
        let blocks = size.blockCount
        guard blocks >= 1, codewords.count >= size.totalCodewords else { return nil }
        var data = [UInt8](repeating: 0, count: size.dataCodewords)
        var corrected = 0
        // Codeword t belongs to block t mod blocks, data and check codewords alike (so in
        // 144x144, whose last two blocks hold one data codeword less, the check codewords start
        // with block 8).
        var words = [[Int]](repeating: [], count: blocks)
        for t in 0..<size.totalCodewords { words[t % blocks].append(Int(codewords[t])) }
        for b in 0..<blocks {
            let nData = size.dataCodewords(inBlock: b)
            let word = words[b]
            guard let fixed = ReedSolomon.decode(word, ecCount: size.blockECCodewords, field: .dataMatrix) else { return nil }
            corrected += fixed.corrected
            for i in 0..<nData { data[b + i * blocks] = UInt8(fixed.codewords[i]) }
        }
        return Corrected(data: data, corrected: corrected)
    }
}
