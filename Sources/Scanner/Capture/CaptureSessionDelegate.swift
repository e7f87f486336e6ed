/// Receives a session's events, for callers not on Swift concurrency: the
/// counterpart of `AVCaptureMetadataOutputObjectsDelegate`.
///
/// Calls arrive on the queue given to `CaptureSession.setDelegate(_:queue:)`,
/// never on the capture or decode threads, so a slow delegate cannot stall
/// the camera.
public protocol CaptureSessionDelegate: AnyObject, Sendable {
    /// An item appeared or left, or the camera was lost or restored.
    func captureSession(_ session: CaptureSession, didEmit event: DetectionEvent)
    /// The session ended: stopped, at the end of a recording, or on an error
    /// it could not recover from.
    func captureSession(_ session: CaptureSession, didFinishWith error: (any Error)?)
}

extension CaptureSessionDelegate {
    /// Does nothing, so a delegate that only wants events need not implement it.
    public func captureSession(_ session: CaptureSession, didFinishWith error: (any Error)?) {}
}
