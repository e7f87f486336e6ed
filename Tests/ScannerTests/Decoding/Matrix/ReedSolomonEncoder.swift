@testable import Scanner

/// A systematic Reed–Solomon encoder for tests: the check codewords are the
/// remainder of message·xⁿ by the generator Π (x − α^(base+j)).
enum ReedSolomonEncoder {
    static func encode(_ message: [Int], ecCount n: Int, field: GaloisField) -> [Int] {
        var generator = [1]  // highest degree first
        for j in 0..<n {
            let root = field.power(field.generatorBase + j)
            var next = generator + [0]
            for i in 0..<generator.count { next[i + 1] ^= field.multiply(generator[i], root) }
            generator = next
        }
        var remainder = message + [Int](repeating: 0, count: n)
        for i in 0..<message.count where remainder[i] != 0 {
            let factor = remainder[i]
            for k in 0..<generator.count { remainder[i + k] ^= field.multiply(generator[k], factor) }
        }
        return message + remainder.suffix(n)
    }
}
