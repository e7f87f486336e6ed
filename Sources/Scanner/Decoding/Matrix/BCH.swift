/// The short BCH codes that protect QR-family format and version information, decoded by
/// nearest valid codeword (the codes are tiny, so an exhaustive search is exact and cheap).
enum BCH {
    struct Candidate: Sendable {
        let codeword: Int
        let value: Int
    }

    /// Systematic encoding: data bits followed by the remainder of data·x^degree mod generator.
    static func encode(_ data: Int, generator: Int, degree: Int) -> Int {
        var remainder = data << degree
        while remainder != 0 {
            let top = Int.bitWidth - 1 - remainder.leadingZeroBitCount
            guard top >= degree else { break }
            remainder ^= generator << (top - degree)
        }
        return data << degree | remainder
    }

    /// The value of the candidate nearest (in Hamming distance) to any of the readings, when it
    /// is within `maxDistance` and strictly nearer than every candidate with another value.
    static func nearest(_ readings: [Int], among candidates: [Candidate], maxDistance: Int) -> Int? {
        nearest(readings.map { ($0, candidates) }, maxDistance: maxDistance)
    }

    /// The same over readings that each have their own table (copies masked differently).
    static func nearest(_ readings: [(reading: Int, candidates: [Candidate])], maxDistance: Int) -> Int? {
        var best = Int.max
        var bestValue = -1
        var tie = false
        for (reading, candidates) in readings {
            for c in candidates {
                let d = (reading ^ c.codeword).nonzeroBitCount
                if d < best {
                    best = d; bestValue = c.value; tie = false
                } else if d == best && c.value != bestValue {
                    tie = true
                }
            }
        }
        guard best <= maxDistance, !tie else { return nil }
        return bestValue
    }

    private static let format15Generator = 0x537   // x^10+x^8+x^5+x^4+x^2+x+1
    private static let version18Generator = 0x1F25 // x^12+x^11+x^10+x^9+x^8+x^5+x^2+1

    private static func table(values: some Sequence<Int>, generator: Int, degree: Int, mask: Int) -> [Candidate] {
        values.map { Candidate(codeword: encode($0, generator: generator, degree: degree) ^ mask, value: $0) }
    }

    /// QR format information: value = 2 EC-level bits (L=01 M=00 Q=11 H=10) then 3 mask bits.
    static let qrFormat = table(values: 0..<32, generator: format15Generator, degree: 10, mask: 0x5412)
    /// Micro QR format information: value = 3 symbol-number bits then 2 mask bits.
    static let microQRFormat = table(values: 0..<32, generator: format15Generator, degree: 10, mask: 0x4445)
    /// QR version information (versions 7–40), not masked.
    static let qrVersion = table(values: 7...40, generator: version18Generator, degree: 12, mask: 0)
    /// rMQR format information: value = EC-level bit (0 = M, 1 = H) then 5 size-index bits;
    /// the copy beside the finder and the copy beside the sub-finder use different masks.
    static let rmqrFormatFinderSide = table(values: 0..<64, generator: version18Generator, degree: 12, mask: 0x1FAB2)
    static let rmqrFormatSubFinderSide = table(values: 0..<64, generator: version18Generator, degree: 12, mask: 0x20A7B)
}
