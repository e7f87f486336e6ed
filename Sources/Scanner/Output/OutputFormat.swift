/// How detections are written.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// `SYMBOLOGY:text`, as zbarimg prints, with control characters escaped.
    case text
    /// JSON Lines: one object per detection or event.
    case json
    /// The payload bytes only, unescaped, one per line.
    case raw
}
