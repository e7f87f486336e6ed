/// One decoded PDF417 symbol.
struct PDF417Read: Sendable {
    var message: PDF417Message
    var rows: Int
    var columns: Int
    /// 0–8: 2^(level+1) check codewords.
    var level: Int
    /// Codewords Reed–Solomon changed (erasures included).
    var correctedCodewords: Int
    /// Read from the symbol's back (its rows run counter-clockwise from the start side).
    var mirrored = false
    /// Outer corners in image pixels, clockwise from the symbol's own top-left (empty when
    /// decoded from bare codewords).
    var corners: [MatrixPoint] = []
}
