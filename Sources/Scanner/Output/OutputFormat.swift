/// How detections are written.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// `SYMBOLOGY:text`, as zbarimg prints, with control characters escaped.
    case text
    /// JSON Lines: one object per detection or event.
    case json
    /// The payload as UTF-8 text, unescaped, one per line, as `zbarimg
    /// --raw` writes it: what text output shows, whatever character set
    /// (an ECI) the symbol declared.
    case raw
    /// The payload bytes exactly as the symbol encodes them, one per line:
    /// binary data, or text in the charset its ECI declares (Latin-9...).
    case rawBytes = "raw-bytes"
    /// zbarimg's XML document (`ZBarXML`): a `symbol` element per detection,
    /// which the caller wraps in `source` and `index` elements.
    case xml
}
