import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// The session's life: no event lost at the start, none doubled by a slow
/// decoder, start after stop, and the source closed when `stop()` returns.
@Suite struct SessionLifecycleTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// The lost-first-event clip: its first frame already shows the code,
    /// so an event emitted before the delegate was set would be lost.
    static func shortQRClip(in directory: TemporaryDirectory) throws -> String {
        try RecordingBuilder.firstFrameQRClip(in: directory)
    }

    /// 200 sessions over the clip, the delegate set before `start()` as
    /// documented: exactly one event each time, then the end.
    @Test func theFirstEventReachesADelegateEveryTime() throws {
        let path = try Self.shortQRClip(in: directory)
        for run in 0..<200 {
            let session = CaptureSession { try Recording.open(path, realTime: false) }
            let delegate = Collector()
            session.setDelegate(delegate)
            try session.start()
            try #require(delegate.finished.wait(timeout: Liveness.deadline) == .success, "run \(run) did not finish")
            let events = delegate.events
            try #require(events.count == 1 && events.appearances.first?.detection.text == RecordingBuilder.firstFrameText,
                         "run \(run): \(events)")
        }
    }

    /// A delegate or a stream consumer that comes after `start()` (after
    /// the run has even ended) still gets everything since `start()`.
    @Test func lateConsumersMissNothing() async throws {
        let path = try Self.shortQRClip(in: directory)
        let session = CaptureSession { try Recording.open(path, realTime: false) }
        try session.start()
        session.waitUntilFinished()
        let delegate = Collector()
        session.setDelegate(delegate)
        #expect(delegate.finished.wait(timeout: Liveness.deadline) == .success)
        #expect(delegate.events.appearances.map(\.detection.text) == [RecordingBuilder.firstFrameText])
        var streamed: [DetectionEvent] = []
        for await event in session.events { streamed.append(event) }
        #expect(streamed == delegate.events)
    }

    /// Only every 8th frame of a 30 fps clip is decoded, as when the
    /// decoder falls behind a live camera, and the reads of two decoded
    /// frames in a row fail: 5 s in view is one `appeared`. Away for 1 s
    /// and back is two.
    @Test func aSlowDecoderNeverBillsOnePresentationTwice() async throws {
        let item = try SessionReplay.item()
        var held = RecordingBuilder()
        held.show(item, frames: 80)
        held.showNothing(frames: 1)   // frame 80: a failed read
        held.show(item, frames: 7)
        held.showNothing(frames: 1)   // frame 88: another
        held.show(item, frames: 61)   // to 5 s
        let heldPath = try held.write("held.y4m", in: directory)
        var returned = RecordingBuilder()
        returned.show(item, frames: 150)
        returned.showNothing(frames: 30)
        returned.show(item, frames: 150)
        let returnedPath = try returned.write("returned.y4m", in: directory)

        func appearances(_ path: String) async throws -> [DetectionEvent.Appearance] {
            let session = CaptureSession { try ClipSource(path: path, isLive: false, keepEvery: 8) }
            try session.start()
            var events: [DetectionEvent] = []
            for await event in session.events { events.append(event) }
            #expect(session.error == nil)
            #expect(session.statistics.decoded == (held.frameCount + 7) / 8 || path == returnedPath)
            return events.appearances
        }
        #expect(try await appearances(heldPath).count == 1)
        let twice = try await appearances(returnedPath)
        #expect(twice.count == 2)
        #expect(twice.map(\.sequence) == [0, 184])
    }

    /// start, stop, start on one session over a paced recording: events
    /// resume in the second run, and the source is closed when `stop()`
    /// returns, before the next `start()` opens it again.
    @Test func startAfterStopRunsAgainWithTheSourceClosedBetween() async throws {
        var clip = RecordingBuilder()
        clip.show(try SessionReplay.coupon(), frames: 90)
        let path = try clip.write("coupon.y4m", in: directory)
        let counter = OpenSources()
        let session = CaptureSession {
            try CountedSource(ClipSource(path: path, isLive: false, realTime: true), counter: counter)
        }
        #expect(session.state == .idle)
        for run in 1...2 {
            let delegate = Collector()
            session.setDelegate(delegate)
            try session.start()
            #expect(session.state == .running)
            #expect(counter.open == 1, "run \(run)")
            #expect(delegate.firstAppearance.wait(timeout: Liveness.deadline) == .success, "run \(run)")
            session.stop()
            #expect(session.state == .stopped)
            // The busy check: nothing holds the source once stop() returned.
            #expect(counter.open == 0, "run \(run)")
            #expect(delegate.finished.wait(timeout: .now() + 5) == .success)
            #expect(delegate.events.appearances.map(\.detection.text) == [SessionReplay.coupon], "run \(run)")
            #expect(session.statistics.captured < 90)
        }
        #expect(counter.opened == 2)
    }

    /// `stop()` on a replay paced at one frame every 5 s cuts short the wait
    /// for the second frame, which is then never captured. Before, `stop()`
    /// waited out the interval, and the reader delivered that frame first.
    @Test func stopCutsShortAPacedReplaysWait() throws {
        let header = Array("YUV4MPEG2 W16 H16 F1:5 Cmono\n".utf8)
        let frame = Array("FRAME\n".utf8) + [UInt8](repeating: 200, count: 16 * 16)
        let path = directory.file("slow.y4m").path
        try Data(header + frame + frame + frame).write(to: URL(fileURLWithPath: path))
        let session = CaptureSession { try Recording.open(path, realTime: true) }
        try session.start()
        // A guard against a hang, not a timing: the first frame decodes at once.
        let deadline = ContinuousClock.now + .seconds(4)
        while session.statistics.decoded == 0 && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        try #require(session.statistics.decoded == 1)
        session.stop()
        #expect(session.statistics.captured == 1)
        #expect(session.state == .stopped)
    }

    /// A recording that ends by itself leaves the session stopped, and
    /// `start()` replays it from the beginning with a new stream.
    @Test func aFinishedRecordingStartsAgain() async throws {
        let path = try Self.shortQRClip(in: directory)
        let session = CaptureSession { try Recording.open(path, realTime: false) }
        var runs: [[DetectionEvent]] = []
        for _ in 0..<3 {
            try session.start()
            var events: [DetectionEvent] = []
            for await event in session.events { events.append(event) }
            session.waitUntilFinished()
            #expect(session.state == .stopped)
            runs.append(events)
        }
        #expect(runs.map(\.appearances.count) == [1, 1, 1])
        #expect(session.statistics.captured == 10)
    }

    /// A source that fails to open leaves the session as it was.
    @Test func aFailedStartLeavesTheSessionIdle() throws {
        let session = CaptureSession { try Recording.open("/nonexistent/clip.y4m", realTime: false) }
        #expect(throws: RecordingError.self) { try session.start() }
        #expect(session.state == .idle)
        session.stop()
        session.waitUntilFinished()
    }

    /// The camera's own events travel with the frames: a loss is reported
    /// after the events of every frame captured before it, and damaged
    /// frames are counted once, by the session.
    @Test func cameraEventsKeepCaptureOrderAndDamageIsCounted() async throws {
        var clip = RecordingBuilder()
        clip.show(try SessionReplay.coupon(), frames: 12)
        let path = try clip.write("lost.y4m", in: directory)
        let opens = OpenSources()
        let session = CaptureSession {
            try FailingCamera(ClipSource(path: path, isLive: true), counter: opens)
        }
        let delegate = Collector()
        session.setDelegate(delegate)
        try session.start()
        #expect(delegate.restored.wait(timeout: Liveness.deadline) == .success)
        session.stop()
        let kinds = delegate.events.map { event -> String in
            switch event {
            case .appeared: "appeared"
            case .left: "left"
            case .cameraLost(_, let error): "lost(\(error))"
            case .cameraRestored: "restored"
            }
        }
        // Frame 0 shows the coupon (first decoded frame, in capture order
        // before the loss after frame 3), then the loss, then the return.
        #expect(kinds.first == "appeared", "\(kinds)")
        #expect(kinds.dropFirst().first?.hasPrefix("lost(") == true, "\(kinds)")
        #expect(kinds.contains("restored"), "\(kinds)")
        #expect(session.statistics.damaged >= 1)
        #expect(opens.open == 0)
    }

    /// A program that uses only a delegate never reads `events`: the stream
    /// keeps the run's first `backlogLimit` events for a reader still to
    /// come, not every event of the run, while the delegate gets them all.
    @Test func anUnreadStreamKeepsAtMostTheBacklogLimit() async throws {
        let qr = try ZintRenderer.render(.qr, .text("BACKLOG"), moduleSize: 3, margin: 12).frame
        let total = CaptureSession.backlogLimit + 20
        let session = CaptureSession(configuration: SessionReplay.tracker(.everyFrame)) { RepeatedFrame(qr, times: total) }
        let delegate = Collector()
        session.setDelegate(delegate)
        try session.start()
        try #require(delegate.finished.wait(timeout: .now() + 120) == .success)
        #expect(delegate.events.count == total)
        var streamed: [DetectionEvent] = []
        for await event in session.events { streamed.append(event) }
        #expect(streamed == Array(delegate.events.prefix(CaptureSession.backlogLimit)))
    }
}

/// One frame, `times` times, 1/30 s apart.
final class RepeatedFrame: FrameSource {
    private let frame: Frame
    private let times: Int
    private var delivered = 0

    init(_ frame: Frame, times: Int) {
        self.frame = frame
        self.times = times
    }

    let name = "repeated frame"
    let isLive = false
    let frameInterval: Duration? = .seconds(1) / 30
    func nextFrame() -> CapturedFrame? {
        guard delivered < times else { return nil }
        defer { delivered += 1 }
        return CapturedFrame(frame: frame, sequence: UInt64(delivered), captureTime: frameTime(delivered))
    }
}

/// Counts the sources a session holds open.
final class OpenSources: @unchecked Sendable {
    // Sendable: guarded by `lock`.
    private let lock = NSLock()
    private var current = 0
    private var total = 0
    var open: Int { lock.withLock { current } }
    var opened: Int { lock.withLock { total } }
    func opening() { lock.withLock { current += 1; total += 1 } }
    func closing() { lock.withLock { current -= 1 } }
}

/// A source that reports its opening and closing to `counter`.
final class CountedSource: FrameSource {
    private let inner: any FrameSource
    private let counter: OpenSources

    init(_ inner: any FrameSource, counter: OpenSources) {
        self.inner = inner
        self.counter = counter
        counter.opening()
    }

    deinit { counter.closing() }

    var name: String { inner.name }
    var isLive: Bool { inner.isLive }
    var frameInterval: Duration? { inner.frameInterval }
    func nextFrame() throws(FrameSourceError) -> CapturedFrame? { try inner.nextFrame() }
}

/// A live source that delivers a damaged frame after frame 1 and is lost
/// after frame 3 on its first opening; reopened, it delivers normally.
final class FailingCamera: FrameSource {
    private let inner: ClipSource
    private let counter: OpenSources
    private let firstOpening: Bool
    private var delivered = 0

    init(_ inner: ClipSource, counter: OpenSources) {
        self.inner = inner
        self.counter = counter
        firstOpening = counter.opened == 0
        counter.opening()
    }

    deinit { counter.closing() }

    var name: String { "/dev/video-test" }
    var isLive: Bool { true }
    var frameInterval: Duration? { inner.frameInterval }

    func nextFrame() throws(FrameSourceError) -> CapturedFrame? {
        if firstOpening && delivered == 2 {
            delivered += 1
            throw .damagedFrame(.flaggedByDriver(sequence: 2))
        }
        if firstOpening && delivered == 4 { throw .lost(.deviceLost(path: name, errno: 19)) }
        delivered += 1
        // Frames come no faster than a camera's, so frame 0 is decoded.
        Thread.sleep(forTimeInterval: 0.02)
        return try inner.nextFrame()
    }
}

/// Records a session's events on the delegate queue.
final class Collector: CaptureSessionDelegate, @unchecked Sendable {
    // Sendable: fields are guarded by `lock`.
    private let lock = NSLock()
    private var received: [DetectionEvent] = []
    let finished = DispatchSemaphore(value: 0)
    let firstAppearance = DispatchSemaphore(value: 0)
    let restored = DispatchSemaphore(value: 0)

    var events: [DetectionEvent] { lock.withLock { received } }

    func captureSession(_ session: CaptureSession, didEmit event: DetectionEvent) {
        let first = lock.withLock { () -> Bool in
            received.append(event)
            return received.appearances.count == 1 && { if case .appeared = event { true } else { false } }()
        }
        if first { firstAppearance.signal() }
        if case .cameraRestored = event { restored.signal() }
    }

    func captureSession(_ session: CaptureSession, didFinishWith error: (any Error)?) {
        finished.signal()
    }
}
