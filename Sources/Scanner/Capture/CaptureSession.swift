import Foundation

/// Frames in, detection events out: the Linux counterpart of
/// `AVCaptureSession` with an `AVCaptureMetadataOutput`.
///
/// A session pulls frames from its source on a capture thread and decodes
/// them on a decode thread, so decoding never stalls capture. For a live
/// camera the newest frame wins and late ones are dropped; a recording is
/// decoded frame by frame. The decoded symbols go through a
/// `PresentationTracker`, and its events reach the caller through `events`
/// (an `AsyncStream`) and through a delegate.
///
/// A camera that is unplugged mid-stream is reported (`cameraLost`), closed,
/// and reopened with back-off until it returns (`cameraRestored`), with the
/// same settings.
public final class CaptureSession: @unchecked Sendable {
    // Sendable: mutable state is guarded by `lock`; the source and the
    // decoder are each confined to one thread.

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

    /// Counters for diagnostics and benchmarks.
    public struct Statistics: Sendable, Hashable {
        /// Frames the source delivered.
        public var captured = 0
        /// Frames decoded.
        public var decoded = 0
        /// Frames replaced by a newer one before they were decoded.
        public var dropped = 0
        /// Frames the source delivered damaged, skipped.
        public var damaged = 0
    }

    /// Opens the frame source; called again to reopen a lost camera.
    public typealias SourceFactory = @Sendable () throws -> any FrameSource

    /// The session's events, for one consumer. The stream ends when the
    /// session does.
    public let events: AsyncStream<DetectionEvent>

    private let continuation: AsyncStream<DetectionEvent>.Continuation
    private let makeSource: SourceFactory
    private let slot: FrameSlot
    private let recorder: Y4MWriter?
    private let lock = NSCondition()
    private var current: Configuration
    private var pending: Configuration?
    private var stats = Statistics()
    private var running = false
    private var finished = false
    private var failure: (any Error)?
    private var delegate: (any CaptureSessionDelegate)?
    private var delegateQueue: DispatchQueue?

    /// A session over `source`. `isLive` says whether frames arrive in real
    /// time (a camera: drop late frames, reopen when lost) or on demand (a
    /// recording: decode every frame, end at its end). With `recordTo`,
    /// every captured frame is also written there as `.y4m`.
    public init(
        configuration: Configuration = Configuration(), isLive: Bool, recordTo recording: Y4MWriter? = nil,
        source: @escaping SourceFactory
    ) {
        current = configuration
        makeSource = source
        slot = FrameSlot(dropsLateFrames: isLive)
        recorder = recording
        (events, continuation) = AsyncStream.makeStream(of: DetectionEvent.self)
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

    /// Where events go besides `events`; `queue` defaults to a private serial queue.
    public func setDelegate(_ delegate: (any CaptureSessionDelegate)?, queue: DispatchQueue? = nil) {
        lock.withLock {
            self.delegate = delegate
            delegateQueue = queue ?? DispatchQueue(label: "scan.capture-session.delegate")
        }
    }

    /// The counters so far.
    public var statistics: Statistics {
        lock.withLock {
            var copy = stats
            copy.dropped = slot.dropped
            return copy
        }
    }

    /// The error that ended the session, if any.
    public var error: (any Error)? { lock.withLock { failure } }

    // MARK: Running

    /// Opens the source and starts capturing and decoding. Errors opening
    /// the source (no camera, permission denied, busy) are thrown here.
    public func start() throws {
        let source = try makeSource()
        if let recorder, recorder.frameInterval == nil { recorder.frameInterval = source.frameInterval }
        lock.withLock { running = true }
        let transfer = Transfer(source)
        Thread.detachNewThread { [self] in captureLoop(transfer.take()) }
        Thread.detachNewThread { [self] in decodeLoop() }
    }

    /// Stops capturing, releases the device, and waits until the last event
    /// has been delivered.
    public func stop() {
        lock.withLock {
            running = false
            lock.broadcast()  // wakes a capture loop waiting to reopen a lost camera
        }
        slot.cancel()
        waitUntilFinished()
    }

    /// Blocks until the session ends: at the end of a recording, after
    /// `stop()`, or on an unrecoverable error.
    public func waitUntilFinished() {
        lock.withLock { while !finished { lock.wait() } }
    }

    private var isRunning: Bool { lock.withLock { running } }

    private func captureLoop(_ initial: consuming any FrameSource) {
        let deviceName = initial.name
        // Consumed, not copied: a lost camera returns only once every
        // handle on it is closed, and a parameter would keep one open.
        var source: (any FrameSource)? = consume initial
        var backoff = Duration.milliseconds(100)
        while isRunning {
            guard let live = source else {
                // Lost: wait, then try to reopen with the same settings.
                lock.withLock { _ = lock.wait(until: Date(timeIntervalSinceNow: backoff.seconds)) }
                guard isRunning else { break }
                if let reopened = try? makeSource() {
                    source = reopened
                    backoff = .milliseconds(100)
                    deliver([.cameraRestored(device: deviceName)])
                } else {
                    backoff = min(backoff * 2, .seconds(2))
                }
                continue
            }
            do {
                guard let frame = try live.nextFrame() else { break }  // end of a recording
                try recorder?.append(frame)
                lock.withLock { stats.captured += 1 }
                guard slot.put(frame) else { break }
            } catch let error as CaptureError {
                // The device stopped working mid-stream (unplugged, stalled,
                // failing): close every handle on it, so that it can return.
                source = nil
                deliver([.cameraLost(device: deviceName, reason: error.description)])
            } catch is ImageLoadError {
                // One damaged frame (a cut-off MJPEG image): skip it.
                lock.withLock { stats.damaged += 1 }
            } catch {
                lock.withLock { failure = error }
                break
            }
        }
        source = nil
        slot.finish()
    }

    private func decodeLoop() {
        var applied = lock.withLock { current }
        var reader = BarcodeReader(configuration: applied.decoder)
        var tracker = PresentationTracker(configuration: applied.tracker)
        let clock = ContinuousClock()
        while let frame = slot.take() {
            let wanted = lock.withLock { current }
            if wanted != applied {
                reader.configuration = wanted.decoder
                tracker.configuration = wanted.tracker
                applied = wanted
            }
            let started = clock.now
            let detections = reader.read(frame).detections
            let latency = clock.now - started
            lock.withLock { stats.decoded += 1 }
            deliver(tracker.update(
                frameDetections: detections, sequence: frame.sequence,
                captureTime: frame.captureTime ?? .zero, decodeLatency: latency))
        }
        deliver(tracker.finish())
        continuation.finish()
        let (delegate, queue, error) = lock.withLock {
            finished = true
            lock.broadcast()
            return (self.delegate, delegateQueue, failure)
        }
        if let delegate, let queue {
            queue.async { [self] in delegate.captureSession(self, didFinishWith: error) }
        }
    }

    private func deliver(_ events: [DetectionEvent]) {
        guard !events.isEmpty else { return }
        for event in events { continuation.yield(event) }
        let (delegate, queue) = lock.withLock { (self.delegate, delegateQueue) }
        guard let delegate, let queue else { return }
        queue.async { [self] in
            for event in events { delegate.captureSession(self, didEmit: event) }
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

extension NSCondition {
    fileprivate func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
