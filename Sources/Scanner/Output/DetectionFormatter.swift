/// Turns a detection into one output line, in text, raw or JSON form.
public struct DetectionFormatter: Sendable {
    /// The form of every line: text, raw or JSON.
    public let format: OutputFormat

    /// A formatter writing `format`.
    public init(format: OutputFormat) {
        self.format = format
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
            return Array((detection.symbology.label + ":" + TerminalSafeText.escape(detection.text) + "\n").utf8)
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
