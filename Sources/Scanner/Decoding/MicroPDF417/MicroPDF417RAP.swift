/// MicroPDF417's Row Address Patterns (ISO/IEC 24728): 3 bars and 3 spaces over 10 modules, bar
/// first. The left and right RAPs of a row come from one cycle of 52 patterns, the centre RAP (3
/// and 4 columns) from another; each row takes the next pattern of each cycle, and the sizes start
/// at different places, so a row's RAPs tell both its size and its row. The cycles are
/// MicroPDF417RAPTable.swift, derived from zint's renders.
enum MicroPDF417RAP {
    enum Kind: Sendable { case side, centre }

    static let modules = 10

    /// A RAP read: its kind and its position in its cycle.
    struct Match: Sendable, Hashable {
        let kind: Kind
        let position: Int
    }

    /// The 6 widths of a 10-module pattern, bar first: read as a codeword's 17 modules are, with
    /// 7 light modules appended, which only lengthen the last space.
    static func widths(pattern: UInt16) -> [Int] {
        var widths = PDF417Codewords.widths(pattern: UInt32(pattern) << UInt32(PDF417Codewords.modules - modules))
        widths[widths.count - 1] -= PDF417Codewords.modules - modules
        return widths
    }
}
