/// What `BarcodeReader.read` found in a frame, and what it took.
public struct ReadResult: Sendable {
    /// The barcodes, with corners in the frame's full-image pixels.
    public var detections: [Detection]
    /// How many passes ran: 1 when the first pass found something, or when
    /// nothing in the frame looked like a code.
    public var passes: Int
    /// Pixels handed to the engines over all passes.
    public var pixelsExamined: Int
    /// Whether `DecoderConfiguration.timeLimit` cut the reading short; the
    /// result is then what was found before it, and may differ between runs.
    public var reachedTimeLimit: Bool
}
