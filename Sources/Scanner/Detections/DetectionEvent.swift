/// What a scanning session reports: items coming into view and leaving it,
/// and the camera going away and coming back. One stream carries them all.
public enum DetectionEvent: Sendable, Hashable {
    /// A confirmed item came into view, or is reported again under the policy.
    case appeared(Appearance)
    /// A reported item left view (only when `reportsLeft` is on).
    case left(Departure)
    /// The camera stopped delivering frames; `error` says why. Like every
    /// event it takes its place in capture order: after the events of the
    /// frames captured before the loss.
    case cameraLost(device: String, error: CaptureError)
    /// The lost camera delivers frames again.
    case cameraRestored(device: String)

    /// A confirmed item, reported according to the dedup policy.
    public struct Appearance: Sendable, Hashable {
        /// The read that confirmed the item, from the reporting frame.
        public var detection: Detection
        /// Which tracked item this is; its `left` event carries the same id.
        public var trackID: UInt64
        /// The reporting frame's sequence number.
        public var sequence: UInt64
        /// The reporting frame's capture time.
        public var captureTime: Duration
        /// The capture time of the first frame in which the item was decoded.
        public var firstSeen: Duration
        /// How long decoding the reporting frame took, when the caller says.
        public var decodeLatency: Duration?

        /// An appearance with every field given.
        public init(
            detection: Detection, trackID: UInt64, sequence: UInt64, captureTime: Duration, firstSeen: Duration,
            decodeLatency: Duration?
        ) {
            self.detection = detection
            self.trackID = trackID
            self.sequence = sequence
            self.captureTime = captureTime
            self.firstSeen = firstSeen
            self.decodeLatency = decodeLatency
        }

        /// The detection's GTIN-14 (see `Detection.gtin`).
        public var gtin: String? { detection.gtin }
        /// From first sight to this report: the cost of confirmation.
        public var sinceFirstSeen: Duration { captureTime - firstSeen }
    }

    /// A reported item that has been observed out of view (for the rearm
    /// time and in enough decoded frames), or was in view when the stream
    /// finished.
    public struct Departure: Sendable, Hashable {
        /// The item's last confirmed read.
        public var detection: Detection
        /// Which tracked item this is, as in its `appeared` events.
        public var trackID: UInt64
        /// The sequence number of the frame that saw the item gone (the
        /// last frame, when the stream finished).
        public var sequence: UInt64
        /// That frame's capture time: when the departure was established.
        public var captureTime: Duration
        /// The capture time of the first frame in which the item was decoded.
        public var firstSeen: Duration
        /// The capture time of the last frame in which its reported payload
        /// was read.
        public var lastSeen: Duration

        /// A departure with every field given.
        public init(
            detection: Detection, trackID: UInt64, sequence: UInt64, captureTime: Duration, firstSeen: Duration,
            lastSeen: Duration
        ) {
            self.detection = detection
            self.trackID = trackID
            self.sequence = sequence
            self.captureTime = captureTime
            self.firstSeen = firstSeen
            self.lastSeen = lastSeen
        }

        /// How long the item was presented.
        public var duration: Duration { lastSeen - firstSeen }
    }
}
