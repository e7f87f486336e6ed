import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// The session machinery: delegate delivery, configuration transactions,
/// stopping, and dropping late frames from a live source.
@Suite struct CaptureSessionTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// An EAN-13 and a QR code side by side for 2 s.
    private func itemAndCoupon() throws -> String {
        var clip = RecordingBuilder()
        clip.show([try SessionReplay.item(x: 40), try SessionReplay.coupon()], frames: 60)
        return try clip.write("item-and-coupon.y4m", in: directory)
    }

    @Test func delegateReceivesTheSameEventsAsTheStreamThenTheEnd() async throws {
        let path = try itemAndCoupon()
        let session = CaptureSession { try Y4MReader(path: path, realTime: false) }
        let delegate = EventCollector()
        session.setDelegate(delegate)
        try session.start()
        var streamed: [DetectionEvent] = []
        for await event in session.events { streamed.append(event) }
        #expect(delegate.finished.wait(timeout: Liveness.deadline) == .success)
        #expect(delegate.events == streamed)
        #expect(Set(streamed.appearances.map(\.detection.text)) == [SessionReplay.gtin, SessionReplay.coupon])
        #expect(streamed.appearances.count == 2)
        #expect(delegate.finishError == "none")
    }

    @Test func configurationSetBeforeStartAppliesFromTheFirstFrame() async throws {
        let path = try itemAndCoupon()
        let session = CaptureSession { try Y4MReader(path: path, realTime: false) }
        session.configuration.decoder.symbologies = [.qr]
        try session.start()
        var shown: [DetectionEvent] = []
        for await event in session.events { shown.append(event) }
        #expect(shown.appearances.map(\.detection.text) == [SessionReplay.coupon])
        #expect(shown.appearances.first?.sequence == 0)
    }

    /// The delegate opens a transaction when the QR code appears; frames go
    /// on with the old settings until the test commits while the source is
    /// held before frame 30. Reader and tracker then change together.
    /// Synchronous, with the delegate's events, so that no step waits for
    /// the test's task to be scheduled.
    @Test func commitChangesSymbologiesAndPolicyTogetherWhileRunning() throws {
        let path = try itemAndCoupon()
        let afterBegin = DispatchSemaphore(value: 0), afterCommit = DispatchSemaphore(value: 0)
        var configuration = CaptureSession.Configuration()
        configuration.decoder.symbologies = [.qr]
        let session = CaptureSession(configuration: configuration) {
            try GatedSource(path: path, gates: [10: afterBegin, 30: afterCommit])
        }
        let delegate = EventCollector { session, _ in
            session.beginConfiguration()
            session.configuration.decoder.symbologies.insert(.ean13)
            session.configuration.tracker.policy = .everyFrame
            afterBegin.signal()
        }
        session.setDelegate(delegate)
        try session.start()

        // The source is held before frame 30, so frames 0–29 get decoded.
        let deadline = Date(timeIntervalSinceNow: Liveness.seconds)
        while session.statistics.decoded < 30 && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        try #require(session.statistics.decoded == 30)
        #expect(session.configuration.decoder.symbologies == [.qr, .ean13], "the pending configuration")
        #expect(session.configuration.tracker.policy == .everyFrame)
        session.commitConfiguration()
        afterCommit.signal()

        #expect(delegate.finished.wait(timeout: Liveness.deadline) == .success)
        #expect(delegate.finishError == "none")
        let shown = delegate.events.appearances
        let coupons = shown.filter { $0.detection.symbology == .qr }.map(\.sequence)
        let items = shown.filter { $0.detection.symbology == .ean13 }.map(\.sequence)
        // Frame 0 with the first settings; nothing while the change was pending.
        #expect(coupons == [0] + Array(30...59))
        // The EAN is read from frame 30 on, confirmed by the scan lines of
        // its first read.
        #expect(items == Array(30...59))
    }

    /// The delegate stops a real-time replay at the first appearance; the
    /// event stream then finishes long before the 3 s clip would end.
    @Test func stopEndsTheEventStream() async throws {
        var clip = RecordingBuilder()
        clip.show(try SessionReplay.item(), frames: 90)
        let path = try clip.write("held.y4m", in: directory)
        let session = CaptureSession { try Y4MReader(path: path, realTime: true) }
        let delegate = EventCollector { session, _ in session.stop() }
        session.setDelegate(delegate)
        try session.start()
        var streamed: [DetectionEvent] = []
        for await event in session.events { streamed.append(event) }
        #expect(streamed.appearances.map(\.sequence) == [0])
        #expect(session.statistics.captured < 30)
        #expect(session.error == nil)
        #expect(delegate.finished.wait(timeout: .now() + 5) == .success)
    }

    /// A source that delivers large frames faster than they decode: live,
    /// the newest frame wins and the rest are counted as dropped; from a
    /// recording every frame is decoded.
    @Test(arguments: [true, false])
    func liveSessionDropsLateFrames(isLive: Bool) async throws {
        var clip = RecordingBuilder(width: 1280, height: 720)
        clip.show(try SessionReplay.item(x: 500, y: 300), frames: 40)
        let path = try clip.write("large.y4m", in: directory)
        let session = CaptureSession { try ClipSource(path: path, isLive: isLive) }
        try session.start()
        var shown = 0
        for await event in session.events { if case .appeared = event { shown += 1 } }
        let statistics = session.statistics
        #expect(statistics.captured == 40)
        #expect(statistics.decoded + statistics.dropped == statistics.captured)
        if isLive {
            #expect(statistics.dropped > 0)
        } else {
            #expect(statistics.dropped == 0)
            #expect(shown == 1)
        }
    }

    /// Frames read in the helper process that pass the time limit inside
    /// the engines are dropped and counted, and the run goes on; with room,
    /// the same recording is read (each timeout replaced the helper).
    @Test(.timeLimit(.minutes(2))) func framesPastTheTimeLimitAreAbandonedAndTheRunGoesOn() async throws {
        var clip = RecordingBuilder(width: 1280, height: 720, noise: 60)
        clip.show(try SessionReplay.coupon(x: 600, y: 300), frames: 8)
        let path = try clip.write("slow.y4m", in: directory)
        ScanCommand.serveReadsFromScan()
        var configuration = CaptureSession.Configuration()
        configuration.decoder.isolated = true
        // Far less than a 720p read takes, even on an idle machine.
        configuration.decoder.timeLimit = .milliseconds(1)
        let session = CaptureSession(configuration: configuration) { try Y4MReader(path: path, realTime: false) }
        try session.start()
        var shown: [DetectionEvent] = []
        for await event in session.events { shown.append(event) }
        #expect(session.error == nil)
        #expect(session.statistics.captured == 8 && session.statistics.abandoned == 8 && session.statistics.decoded == 0)
        #expect(shown.appearances.isEmpty)

        configuration.decoder.timeLimit = .seconds(60)
        let patient = CaptureSession(configuration: configuration) { try Y4MReader(path: path, realTime: false) }
        try patient.start()
        var read: [DetectionEvent] = []
        for await event in patient.events { read.append(event) }
        #expect(patient.statistics.abandoned == 0 && patient.statistics.decoded == 8)
        #expect(read.appearances.map(\.detection.text) == [SessionReplay.coupon])
    }
}

/// Records what a delegate receives and calls `onFirstAppearance` once,
/// on the delegate queue.
private final class EventCollector: CaptureSessionDelegate, @unchecked Sendable {
    // Sendable: fields are guarded by `lock`.
    private let lock = NSLock()
    private var received: [DetectionEvent] = []
    private var error: String?
    private var onFirstAppearance: (@Sendable (CaptureSession, DetectionEvent) -> Void)?
    let finished = DispatchSemaphore(value: 0)

    init(onFirstAppearance: (@Sendable (CaptureSession, DetectionEvent) -> Void)? = nil) {
        self.onFirstAppearance = onFirstAppearance
    }

    var events: [DetectionEvent] { lock.withLock { received } }
    var finishError: String? { lock.withLock { error } }

    func captureSession(_ session: CaptureSession, didEmit event: DetectionEvent) {
        let action = lock.withLock { () -> (@Sendable (CaptureSession, DetectionEvent) -> Void)? in
            received.append(event)
            guard case .appeared = event else { return nil }
            defer { onFirstAppearance = nil }
            return onFirstAppearance
        }
        action?(session, event)
    }

    func captureSession(_ session: CaptureSession, didFinishWith error: (any Error)?) {
        lock.withLock { self.error = error.map { "\($0)" } ?? "none" }
        finished.signal()
    }
}

/// A recording that waits before chosen frames until the test signals, so
/// that a configuration change lands at a known frame. The project's own
/// `FrameSource` protocol over the real `Y4MReader`.
private final class GatedSource: FrameSource {
    private let reader: Y4MReader
    private let gates: [UInt64: DispatchSemaphore]

    init(path: String, gates: [UInt64: DispatchSemaphore]) throws {
        reader = try Y4MReader(path: path, realTime: false)
        self.gates = gates
    }

    var name: String { reader.name }
    var isLive: Bool { false }
    var frameInterval: Duration? { reader.frameInterval }

    func nextFrame() throws(FrameSourceError) -> CapturedFrame? {
        guard let captured = try reader.nextFrame() else { return nil }
        if let gate = gates[captured.sequence], gate.wait(timeout: Liveness.deadline) == .timedOut {
            throw .unreadable(.badRecording(path: name, reason: "the test did not open gate \(captured.sequence)"))
        }
        return captured
    }
}
