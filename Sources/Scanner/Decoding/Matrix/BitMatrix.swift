/// A grid of modules sampled from an image: true = dark. Row-major.
struct BitMatrix: Sendable, Hashable {
    let width: Int
    let height: Int
    private(set) var bits: [Bool]

    /// A matrix of light modules; sizes must be 1...4096 (checked by the caller's input rules:
    /// returns nil otherwise, never traps).
    init?(width: Int, height: Int) {
        guard (1...4096).contains(width), (1...4096).contains(height) else { return nil }
        self.width = width
        self.height = height
        bits = Array(repeating: false, count: width * height)
    }

    /// Out-of-range reads are light, so callers need no bounds checks.
    subscript(x: Int, y: Int) -> Bool {
        get { x >= 0 && y >= 0 && x < width && y < height ? bits[y * width + x] : false }
        set { if x >= 0 && y >= 0 && x < width && y < height { bits[y * width + x] = newValue } }
    }

    /// Mirrored about the main diagonal (a mirrored symbol read the other way).
    func transposed() -> BitMatrix {
        var t = BitMatrix(width: height, height: width)!
        for y in 0..<height { for x in 0..<width { t[y, x] = self[x, y] } }
        return t
    }
}
