/// Turns session events into output lines.
///
/// In text and raw form only items that appear are printed, one line each,
/// exactly as for still images; camera trouble is a message for stderr. In
/// JSON form every event is one line carrying `"event"`: `appeared`, `left`,
/// `camera-lost` or `camera-restored`.
public struct EventFormatter: Sendable {
    /// The form of every line: text, raw or JSON.
    public let format: OutputFormat
    private let detections: DetectionFormatter

    /// A formatter writing `format`; `variableMeasureLayouts` as for
    /// `DetectionFormatter`.
    public init(format: OutputFormat, variableMeasureLayouts: [VariableMeasureLayout] = []) {
        self.format = format
        detections = DetectionFormatter(format: format, variableMeasureLayouts: variableMeasureLayouts)
    }

    /// What to write for `event`: a line for stdout, a message for stderr,
    /// either or both. `now`, on the capture clock, adds the age of the
    /// report since the item was first captured.
    public func output(for event: DetectionEvent, source: String, now: Duration? = nil) -> (line: [UInt8]?, message: String?) {
        switch event {
        case .appeared(let appearance):
            let line = detections.line(for: appearance.detection, source: source) { json in
                json.add("event", "appeared")
                json.add("track", appearance.trackID)
                json.add("frame", appearance.sequence)
                json.add("timestamp", appearance.captureTime.seconds, decimals: 6)
                if let latency = appearance.decodeLatency { json.add("latency_ms", latency.milliseconds) }
                if let now { json.add("age_ms", (now - appearance.firstSeen).milliseconds) }
            }
            return (line, nil)
        case .left(let departure):
            guard format == .json else { return (nil, nil) }
            var json = JSONLine()
            json.add("event", "left")
            json.add("source", source)
            json.add("symbology", departure.detection.symbology.rawValue)
            json.add("text", departure.detection.text)
            if let gtin = departure.detection.gtin { json.add("gtin", gtin) }
            json.add("track", departure.trackID)
            json.add("frame", departure.sequence)
            json.add("timestamp", departure.captureTime.seconds, decimals: 6)
            json.add("duration_ms", departure.duration.milliseconds)
            return (Array((json.text + "\n").utf8), nil)
        case .cameraLost(let device, let error):
            let message = "\(error); reconnecting when \(device) returns"
            return (format == .json ? cameraLine("camera-lost", device: device, reason: error.description) : nil, message)
        case .cameraRestored(let device):
            return (format == .json ? cameraLine("camera-restored", device: device, reason: nil) : nil, "\(device): camera is back, scanning again")
        }
    }

    private func cameraLine(_ event: String, device: String, reason: String?) -> [UInt8] {
        var json = JSONLine()
        json.add("event", event)
        json.add("device", device)
        if let reason { json.add("reason", reason) }
        return Array((json.text + "\n").utf8)
    }
}
