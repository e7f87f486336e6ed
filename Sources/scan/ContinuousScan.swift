import Foundation
import Scanner

/// `scan` without PATHs: scans a camera, or replays a recording with
/// `--input`, and prints each new code once as it appears.
struct ContinuousScan {
    let options: Options
    let output = LineWriter.standardOutput
    let messages = LineWriter.standardError

    func run() -> Int32 {
        let configuration = CaptureSession.Configuration(
            decoder: options.decoderConfiguration(defaultEffort: .fast),
            tracker: options.trackerConfiguration)
        let session: CaptureSession
        let sourceName: String
        do {
            // Refused now if it would replace a file; created with the first frame.
            let recorder = try options.record.map { path throws(RecordingError) in
                try Y4MWriter(path: path, replacing: options.force)
            }
            if let input = options.input {
                sourceName = input
                let fast = options.fast
                session = CaptureSession(configuration: configuration, isLive: false, recordTo: recorder) {
                    try Recording.open(input, realTime: !fast)
                }
            } else {
                let camera = try CameraSetup(options: options, messages: messages)
                sourceName = camera.device.path
                session = CaptureSession(configuration: camera.adjusted(configuration), isLive: true, recordTo: recorder) {
                    try camera.open()
                }
            }
            try session.start()
        } catch {
            if !options.quiet { messages.write("scan: \(error)\n") }
            return 1
        }
        return Printer(options: options, source: sourceName).run(session)
    }
}

/// Writes a session's events as they come, and stops it where asked.
private final class Printer: CaptureSessionDelegate, @unchecked Sendable {
    // Sendable: only ever used on `queue`.
    private let options: Options
    private let source: String
    private let formatter: EventFormatter
    private let queue = DispatchQueue(label: "scan.output")
    private var found = 0
    private var stopping = false

    init(options: Options, source: String) {
        self.options = options
        self.source = source
        formatter = EventFormatter(format: options.format)
    }

    func run(_ session: CaptureSession) -> Int32 {
        session.setDelegate(self, queue: queue)
        // SIGINT and SIGTERM end the run cleanly: the session stops
        // streaming, releases the camera, and what was found is flushed.
        let signals = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak session] in session?.stop() }
            source.resume()
            return source
        }
        session.waitUntilFinished()
        queue.sync {}  // every event queued before the end is written
        signals.forEach { $0.cancel() }
        if let error = session.error {
            if !options.quiet { LineWriter.standardError.write("scan: \(error)\n") }
            return found > 0 ? 0 : 1
        }
        let statistics = session.statistics
        if statistics.captured == 0 && statistics.damaged > 0 {
            if !options.quiet {
                LineWriter.standardError.write(
                    "scan: \(source): "
                        + (statistics.damaged == 1 ? "its only frame is" : "all \(statistics.damaged) frames are")
                        + " damaged, none could be decoded; check the recording or record it again\n")
            }
            return found > 0 ? 0 : 1
        }
        return found > 0 ? 0 : 4
    }

    func captureSession(_ session: CaptureSession, didEmit event: DetectionEvent) {
        guard !stopping else { return }
        let (line, message) = formatter.output(for: event, source: source)
        if let message, !options.quiet { LineWriter.standardError.write("scan: \(message)\n") }
        guard let line else { return }
        if case .appeared = event {
            found += 1
            if options.beep { LineWriter.standardError.write("\u{07}") }
        }
        guard LineWriter.standardOutput.write(line) else {
            // The reader went away (`scan | head -1`): end quietly.
            stop(session)
            return
        }
        if options.oneshot, case .appeared = event { stop(session) }
    }

    private func stop(_ session: CaptureSession) {
        stopping = true
        DispatchQueue.global().async { session.stop() }
    }
}
