/// One symbol (or, for stacked symbologies, one row segment) read on one scan line.
struct LinearRead: Sendable, Hashable {
    var symbology: Symbology
    /// The payload as the symbol encodes it (after the symbology's own
    /// interpretation rules: Code 128 FNC4 to Latin-1, GS1's FNC1 as 0x1D after the first).
    var bytes: [UInt8]
    /// GS1 data (Code 128 with FNC1 first, every DataBar).
    var isGS1: Bool = false
    /// A DataBar's linkage flag: a GS1 Composite's 2D component is printed with it (`CompositeSearch`).
    var linked = false
    /// The runs the symbol spans on this line: its first bar is `widths[firstRun]`,
    /// its last bar `widths[endRun - 1]`.
    var firstRun: Int
    var endRun: Int
    /// How clearly the characters were told apart: the smallest, over every
    /// character, of (second-best distance - best distance) / (module count),
    /// in modules. Near 0: some character lay between two patterns.
    var margin: Float
}
