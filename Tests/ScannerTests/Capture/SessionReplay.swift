import Foundation
import Scanner
import ScannerTestSupport

/// Clips and a replay harness shared by the capture-session tests: symbols
/// rendered by zint, composed into 30 fps recordings, written by the
/// library's `Y4MWriter` and read back by its `Y4MReader`.
enum SessionReplay {
    static let gtin = "5012345678900"
    static let coupon = "COUPON:SAVE-1.00"

    /// The checkout item: an EAN-13, 2 pixels per module, left of centre.
    static func item(x: Int = 200, y: Int = 120) throws -> RecordingBuilder.Placement {
        RecordingBuilder.Placement(try ZintRenderer.render(.ean13, .text(gtin), moduleSize: 2), x: x, y: y)
    }

    static func coupon(x: Int = 460, y: Int = 110) throws -> RecordingBuilder.Placement {
        RecordingBuilder.Placement(try ZintRenderer.render(.qr, .text(coupon), moduleSize: 4), x: x, y: y)
    }

    /// Replays `path` frame by frame, as fast as it decodes, and returns
    /// every event from `events` once the stream has ended.
    static func events(
        of path: String, configuration: CaptureSession.Configuration = CaptureSession.Configuration()
    ) async throws -> [DetectionEvent] {
        let session = CaptureSession(configuration: configuration) {
            try Y4MReader(path: path, realTime: false)
        }
        try session.start()
        var events: [DetectionEvent] = []
        for await event in session.events { events.append(event) }
        if let error = session.error { throw error }
        return events
    }

    static func tracker(_ policy: DedupPolicy, confirm: Int = 2, left: Bool = false) -> CaptureSession.Configuration {
        CaptureSession.Configuration(
            tracker: TrackerConfiguration(policy: policy, confirmLinear: confirm, reportsLeft: left))
    }
}

extension [DetectionEvent] {
    var appearances: [DetectionEvent.Appearance] {
        compactMap { if case .appeared(let appearance) = $0 { appearance } else { nil } }
    }

    var departures: [DetectionEvent.Departure] {
        compactMap { if case .left(let departure) = $0 { departure } else { nil } }
    }
}

/// The capture time of frame `index` at 30 fps, as `Y4MReader` computes it.
func frameTime(_ index: Int) -> Duration { .seconds(1) / 30 * index }

/// A recording replayed as a chosen kind of source: live or not, and, like
/// a camera whose decoder falls behind, delivering only every `keepEvery`th
/// frame (with its true capture time) or pacing frames in real time.
final class ClipSource: FrameSource {
    private let reader: Y4MReader
    let isLive: Bool
    private let keepEvery: Int
    /// Called with each frame's sequence number before it is delivered.
    private let beforeFrame: (@Sendable (UInt64) -> Void)?

    init(path: String, isLive: Bool, realTime: Bool = false, keepEvery: Int = 1,
         beforeFrame: (@Sendable (UInt64) -> Void)? = nil) throws {
        reader = try Y4MReader(path: path, realTime: realTime)
        self.isLive = isLive
        self.keepEvery = max(1, keepEvery)
        self.beforeFrame = beforeFrame
    }

    var name: String { reader.name }
    var frameInterval: Duration? { reader.frameInterval }

    func nextFrame() throws(FrameSourceError) -> CapturedFrame? {
        while let captured = try reader.nextFrame() {
            guard captured.sequence % UInt64(keepEvery) == 0 else { continue }
            beforeFrame?(captured.sequence)
            return captured
        }
        return nil
    }
}
