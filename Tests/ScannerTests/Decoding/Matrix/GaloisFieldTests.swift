import Testing
@testable import Scanner

@Suite struct GaloisFieldTests {
    static let fields: [(String, GaloisField)] = [
        ("qr", .qr), ("dataMatrix", .dataMatrix), ("aztec4", .aztecParameter), ("aztec6", .aztec6),
        ("aztec8", .aztec8), ("aztec10", .aztec10), ("aztec12", .aztec12), ("maxi", .maxiCode),
    ]

    @Test func alphaIsPrimitiveAndInversesMultiplyToOne() {
        for (name, f) in Self.fields {
            var seen = Set<Int>()
            for i in 0..<f.order { seen.insert(f.power(i)) }
            #expect(seen.count == f.order, "\(name): α is not primitive")
            let seven = 7 % f.size == 0 ? 1 : 7 % f.size
            for a in 1..<min(f.size, 300) {
                #expect(f.multiply(a, f.inverse(a)) == 1, "\(name) inverse \(a)")
                #expect(f.divide(f.multiply(a, seven), a) == seven, "\(name) divide \(a)")
            }
        }
    }
}
