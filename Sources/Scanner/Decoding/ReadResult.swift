/// What `BarcodeReader.read` found in a frame, and what it took.
public struct ReadResult: Sendable {
    /// The barcodes, with corners in the frame's full-image pixels.
    public var detections: [Detection]
    /// How many passes ran: 0 when nothing in the frame looked like a code
    /// (the localizer's one look was all it cost), 1 when the first pass
    /// found something.
    public var passes: Int
    /// Pixels handed to the engines over all passes.
    public var pixelsExamined: Int
    /// Whether `DecoderConfiguration.timeLimit` cut the reading short; the
    /// result is then what was found before it, and may differ between runs.
    public var reachedTimeLimit: Bool
    /// Why the frame's reading was given up, when it ran in a helper
    /// process (`DecoderConfiguration.isolated`) that did not answer; the
    /// result then holds no detections. `nil` when the reading completed.
    public var abandonment: Abandonment?

    /// Why an isolated reading was given up.
    public enum Abandonment: Sendable, Hashable, CustomStringConvertible {
        /// The helper had not answered at the time limit; it was killed.
        case timeLimitReached(Duration)
        /// The helper died on the frame (a crash inside zbar or zxing), or
        /// answered nonsense: what happened.
        case decoderFailed(String)

        public var description: String {
            switch self {
            case .timeLimitReached(let limit):
                "decoding did not end within the time limit of \(limit); the frame was abandoned"
            case .decoderFailed(let what):
                "decoding failed: \(what)"
            }
        }
    }
}
