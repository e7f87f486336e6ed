/// One sampled grid the detector believes may be a symbol: the modules (true = dark, already
/// un-inverted for light-on-dark symbols), where the symbol's corners lie in the image, and the
/// module size. Several candidates may come from one place when the size is a near tie (the
/// decoder's Reed-Solomon check picks); they share `group`.
struct QRCandidate: Sendable {
    /// Which member of the QR family the grid claims to be (the codec's type).
    let family: QRSymbolType
    let matrix: BitMatrix
    /// Image positions of the module-grid corners (0,0), (w,0), (w,h), (0,h), in reading order.
    let corners: [MatrixPoint]
    /// Mean module size in pixels.
    let moduleSize: Double
    /// Found in the inverted binarization (light modules on a dark ground).
    let inverted: Bool
    /// Candidates with the same group are alternatives for one symbol, best first.
    let group: Int
}
