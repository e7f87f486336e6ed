/// One frame as the session's decode thread finished with it: the pixels,
/// what was read in them, which reads were reported, and the region that
/// was decoded. What a live preview draws (`CaptureSession.setFrameObserver`).
public struct DecodedFrame: Sendable {
    /// The decoded frame (its `sequence` and `captureTime` are set).
    public var frame: Frame
    /// Every read in the frame, corners in the frame's pixels; reads not
    /// yet confirmed by the tracker too.
    public var detections: [Detection]
    /// The items this frame reported (its `appeared` events).
    public var appeared: [DetectionEvent.Appearance]
    /// The part of the frame that was decoded.
    public var regionOfInterest: RegionOfInterest
    /// How long decoding the frame took.
    public var decodeTime: Duration

    public init(
        frame: Frame, detections: [Detection], appeared: [DetectionEvent.Appearance], regionOfInterest: RegionOfInterest,
        decodeTime: Duration
    ) {
        self.frame = frame
        self.detections = detections
        self.appeared = appeared
        self.regionOfInterest = regionOfInterest
        self.decodeTime = decodeTime
    }

}
