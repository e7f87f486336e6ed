import Dispatch
import FoundationEssentials
import Glibc

/// Frames in, detection events out: the Linux counterpart of
/// `AVCaptureSession` with an `AVCaptureMetadataOutput`.
///
/// A session pulls frames from its source on a capture thread and decodes
/// them on a decode thread, so decoding never stalls capture. For a live
/// source (a camera) the newest frame wins and late ones are dropped; a
/// recording is decoded frame by frame. The decoded symbols go through a
/// `PresentationTracker`, and its events reach the caller through `events`
/// (an `AsyncStream`) and through a delegate, in capture order.
///
/// A camera that is unplugged mid-stream is reported (`cameraLost`), closed,
/// and reopened with back-off until it returns (`cameraRestored`), with the
/// same settings.
///
/// The session is a state machine behind one lock: `idle` until the first
/// `start()`, `running`, `stopping` while `stop()` waits for its threads,
/// and `stopped`, from which `start()` runs it again with a fresh source
/// and tracker.
public final class CaptureSession: @unchecked Sendable {
    // Sendable: mutable state is guarded by `lock`; each run's source and
    // decoder are confined to that run's capture and decode threads.

    /// What the session looks for and how it reports it. Change it while
    /// running with `beginConfiguration()`/`commitConfiguration()`; the next
    /// frame uses the whole new configuration.
    public struct Configuration: Sendable, Hashable {
        /// What each frame is decoded for, and how hard (`.fast` by default).
        public var decoder: DecoderConfiguration
        /// How reads are confirmed and deduplicated into events.
        public var tracker: TrackerConfiguration

        /// A configuration for live scanning: a fast decode and the default tracker.
        public init(
            decoder: DecoderConfiguration = DecoderConfiguration(effort: .fast),
            tracker: TrackerConfiguration = TrackerConfiguration()
        ) {
            self.decoder = decoder
            self.tracker = tracker
        }
    }

    /// Where a session is in its life.
    public enum State: Sendable, Hashable {
        /// Created, never started.
        case idle
        /// Capturing and decoding.
        case running
        /// `stop()` was called; the threads are closing the source.
        case stopping
        /// The run ended (stopped, the recording's end, or an error); the
        /// source is closed and `start()` may run the session again.
        case stopped
    }

    /// Counters for diagnostics and benchmarks, for the current or last run.
    public struct Statistics: Sendable, Hashable {
        /// Frames the source delivered.
        public var captured = 0
        /// Frames decoded.
        public var decoded = 0
        /// Frames replaced by a newer one before they were decoded.
        public var dropped = 0
        /// Frames the source delivered damaged, skipped.
        public var damaged = 0
        /// Frames whose isolated reading was abandoned (the time limit
        /// passed inside a decoder, or it crashed): dropped, the run goes on.
        public var abandoned = 0
    }

    /// Opens the frame source; called by each `start()`, and again to
    /// reopen a lost camera.
    public typealias SourceFactory = @Sendable () throws -> any FrameSource

    /// The most events of a run kept for a consumer still to come: a
    /// delegate set after `start()`, or the reader of `events`. Bounded, as
    /// a program that uses only a delegate never reads `events`: unbounded,
    /// that stream kept every event of a till's day (about 500 bytes each;
    /// `scripts/soak` grew 2 MB in 30 min).
    public static let backlogLimit = 1_000

    private let makeSource: SourceFactory
    private let recorder: Y4MWriter?
    /// Serialises `start()` and `stop()` with each other.
    private let control = Lock()
    /// Guards everything below.
    private let lock = Lock()
    private var phase = State.idle
    private var current: Configuration
    private var pending: Configuration?
    private var stats = Statistics()
    private var failure: (any Error)?
    private var delegate: (any CaptureSessionDelegate)?
    private var delegateQueue: DispatchQueue?
    private var frameObserver: (@Sendable (DecodedFrame) -> Void)?
    /// This run's events while no delegate was set, for the first one set.
    private var backlog: [DetectionEvent] = []
    /// The last run ended while no delegate was set: the first one set is told.
    private var unreportedEnd = false
    private var stream: (stream: AsyncStream<DetectionEvent>, continuation: AsyncStream<DetectionEvent>.Continuation)
    /// Whether a run has fed `stream`; the next `start()` makes a new one.
    private var streamUsed = false
    private var run: Run?

    /// A session over the frame source `source` opens. Whether the source
    /// is live is the source's to say (`FrameSource.isLive`). With
    /// `recordTo`, every captured frame is also written there as `.y4m`.
    public init(
        configuration: Configuration = Configuration(), recordTo recording: Y4MWriter? = nil,
        source: @escaping SourceFactory
    ) {
        current = configuration
        makeSource = source
        recorder = recording
        stream = Self.makeStream()
    }

    private static func makeStream() -> (stream: AsyncStream<DetectionEvent>, continuation: AsyncStream<DetectionEvent>.Continuation) {
        AsyncStream.makeStream(of: DetectionEvent.self, bufferingPolicy: .bufferingOldest(backlogLimit))
    }

    // MARK: Configuration

    /// The configuration in force (or pending, between begin and commit).
    public var configuration: Configuration {
        get { lock.withLock { pending ?? current } }
        set { lock.withLock { if pending != nil { pending = newValue } else { current = newValue } } }
    }

    /// Starts a group of configuration changes that apply together.
    public func beginConfiguration() {
        lock.withLock { if pending == nil { pending = current } }
    }

    /// Applies the changes since `beginConfiguration()` in one step.
    public func commitConfiguration() {
        lock.withLock {
            if let pending { current = pending }
            pending = nil
        }
    }

    // MARK: Observing

    /// The events of the current run, or of the next one while none has
    /// started, for one consumer. Events since `start()` are buffered until
    /// they are read, up to `backlogLimit` unread ones, so a consumer that
    /// begins after `start()` misses nothing. The stream ends when the run
    /// does; each later `start()` makes a new one.
    public var events: AsyncStream<DetectionEvent> {
        lock.withLock { stream.stream }
    }

    /// Where events go besides `events`; `queue` defaults to a private
    /// serial queue. Set it before `start()`. A delegate set while a run is
    /// under way is first sent what that run emitted before (up to
    /// `backlogLimit` events), and the end of a run it missed.
    public func setDelegate(_ delegate: (any CaptureSessionDelegate)?, queue: DispatchQueue? = nil) {
        lock.withLock {
            self.delegate = delegate
            let queue = queue ?? DispatchQueue(label: "scan.capture-session.delegate")
            delegateQueue = queue
            guard let delegate else { return }
            // Queued under the lock, so nothing the decode thread emits
            // next can overtake the backlog.
            let missed = backlog
            backlog = []
            if !missed.isEmpty {
                queue.async { [self] in for event in missed { delegate.captureSession(self, didEmit: event) } }
            }
            if unreportedEnd {
                unreportedEnd = false
                let error = failure
                queue.async { [self] in delegate.captureSession(self, didFinishWith: error) }
            }
        }
    }

    /// Called on the decode thread after each decoded frame, with the frame
    /// and what was read in it: for a live preview. It runs between decodes,
    /// so it must only hand the frame on (to a slot another thread draws
    /// from) and return.
    public func setFrameObserver(_ observer: (@Sendable (DecodedFrame) -> Void)?) {
        lock.withLock { frameObserver = observer }
    }

    /// Where the session is in its life.
    public var state: State { lock.withLock { phase } }

    /// The counters of the current or last run.
    public var statistics: Statistics { lock.withLock { stats } }

    /// The error that ended the last run, if any.
    public var error: (any Error)? { lock.withLock { failure } }

    // MARK: Running

    /// Opens the source and starts capturing and decoding. Errors opening
    /// the source (no camera, permission denied, busy) are thrown here, and
    /// the session stays as it was. Does nothing while running. After
    /// `stop()` (or the end of a recording) it starts a new run: a newly
    /// opened source, a new tracker and a new `events` stream.
    public func start() throws {
        try control.withLock {
            guard lock.withLock({ phase != .running }) else { return }
            let source = try makeSource()
            if let recorder, recorder.frameInterval == nil { recorder.frameInterval = source.frameInterval }
            let run = lock.withLock { () -> Run in
                if streamUsed { stream = Self.makeStream() }
                streamUsed = true
                let run = Run(
                    isLive: source.isLive, device: source.name, interrupt: source.interrupter, continuation: stream.continuation)
                self.run = run
                phase = .running
                stats = Statistics()
                failure = nil
                backlog = []
                unreportedEnd = false
                return run
            }
            let transfer = Transfer(source)
            detachThread(named: "scan.capture") { [self] in captureLoop(run, transfer.take()) }
            detachThread(named: "scan.decode") { [self] in decodeLoop(run) }
        }
    }

    /// Stops capturing and returns once the source is closed (a camera is
    /// free for another program) and the last event has been queued for the
    /// delegate and the stream. Frames not yet decoded are dropped.
    public func stop() {
        control.withLock {
            let running = lock.withLock { () -> Run? in
                guard phase == .running, let run else { return nil }
                phase = .stopping
                return run
            }
            running?.slot.cancel()
            running?.interrupt?()
            waitUntilFinished()
        }
    }

    /// Blocks until the current run ends: at the end of a recording, after
    /// `stop()`, or on an unrecoverable error. Returns at once when the
    /// session is not running.
    public func waitUntilFinished() {
        lock.withLock { while phase == .running || phase == .stopping { lock.wait() } }
    }

    // MARK: The threads

    /// One run's hand-off and stream; the threads of a run touch only theirs.
    private final class Run: @unchecked Sendable {
        // Sendable: `threadsLeft` is guarded by the session's lock.
        let slot: FrameSlot
        let isLive: Bool
        let device: String
        /// Cuts short the first source's wait for a frame (a paced replay's).
        let interrupt: (@Sendable () -> Void)?
        let continuation: AsyncStream<DetectionEvent>.Continuation
        var threadsLeft = 2

        init(isLive: Bool, device: String, interrupt: (@Sendable () -> Void)?, continuation: AsyncStream<DetectionEvent>.Continuation) {
            slot = FrameSlot(dropsLateFrames: isLive)
            self.isLive = isLive
            self.device = device
            self.interrupt = interrupt
            self.continuation = continuation
        }
    }

    private func captureLoop(_ run: Run, _ initial: consuming any FrameSource) {
        // Consumed, not copied: a lost camera returns only once every
        // handle on it is closed, and a parameter would keep one open.
        var source: (any FrameSource)? = consume initial
        var backoff = Duration.milliseconds(100)
        var ending: (any Error)?
        capture: while !run.slot.isCancelled {
            guard let live = source else {
                // Lost: wait, then try to reopen with the same settings.
                if run.slot.waitForCancel(timeout: backoff) { break }
                if let reopened = try? makeSource() {
                    source = reopened
                    backoff = .milliseconds(100)
                    run.slot.put(.cameraRestored(device: run.device))
                } else {
                    backoff = min(backoff * 2, .seconds(2))
                }
                continue
            }
            do throws(FrameSourceError) {
                guard let captured = try live.nextFrame() else { break }  // end of a recording
                do {
                    try recorder?.append(captured.frame)
                } catch {
                    ending = error
                    break capture
                }
                let outcome = run.slot.put(captured)
                lock.withLock {
                    stats.captured += 1
                    if outcome == .replacedLateFrame { stats.dropped += 1 }
                }
                if outcome == .finished { break }
            } catch {
                switch error {
                case .lost(let cause) where run.isLive:
                    // The device stopped working mid-stream (unplugged,
                    // stalled, failing): close every handle on it, so that
                    // it can return. The event follows the frames before it.
                    source = nil
                    run.slot.put(.cameraLost(device: run.device, error: cause))
                case .damagedFrame:
                    lock.withLock { stats.damaged += 1 }
                case .lost, .unreadable:
                    ending = error
                    break capture
                }
            }
        }
        source = nil  // closes the device
        if let ending { lock.withLock { failure = ending } }
        run.slot.finish()
        threadEnded(run)
    }

    private func decodeLoop(_ run: Run) {
        var applied = lock.withLock { current }
        var reader = BarcodeReader(configuration: applied.decoder)
        var tracker = PresentationTracker(configuration: applied.tracker)
        let clock = ContinuousClock()
        while let item = run.slot.take() {
            switch item {
            case .event(let event):
                deliver([event], of: run)
            case .frame(let captured):
                let wanted = lock.withLock { current }
                if wanted != applied {
                    reader.configuration = wanted.decoder
                    tracker.configuration = wanted.tracker
                    applied = wanted
                }
                let started = clock.now
                let result = reader.read(captured.frame)
                let latency = clock.now - started
                if result.abandonment != nil {
                    lock.withLock { stats.abandoned += 1 }
                    continue
                }
                let detections = result.detections
                let covered = applied.decoder.regionOfInterest.isFull
                    ? nil : applied.decoder.regionOfInterest.pixelRect(width: captured.frame.width, height: captured.frame.height)
                let observer = lock.withLock { stats.decoded += 1; return frameObserver }
                let events = tracker.update(
                    frameDetections: detections, sequence: captured.sequence, captureTime: captured.captureTime,
                    decodeLatency: latency, covering: covered)
                deliver(events, of: run)
                observer?(DecodedFrame(
                    frame: captured.frame, detections: detections,
                    appeared: events.compactMap { if case .appeared(let item) = $0 { item } else { nil } },
                    regionOfInterest: applied.decoder.regionOfInterest, decodeTime: latency))
            }
        }
        deliver(tracker.finish(), of: run)
        threadEnded(run)
    }

    /// Sends `events` to the stream and the delegate, or keeps them for a
    /// delegate still to come. Called from the decode thread only, so
    /// events keep their order.
    private func deliver(_ events: [DetectionEvent], of run: Run) {
        guard !events.isEmpty else { return }
        lock.withLock {
            for event in events { run.continuation.yield(event) }
            if let delegate, let delegateQueue {
                delegateQueue.async { [self] in
                    for event in events { delegate.captureSession(self, didEmit: event) }
                }
            } else {
                backlog.append(contentsOf: events.prefix(max(0, Self.backlogLimit - backlog.count)))
            }
        }
    }

    /// The last of a run's two threads to end closes the run: the stream
    /// ends, the delegate hears of it, and waiters wake.
    private func threadEnded(_ run: Run) {
        lock.withLock {
            run.threadsLeft -= 1
            guard run.threadsLeft == 0 else { return }
            run.continuation.finish()
            phase = .stopped
            if let delegate, let delegateQueue {
                let error = failure
                delegateQueue.async { [self] in delegate.captureSession(self, didFinishWith: error) }
            } else {
                unreportedEnd = true
            }
            lock.broadcast()
        }
    }
}

/// Moves a non-Sendable value to the thread that will own it from then on.
private final class Transfer<Value>: @unchecked Sendable {
    private var value: Value?
    init(_ value: Value) { self.value = value }
    func take() -> Value {
        defer { value = nil }
        return value!
    }
}
