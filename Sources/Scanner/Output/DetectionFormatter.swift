/// Turns a detection into one output line, in text, raw or JSON form.
public struct DetectionFormatter: Sendable {
    /// The form of every line: text, raw or JSON.
    public let format: OutputFormat
    /// Whether text lines start with their source, `path:SYMBOLOGY:payload`,
    /// as grep's `-H` does. JSON always names it; raw never does.
    public let namesSource: Bool

    /// A formatter writing `format`.
    public init(format: OutputFormat, namesSource: Bool = false) {
        self.format = format
        self.namesSource = namesSource
    }

    /// An input's outcome when it has no detections to show for itself.
    public enum Status: Sendable, Hashable {
        /// Read, and no symbol found.
        case noCode
        /// Not read; the message says why and what to do.
        case error(String)
    }

    /// The JSON record for a source without detections, so that every input
    /// is accounted for; nil in text and raw output, which stay as zbarimg's.
    public func line(for status: Status, source: String) -> [UInt8]? {
        guard format == .json else { return nil }
        var json = JSONLine()
        json.add("source", source)
        switch status {
        case .noCode:
            json.add("status", "no-code")
        case .error(let message):
            json.add("status", "error")
            json.add("error", message)
        }
        return Array((json.text + "\n").utf8)
    }

    /// The line for `detection`, newline included. `source` names the file or
    /// device; `extra` adds fields to the JSON form (events, timing).
    public func line(
        for detection: Detection, source: String, extra: (inout JSONLine) -> Void = { _ in }
    ) -> [UInt8] {
        switch format {
        case .raw:
            return detection.bytes + [0x0A]
        case .text:
            let name = namesSource ? TerminalSafeText.escape(source) + ":" : ""
            return Array((name + detection.symbology.label + ":" + TerminalSafeText.escape(detection.text) + "\n").utf8)
        case .json:
            var json = JSONLine()
            extra(&json)
            json.add("source", source)
            json.add("symbology", detection.symbology.rawValue)
            json.add("text", detection.text)
            json.add("bytes", Base64.encode(detection.bytes))
            json.add("corners", points: detection.corners)
            if let gtin = detection.gtin { json.add("gtin", gtin) }
            json.add("engine", detection.engine.rawValue)
            return Array((json.text + "\n").utf8)
        }
    }
}
