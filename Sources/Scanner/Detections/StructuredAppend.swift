/// A message that structured append splits across several symbols (QR and
/// Data Matrix: up to 16, Aztec: 26, MaxiCode: 8), each carrying its place
/// in the sequence, the sequence's length and what tells its sequence from
/// another: QR's parity byte of the whole message, the message or file ID
/// of Aztec and Data Matrix. A detection of one symbol holds its own part;
/// a detection of the whole message, joined once every part was read,
/// holds them all.
public struct StructuredAppend: Sendable, Hashable, Codable {
    /// One symbol of the sequence and where it lies.
    public struct Part: Sendable, Hashable, Codable {
        /// 0-based.
        public var index: Int
        public var corners: [Point]

        public init(index: Int, corners: [Point]) {
            self.index = index
            self.corners = corners
        }
    }

    /// How many symbols the message spans.
    public var count: Int
    /// The longest sequence any symbology allows (Macro PDF417's 99 999).
    public static let maxCount = 99_999
    /// QR's check on the whole message: the XOR of all its bytes; 0 for
    /// the other symbologies.
    public var parity: Int
    /// The sequence's own identifier, where the symbology carries one
    /// (Aztec's message ID, Data Matrix's file ID as "id1.id2", Macro PDF417's file ID): parts join
    /// only with parts of the same.
    public var id: String?
    /// The symbols read, in sequence order.
    public var parts: [Part]

    public init(count: Int, parity: Int, id: String? = nil, parts: [Part]) {
        self.count = count
        self.parity = parity
        self.id = id
        self.parts = parts
    }

    /// Every part of the message is here.
    public var isComplete: Bool { parts.map(\.index) == Array(0..<count) }
}
