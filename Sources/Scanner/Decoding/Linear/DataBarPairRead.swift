// One half of a DataBar Omnidirectional / Truncated / Stacked symbol, read on
// one scan line: a finder with its outer and inner characters. Omni and
// Truncated give both halves on one line; Stacked gives them on two rows.

struct DataBarPairRead: Sendable, Hashable {
    enum Side: Sendable, Hashable { case left, right }
    var side: Side
    /// Finder value 0...8.
    var finder: Int
    /// Outer character 0...2840 and inner character 0...1596.
    var outer: Int
    var inner: Int
    /// The half's share of the mod-79 checksum (its elements times their weights), mod 79.
    var checksumPart: Int
    /// The caller's position of the scan line across the symbol (e.g. its row in the image).
    var line: Float
    /// Positions along the line of the half's outer end and inner end (the symbol's centre).
    var outerEdge: Float
    var innerEdge: Float
    var moduleSize: Float
    /// The runs of the half on its line (source indices), guard bar included.
    var firstRun: Int
    var endRun: Int
    var margin: Float
    /// How many lines read this half alike (the assembler counts them).
    var sightings = 1

    /// The half's value: outer × 1597 + inner.
    var value: Int { outer * 1597 + inner }
}
