/// Reads big-endian bit fields from a byte array limited to `bitCount` bits.
struct BitReader: Sendable {
    private let bytes: [UInt8]
    let bitCount: Int
    private(set) var position = 0

    init(_ bytes: [UInt8], bitCount: Int) {
        self.bytes = bytes
        self.bitCount = max(0, min(bitCount, bytes.count * 8))
    }

    var remaining: Int { bitCount - position }

    /// The next `n` (0...32) bits, or nil when fewer remain.
    mutating func read(_ n: Int) -> Int? {
        guard n >= 0, n <= 32, n <= remaining else { return nil }
        var v = 0
        for _ in 0..<n {
            let bit = Int(bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1
            v = v << 1 | bit
            position += 1
        }
        return v
    }

    /// True when every remaining bit is 0.
    var restIsZero: Bool {
        var copy = self
        while copy.remaining > 0 { if copy.read(1) != 0 { return false } }
        return true
    }
}
