/// Reed–Solomon over GF(929) as PDF417 and MicroPDF417 use it (ISO/IEC 15438): the check
/// codewords are the negated remainder of data(x)·x^k by Π(x − 3^i), i = 1…k, so a whole symbol's
/// codewords (index 0 the highest degree) vanish at 3^1…3^k. Errors and erasures (codewords not
/// read) are corrected with 2·errors + erasures ≤ k: Berlekamp–Massey seeded with the erasure
/// locator, Chien search, Forney. The result is re-checked, so a returned word is always valid.
enum PDF417ErrorCorrection {
    static let field = PrimeField.pdf417

    /// The `ecCount` check codewords of `data` (values 0–928).
    static func checkCodewords(_ data: [Int], ecCount: Int) -> [Int] {
        let g = generator(ecCount)
        var remainder = [Int](repeating: 0, count: ecCount)
        for d in data {
            let factor = field.add(d % field.modulus, remainder[0])
            for i in 0..<ecCount {
                let next = i + 1 < ecCount ? remainder[i + 1] : 0
                remainder[i] = field.subtract(next, field.multiply(factor, g[i + 1]))
            }
        }
        return remainder.map { field.subtract(0, $0) }
    }

    /// Π(x − 3^i), i = 1…count, highest degree first.
    private static func generator(_ count: Int) -> [Int] {
        var g = [1]
        for i in stride(from: 1, through: count, by: 1) {
            let root = field.power(i)
            var next = g + [0]
            for j in 0..<g.count { next[j + 1] = field.subtract(next[j + 1], field.multiply(root, g[j])) }
            g = next
        }
        return g
    }

    /// The corrected codewords and how many changed; nil when beyond the code's capacity or the
    /// input is malformed (sizes, values outside 0–928, bad erasure positions).
    static func correct(_ received: [Int], ecCount: Int, erasures: [Int] = []) -> ReedSolomon.Correction? {
        let n = received.count
        guard n >= 1, n <= field.order, ecCount >= 1, ecCount < n, erasures.count <= ecCount else { return nil }
        for v in received where v < 0 || v >= field.modulus { return nil }
        var seen = Set<Int>()
        for e in erasures {
            guard e >= 0, e < n, seen.insert(e).inserted else { return nil }
        }
        let syndromes = self.syndromes(received, count: ecCount)
        if syndromes.allSatisfy({ $0 == 0 }) { return ReedSolomon.Correction(codewords: received, corrected: 0) }

        // Erasure locator Γ(x) = Π (1 − X_k x), X_k = 3^(degree of the erased position); lowest degree first.
        var gamma = [1]
        for e in erasures {
            let xk = field.power(n - 1 - e)
            var next = gamma + [0]
            for i in 0..<gamma.count { next[i + 1] = field.subtract(next[i + 1], field.multiply(gamma[i], xk)) }
            gamma = next
        }
        guard let lambda = field.berlekampMassey(syndromes, erasureLocator: gamma, erasureCount: erasures.count) else { return nil }
        let degree = lambda.count - 1
        guard degree >= 1, 2 * (degree - erasures.count) + erasures.count <= ecCount else { return nil }

        var positions: [Int] = []
        for pos in 0..<n where field.evaluate(lambda, at: field.power(-(n - 1 - pos))) == 0 {
            positions.append(pos)
        }
        guard positions.count == degree else { return nil }

        // Ω(x) = S(x)·Λ(x) mod x^ecCount.
        var omega = [Int](repeating: 0, count: ecCount)
        for i in 0..<lambda.count where lambda[i] != 0 {
            for j in 0..<(ecCount - i) {
                omega[i + j] = field.add(omega[i + j], field.multiply(lambda[i], syndromes[j]))
            }
        }
        // Λ'(x), lowest degree first.
        let derivative = lambda.indices.dropFirst().map { field.multiply(lambda[$0], $0 % field.modulus) }

        var corrected = received
        var changes = 0
        for pos in positions {
            let xInv = field.power(-(n - 1 - pos))
            let d = field.evaluate(derivative, at: xInv)
            guard d != 0 else { return nil }
            // Roots from 3^1: e = −Ω(X⁻¹)/Λ'(X⁻¹).
            let magnitude = field.subtract(0, field.divide(field.evaluate(omega, at: xInv), d))
            if magnitude != 0 {
                corrected[pos] = field.subtract(corrected[pos], magnitude)
                changes += 1
            }
        }
        guard self.syndromes(corrected, count: ecCount).allSatisfy({ $0 == 0 }) else { return nil }
        return ReedSolomon.Correction(codewords: corrected, corrected: changes)
    }

    /// S_j = r(3^(j+1)), j = 0..<count.
    private static func syndromes(_ r: [Int], count: Int) -> [Int] {
        (1...count).map { j in
            let x = field.power(j)
            var acc = 0
            for c in r { acc = field.add(field.multiply(acc, x), c) }
            return acc
        }
    }
}
