/// Reed–Solomon decoding with errors and erasures over any `GaloisField`.
/// Codeword index 0 is the highest-degree coefficient (the first transmitted codeword), the last
/// `ecCount` entries are the check codewords. Berlekamp–Massey (seeded with the erasure locator),
/// Chien search and Forney's formula; the result is re-checked, so a returned word is always valid.
enum ReedSolomon {
    struct Correction: Sendable, Equatable {
        var codewords: [Int]
        /// Number of codewords whose value was changed.
        var corrected: Int
    }

    /// Returns nil when the word is beyond the code's capacity (2·errors + erasures > ecCount)
    /// or the input is malformed (sizes, values out of the field, bad erasure positions).
    static func decode(_ received: [Int], ecCount: Int, erasures: [Int] = [],
                       field: GaloisField) -> Correction? {
        let n = received.count
        guard n >= 1, n <= field.order, ecCount >= 1, ecCount <= n,
              erasures.count <= ecCount else { return nil }
        for v in received where v < 0 || v >= field.size { return nil }
        var seen = Set<Int>()
        for e in erasures {
            guard e >= 0, e < n, seen.insert(e).inserted else { return nil }
        }

        let syndromes = computeSyndromes(received, count: ecCount, field: field)
        if syndromes.allSatisfy({ $0 == 0 }) { return Correction(codewords: received, corrected: 0) }

        // Erasure locator Γ(x) = Π (1 + X_k x), X_k = α^(degree of the erased position).
        var gamma = [1]
        for e in erasures {
            let xk = field.power(n - 1 - e)
            var next = gamma + [0]
            for i in 0..<gamma.count { next[i + 1] ^= field.multiply(gamma[i], xk) }
            gamma = next
        }

        guard let lambda = field.berlekampMassey(syndromes, erasureLocator: gamma, erasureCount: erasures.count) else { return nil }
        let degree = lambda.count - 1
        guard degree >= 1, 2 * (degree - erasures.count) + erasures.count <= ecCount else { return nil }

        // Chien search over the positions that exist in this (possibly shortened) code.
        var positions: [Int] = []
        for pos in 0..<n {
            let xInv = field.power(-(n - 1 - pos))
            if field.evaluate(lambda, at: xInv) == 0 { positions.append(pos) }
        }
        guard positions.count == degree else { return nil }

        // Ω(x) = S(x)·Λ(x) mod x^ecCount.
        var omega = [Int](repeating: 0, count: ecCount)
        for i in 0..<lambda.count where lambda[i] != 0 {
            for j in 0..<(ecCount - i) where j < syndromes.count {
                omega[i + j] ^= field.multiply(lambda[i], syndromes[j])
            }
        }

        var corrected = received
        var changes = 0
        for pos in positions {
            let xk = field.power(n - 1 - pos)
            let xInv = field.inverse(xk)
            // Formal derivative in characteristic 2 keeps the odd terms only.
            var derivative = 0
            var i = 1
            while i < lambda.count {
                derivative ^= field.multiply(lambda[i], field.power((i - 1) * field.logarithm(xInv)))
                i += 2
            }
            guard derivative != 0 else { return nil }
            let numerator = field.multiply(field.power((1 - field.generatorBase) * field.logarithm(xk)),
                                           field.evaluate(omega, at: xInv))
            let magnitude = field.divide(numerator, derivative)
            if magnitude != 0 {
                corrected[pos] ^= magnitude
                changes += 1
            }
        }
        guard computeSyndromes(corrected, count: ecCount, field: field).allSatisfy({ $0 == 0 }) else { return nil }
        return Correction(codewords: corrected, corrected: changes)
    }

    /// S_j = r(α^(base+j)) = Σ r_i·α^((base+j)·degree_i), summed term by term in the log
    /// domain (independent terms, no Horner dependency chain).
    private static func computeSyndromes(_ r: [Int], count: Int, field: GaloisField) -> [Int] {
        var s = [Int](repeating: 0, count: count)
        let order = field.order
        let n = r.count
        field.withTables { exp, log in
            s.withUnsafeMutableBufferPointer { syndromes in
                for (i, c) in r.enumerated() where c != 0 {
                    let degree = (n - 1 - i) % order
                    var e = (log[c] + field.generatorBase % order * degree) % order
                    for j in 0..<count {
                        syndromes[j] ^= exp[e]
                        e += degree
                        if e >= order { e -= order }
                    }
                }
            }
        }
        return s
    }
}
