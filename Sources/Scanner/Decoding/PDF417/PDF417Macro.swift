/// A Macro PDF417 control block (ISO/IEC 15438 Annex H): this symbol is one segment of a file
/// spread over several symbols that share `fileID`.
struct PDF417Macro: Sendable, Hashable {
    /// 0-based.
    var segmentIndex: Int
    /// The file ID's codewords as 3-digit groups, as zxing-cpp reports them.
    var fileID: String
    /// From the optional segment count field; nil when the symbol does not say.
    var segmentCount: Int?
    /// The symbol ends with the terminator (922): it is the file's last segment.
    var isLastSegment: Bool
    var fileName: String?
    var timeStamp: String?
    var sender: String?
    var addressee: String?
    var fileSize: String?
    var checksum: String?
}
