/// A finite field whose non-zero elements are powers of a primitive element, multiplied through
/// log/exp tables: GF(2^m) (`GaloisField`) and GF(p) (`PrimeField`). Addition is each field's own.
protocol FiniteField: Sendable {
    /// Number of non-zero elements.
    var order: Int { get }
    /// exp[i] = α^i for i in 0..<2·order (doubled so products need no modulo).
    var exp: [Int] { get }
    /// log[x] for x in 1...order; log[0] is unused.
    var log: [Int] { get }
    func add(_ a: Int, _ b: Int) -> Int
    func subtract(_ a: Int, _ b: Int) -> Int
}

extension FiniteField {
    /// α^n for any integer n (negative allowed).
    @inline(__always) func power(_ n: Int) -> Int {
        let r = n % order
        return exp[r < 0 ? r + order : r]
    }

    /// log_α(x); x must be non-zero (callers check).
    @inline(__always) func logarithm(_ x: Int) -> Int { log[x] }

    @inline(__always) func multiply(_ a: Int, _ b: Int) -> Int {
        a == 0 || b == 0 ? 0 : exp[log[a] + log[b]]
    }

    /// Multiplicative inverse; 0 has none and maps to 0 (callers check for 0 first).
    @inline(__always) func inverse(_ a: Int) -> Int {
        a == 0 ? 0 : exp[order - log[a]]
    }

    @inline(__always) func divide(_ a: Int, _ b: Int) -> Int {
        a == 0 || b == 0 ? 0 : exp[log[a] + order - log[b]]
    }

    /// p(x) with coefficients lowest degree first.
    func evaluate(_ p: [Int], at x: Int) -> Int {
        var acc = 0
        for c in p.reversed() { acc = add(multiply(acc, x), c) }
        return acc
    }

    /// The error-and-erasure locator from syndromes `s` (Berlekamp–Massey seeded with the erasure
    /// locator `gamma` of `rho` erasures), lowest degree first; nil when the iteration does not
    /// yield a locator consistent with the syndromes.
    func berlekampMassey(_ s: [Int], erasureLocator gamma: [Int], erasureCount rho: Int) -> [Int]? {
        var lambda = gamma
        var b = gamma
        var l = rho
        var r = rho + 1
        while r <= s.count {
            var delta = 0
            for j in 0...min(l, lambda.count - 1) where r - 1 - j >= 0 {
                delta = add(delta, multiply(lambda[j], s[r - 1 - j]))
            }
            let shifted = [0] + b
            if delta == 0 {
                b = shifted
            } else {
                var t = lambda
                if t.count < shifted.count { t += [Int](repeating: 0, count: shifted.count - t.count) }
                for i in 0..<shifted.count { t[i] = subtract(t[i], multiply(delta, shifted[i])) }
                if 2 * l <= r - 1 + rho {
                    let inv = inverse(delta)
                    b = lambda.map { multiply($0, inv) }
                    l = r - l + rho
                } else {
                    b = shifted
                }
                lambda = t
            }
            r += 1
        }
        while lambda.count > 1 && lambda.last == 0 { lambda.removeLast() }
        return lambda.count - 1 == l ? lambda : nil
    }
}
