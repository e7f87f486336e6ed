/// Arithmetic in GF(2^m), the field of the Reed–Solomon codes used by the matrix symbologies.
/// Elements are integers 0..<size; addition is XOR; multiplication goes through log/exp tables.
/// `generatorBase` is the power of α of the first root of the code's generator polynomial
/// (QR uses α^0, Data Matrix / Aztec / MaxiCode use α^1).
struct GaloisField: FiniteField {
    let size: Int
    let primitive: Int
    let generatorBase: Int
    /// exp[i] = α^i for i in 0..<2*(size-1) (doubled so products need no modulo).
    let exp: [Int]
    /// log[x] for x in 1..<size; log[0] is unused.
    let log: [Int]

    init(size: Int, primitive: Int, generatorBase: Int) {
        self.size = size
        self.primitive = primitive
        self.generatorBase = generatorBase
        let order = size - 1
        var exp = [Int](repeating: 0, count: 2 * order)
        var log = [Int](repeating: 0, count: size)
        var x = 1
        for i in 0..<order {
            exp[i] = x
            log[x] = i
            x <<= 1
            if x >= size { x ^= primitive }
        }
        for i in order..<(2 * order) { exp[i] = exp[i - order] }
        self.exp = exp
        self.log = log
    }

    static let qr = GaloisField(size: 256, primitive: 0x11D, generatorBase: 0)
    static let dataMatrix = GaloisField(size: 256, primitive: 0x12D, generatorBase: 1)
    static let aztecParameter = GaloisField(size: 16, primitive: 0x13, generatorBase: 1)
    static let aztec6 = GaloisField(size: 64, primitive: 0x43, generatorBase: 1)
    static let aztec8 = GaloisField(size: 256, primitive: 0x12D, generatorBase: 1)
    static let aztec10 = GaloisField(size: 1024, primitive: 0x409, generatorBase: 1)
    static let aztec12 = GaloisField(size: 4096, primitive: 0x1069, generatorBase: 1)
    static let maxiCode = GaloisField(size: 64, primitive: 0x43, generatorBase: 1)

    var order: Int { size - 1 }

    /// The exp and log tables for hot loops (no per-access array retain or bounds check).
    func withTables<R>(_ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>) -> R) -> R {
        exp.withUnsafeBufferPointer { e in log.withUnsafeBufferPointer { l in body(e, l) } }
    }

    /// Addition and subtraction are XOR in characteristic 2.
    @inline(__always) func add(_ a: Int, _ b: Int) -> Int { a ^ b }
    @inline(__always) func subtract(_ a: Int, _ b: Int) -> Int { a ^ b }
}
