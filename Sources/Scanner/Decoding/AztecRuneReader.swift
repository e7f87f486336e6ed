/// Aztec runes: 11×11 compact Aztec bullseyes whose mode message carries one
/// byte (0–255) instead of a symbol's size. zxing 1.4 cannot read them, so
/// this reader does, reporting the value as three decimal digits ("068"),
/// as zxing-cpp does since 2.0.
///
/// It finds the bullseye on scan lines, samples the 11×11 module grid around
/// its centre, takes the 40-module ring outside the bullseye in each of the
/// eight orientations (four turns, mirrored or not) until the orientation
/// marks match, and accepts the 28-bit mode message only when, XORed with the
/// rune pattern, it is a Reed-Solomon codeword over GF(16) (at most one
/// nibble wrong). A normal compact Aztec symbol's mode message is a codeword
/// without the XOR, so it is not mistaken for a rune.
struct AztecRuneReader: BarcodeEngine {
    let name = EngineName.aztecRunes
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [.aztec]

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        guard symbologies.contains(.aztec), frame.width >= 11, frame.height >= 11 else { return [] }
        let image = BullseyeImage(thresholding: frame)
        var found: [Detection] = []
        for centre in image.bullseyeCentres() {
            guard let (value, corners) = Self.rune(in: image, at: centre),
                  !found.contains(where: { $0.corners == corners }) else { continue }
            let text = String("00\(value)".suffix(3))
            found.append(Detection(symbology: .aztec, bytes: Array(text.utf8), text: text, corners: corners, engine: .native))
        }
        return found
    }

    /// The rune's value and its four outer corners, clockwise from the
    /// symbol's top-left, when the grid around `centre` is a rune.
    private static func rune(in image: BullseyeImage, at centre: BullseyeImage.Centre) -> (Int, [Point])? {
        let module = (x: centre.width / 9, y: centre.height / 9)
        func dark(_ column: Int, _ row: Int) -> Bool {
            image.isDark(x: centre.x + Double(column) * module.x, y: centre.y + Double(row) * module.y)
        }
        // The bullseye: rings at Chebyshev distance 0, 2, 4 dark, 1 and 3 light.
        var wrong = 0
        for row in -4...4 {
            for column in -4...4 where dark(column, row) != (max(abs(row), abs(column)) % 2 == 0) { wrong += 1 }
        }
        guard wrong <= 2 else { return nil }
        // The ring at distance 5, clockwise from the top-left corner.
        var ring: [(Int, Int)] = []
        ring += (-5..<5).map { ($0, -5) }
        ring += (-5..<5).map { (5, $0) }
        ring += (-5..<5).map { (-$0, 5) }
        ring += (-5..<5).map { (-5, -$0) }
        let bits = ring.map { dark($0.0, $0.1) }
        for corner in 0..<4 {
            for mirrored in [false, true] {
                let sequence = (0..<40).map { bits[((mirrored ? corner * 10 - $0 : corner * 10 + $0) % 40 + 40) % 40] }
                guard orientationMismatches(sequence) <= 1, let value = value(ofModeMessage: sequence) else { continue }
                let half = (x: 5.5 * module.x, y: 5.5 * module.y)
                let box = [Point(x: centre.x - half.x, y: centre.y - half.y), Point(x: centre.x + half.x, y: centre.y - half.y),
                           Point(x: centre.x + half.x, y: centre.y + half.y), Point(x: centre.x - half.x, y: centre.y + half.y)]
                // Start at the corner holding the top-left mark; a mirrored
                // symbol runs the other way round.
                let corners = (0..<4).map { box[((mirrored ? corner - $0 : corner + $0) % 4 + 4) % 4] }
                return (value, corners)
            }
        }
        return nil
    }

    /// How many of the 12 orientation modules differ from the marks: three
    /// dark at the top-left corner, two at the top-right, one at the
    /// bottom-right, none at the bottom-left (ISO/IEC 24778).
    private static func orientationMismatches(_ ring: [Bool]) -> Int {
        let expected: [(Int, Bool)] = [
            (39, true), (0, true), (1, true),
            (9, false), (10, true), (11, true),
            (19, true), (20, false), (21, false),
            (29, false), (30, false), (31, false),
        ]
        return expected.filter { ring[$0.0] != $0.1 }.count
    }

    /// The byte in a rune's mode message (modules 2–8 of each side, 28 bits),
    /// or nil when it is not a Reed-Solomon codeword after the XOR.
    private static func value(ofModeMessage ring: [Bool]) -> Int? {
        var bits: [Bool] = []
        for side in 0..<4 { bits += ring[(side * 10 + 2)...(side * 10 + 8)] }
        // Runes invert every other bit, starting with the first.
        let nibbles = (0..<7).map { nibble in
            (0..<4).reduce(0) { $0 << 1 | ((bits[nibble * 4 + $1] != ((nibble * 4 + $1) % 2 == 0)) ? 1 : 0) }
        }
        guard let value = ModeMessageCode.nearestData(to: nibbles, maxErrors: 1) else { return nil }
        // A normal compact symbol's message would be a codeword as it is.
        let plain = (0..<7).map { nibble in (0..<4).reduce(0) { $0 << 1 | (bits[nibble * 4 + $1] ? 1 : 0) } }
        return ModeMessageCode.nearestData(to: plain, maxErrors: 1) == nil ? value : nil
    }
}

/// The Reed-Solomon code of a compact Aztec mode message: 2 data and 5
/// check nibbles over GF(16) (x⁴ + x + 1), check roots α¹…α⁵.
enum ModeMessageCode {
    /// The data byte whose codeword differs from `nibbles` in at most
    /// `maxErrors` places, or nil. With 256 codewords, an exhaustive search is
    /// simpler than syndrome decoding and as exact.
    static func nearestData(to nibbles: [Int], maxErrors: Int) -> Int? {
        codewords.indices.first { data in
            zip(codewords[data], nibbles).filter { $0 != $1 }.count <= maxErrors
        }
    }

    private static let codewords: [[Int]] = (0..<256).map { data in
        var message = [data >> 4, data & 15, 0, 0, 0, 0, 0]
        for i in 0..<2 where message[i] != 0 {
            let factor = message[i]
            for j in 1...5 { message[i + j] ^= multiply(generator[j], factor) }
        }
        return [data >> 4, data & 15] + message[2...]
    }

    /// (x − α¹)(x − α²)…(x − α⁵), highest power first.
    private static let generator: [Int] = (1...5).reduce([1]) { polynomial, power in
        var product = polynomial + [0]
        for (i, coefficient) in polynomial.enumerated() { product[i + 1] ^= multiply(coefficient, exponentials[power]) }
        return product
    }

    /// αⁱ for i in 0..<15, and each non-zero element's logarithm.
    private static let (exponentials, logarithms): ([Int], [Int]) = {
        var exponentials = [Int](repeating: 0, count: 15), logarithms = [Int](repeating: 0, count: 16), x = 1
        for i in 0..<15 {
            (exponentials[i], logarithms[x]) = (x, i)
            x <<= 1
            if x & 16 != 0 { x ^= 0x13 }
        }
        return (exponentials, logarithms)
    }()

    private static func multiply(_ a: Int, _ b: Int) -> Int {
        guard a != 0, b != 0 else { return 0 }
        return exponentials[(logarithms[a] + logarithms[b]) % 15]
    }
}
