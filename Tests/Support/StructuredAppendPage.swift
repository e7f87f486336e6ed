import Scanner

/// A message split across QR symbols (structured append), rendered by zint
/// and laid side by side on one frame.
public enum StructuredAppendPage {
    public static let message = ["Structured ", "append: one ", "message in ", "four QR codes"]
    /// The parity byte the standard asks for: the XOR of every byte of the message.
    public static let parity = Int(message.joined().utf8.reduce(0, ^))

    /// The parts `indices` (0-based) of the four, left to right in that order.
    public static func frame(of indices: [Int], parity: Int = Self.parity) throws -> Frame {
        let symbols = try indices.map { index in
            try ZintRenderer.render(.qr, .text(message[index]), moduleSize: 4, margin: 16,
                                    structuredAppend: (index: index + 1, count: message.count, id: String(parity))).frame
        }
        return FrameMosaic.grid(symbols, columns: symbols.count)
    }
}
