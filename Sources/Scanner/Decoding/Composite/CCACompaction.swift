/// CC-A's data codewords to its bit stream (ISO/IEC 24723): no mode codeword, base-928
/// compaction throughout. Each group of 7 codewords is a number of base 928, first codeword
/// highest, that holds 69 bits; a last group of k < 7 codewords holds the most bits whose every
/// value it can hold (floor(k log2 928): 9, 19, 29, 39, 49 or 59). The bits go on to
/// `CompositeData` as CC-B's bytes do.
enum CCACompaction {
    static let groupCodewords = 7
    static let groupBits = 69

    /// Bits `count` base-928 codewords hold: the most b with 2^b <= 928^count.
    static func bitCount(codewords count: Int) -> Int {
        count / groupCodewords * groupBits + [0, 9, 19, 29, 39, 49, 59][count % groupCodewords]
    }

    /// nil when a codeword is no base-928 digit or a group's number needs more bits than it holds.
    static func bits(_ codewords: [Int]) -> DataBarBits? {
        var bits = DataBarBits()
        var start = 0
        while start < codewords.count {
            let group = codewords[start..<min(start + groupCodewords, codewords.count)]
            start += group.count
            var value: UInt128 = 0
            for codeword in group {
                guard codeword >= 0, codeword < 928 else { return nil }
                value = value * 928 + UInt128(codeword)
            }
            let count = bitCount(codewords: group.count)
            guard value >> UInt128(count) == 0 else { return nil }
            for i in stride(from: count - 1, through: 0, by: -1) { bits.append(Int(value >> UInt128(i) & 1), count: 1) }
        }
        return bits
    }
}
