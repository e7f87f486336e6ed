import Scanner

/// A message split across symbols (structured append), rendered by zint and
/// laid side by side on one frame.
public enum StructuredAppendPage {
    public static let message = ["Structured ", "append: one ", "message in ", "four QR codes"]
    /// The parity byte QR asks for: the XOR of every byte of the message.
    public static let parity = Int(message.joined().utf8.reduce(0, ^))

    /// The parts `indices` (0-based) of the four, left to right in that order,
    /// as `symbology` (QR, Aztec, Data Matrix) with zint's sequence `id`
    /// (QR: the parity byte in decimal).
    public static func frame(of indices: [Int], symbology: Symbology = .qr, id: String = String(parity)) throws -> Frame {
        let symbols = try indices.map { index in
            try ZintRenderer.render(symbology, .text(message[index]), moduleSize: 4, margin: 16,
                                    structuredAppend: (index: index + 1, count: message.count, id: id)).frame
        }
        return FrameMosaic.grid(symbols, columns: symbols.count)
    }
}
