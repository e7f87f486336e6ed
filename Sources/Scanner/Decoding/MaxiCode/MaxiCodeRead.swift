/// One decoded MaxiCode symbol.
struct MaxiCodeRead: Sendable {
    var bytes: [UInt8]
    var text: String
    /// 2–6.
    var mode: Int
    var mirrored: Bool
    /// Outer corners in image pixels, clockwise from the symbol's own top-left (empty when
    /// decoded from a bare grid).
    var corners: [MatrixPoint]
    /// Codewords Reed–Solomon changed, primary and secondary message together.
    var correctedCodewords: Int
    var ecis: [Int]
    var structuredAppend: MaxiCodeStructuredAppend?
}
