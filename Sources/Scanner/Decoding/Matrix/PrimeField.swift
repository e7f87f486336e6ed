/// Arithmetic modulo a prime p with a primitive element (PDF417 and MicroPDF417: GF(929),
/// generator 3). Unlike `GaloisField` (GF(2^m)), addition is not XOR, so the two stay apart.
struct PrimeField: FiniteField {
    let modulus: Int
    let generator: Int
    /// exp[i] = generator^i for i in 0..<2·(modulus-1) (doubled so products need no modulo).
    let exp: [Int]
    /// log[x] for x in 1..<modulus; log[0] is unused.
    let log: [Int]

    init(modulus: Int, generator: Int) {
        self.modulus = modulus
        self.generator = generator
        let order = modulus - 1
        var exp = [Int](repeating: 0, count: 2 * order)
        var log = [Int](repeating: 0, count: modulus)
        var x = 1
        for i in 0..<order {
            exp[i] = x
            log[x] = i
            x = x * generator % modulus
        }
        for i in order..<(2 * order) { exp[i] = exp[i - order] }
        self.exp = exp
        self.log = log
    }

    static let pdf417 = PrimeField(modulus: 929, generator: 3)

    var order: Int { modulus - 1 }

    @inline(__always) func add(_ a: Int, _ b: Int) -> Int {
        let s = a + b
        return s >= modulus ? s - modulus : s
    }

    @inline(__always) func subtract(_ a: Int, _ b: Int) -> Int {
        let d = a - b
        return d < 0 ? d + modulus : d
    }
}
