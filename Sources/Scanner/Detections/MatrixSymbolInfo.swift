/// What an error-corrected 2D symbol says about itself, as our own readers
/// decode it: its version or size, error-correction level and mask, whether
/// it was printed mirrored, and how many codewords Reed–Solomon corrected (a
/// measure of print quality: 0 is a clean symbol).
public struct MatrixSymbolInfo: Sendable, Hashable, Codable {
    /// "7" (QR), "M3" (Micro QR), "R13x77" (rMQR), "C3" or "F12" (an Aztec
    /// compact or full range, by its layers), "rune", "24x24" (Data Matrix,
    /// rows by columns).
    public var version: String
    /// The QR family's "L", "M", "Q" or "H"; nil where the symbol has no
    /// level (Micro QR M1 detects errors only; Aztec's and Data Matrix's
    /// follow from the size).
    public var errorCorrectionLevel: String?
    /// The QR family's data mask pattern, 0–7.
    public var mask: Int?
    public var mirrored: Bool
    public var correctedCodewords: Int

    public init(version: String, errorCorrectionLevel: String?, mask: Int?, mirrored: Bool, correctedCodewords: Int) {
        self.version = version
        self.errorCorrectionLevel = errorCorrectionLevel
        self.mask = mask
        self.mirrored = mirrored
        self.correctedCodewords = correctedCodewords
    }
}
