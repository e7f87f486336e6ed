/// A possible symbol: its corners in image pixels in the symbol's own orientation (top-left,
/// top-right, bottom-right, bottom-left; the L finder is the left and bottom edges) and the sizes
/// its timing edges suggest, nearest first.
struct DataMatrixCandidate: Sendable {
    var corners: [MatrixPoint]
    var sizes: [DataMatrixSymbolSize]
    /// Module counts measured on the timing edges.
    var measuredColumns: Int
    var measuredRows: Int
    var isMirrored: Bool
}
