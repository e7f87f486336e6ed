/// A message that structured append splits across several symbols (QR: up
/// to 16), each carrying its place in the sequence, the sequence's length
/// and a parity byte of the whole message. A detection of one symbol holds
/// its own part; a detection of the whole message, joined once every part
/// was read, holds them all.
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
    /// QR's check on the whole message: the XOR of all its bytes.
    public var parity: Int
    /// The symbols read, in sequence order.
    public var parts: [Part]
    /// Macro PDF417's file ID, which the parts of one message share in place of a parity.
    public var fileID: String?

    public init(count: Int, parity: Int, parts: [Part], fileID: String? = nil) {
        self.count = count
        self.parity = parity
        self.parts = parts
        self.fileID = fileID
    }

    /// Every part of the message is here.
    public var isComplete: Bool { parts.map(\.index) == Array(0..<count) }
}
