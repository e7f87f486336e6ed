import Dispatch
import FoundationEssentials
import Glibc
import ScanPreview
import Scanner

/// `scan` without PATHs: scans a camera, or replays a recording with
/// `--input`, and prints each new code once as it appears.
struct ContinuousScan {
    let options: CameraOptions
    let output = LineWriter.standardOutput
    let messages = LineWriter.standardError

    func run() -> Int32 {
        let configuration = CaptureSession.Configuration(
            decoder: options.decoderConfiguration,
            tracker: options.trackerConfiguration)
        let session: CaptureSession
        let sourceName: String
        var camera: CameraSetup?
        var sinks: [any EventSink] = []
        do {
            if let endpoint = options.publish { sinks.append(try BrokerSink(options: options, endpoint: endpoint, messages: messages)) }
            if options.type { sinks.append(try KeyboardSink(options: options, messages: messages)) }
            // Refused now if it would replace a file; created with the first frame.
            let recorder = try options.record.map { path throws(RecordingError) in
                try Y4MWriter(path: path, replacing: options.force)
            }
            if let input = options.input {
                sourceName = input
                let fast = options.fast
                session = CaptureSession(configuration: configuration, recordTo: recorder) {
                    try Recording.open(input, realTime: !fast)
                }
            } else {
                let setup = try CameraSetup(options: options, messages: messages)
                camera = setup
                sourceName = setup.device.path
                session = CaptureSession(configuration: setup.adjusted(configuration), recordTo: recorder) {
                    try setup.open()
                }
            }
        } catch {
            if !options.output.quiet { messages.write("scan: \(CameraSetup.message(for: error))\n") }
            return 1
        }
        // The delegate is set before the session starts, so that the
        // first frame's events reach it.
        let printer = Printer(options: options, source: sourceName, sinks: sinks)
        session.setDelegate(printer, queue: printer.queue)
        let preview = options.preview ? openPreview(session, sourceName: sourceName, camera: camera) : nil
        do {
            try session.start()
        } catch {
            if !options.output.quiet { messages.write("scan: \(CameraSetup.message(for: error, input: options.input))\n") }
            return 1
        }
        return printer.run(session, preview: preview)
    }

    /// The `--preview` window, or nil after one line saying why there is none.
    private func openPreview(_ session: CaptureSession, sourceName: String, camera: CameraSetup?) -> LivePreview? {
        let quiet = options.output.quiet
        let say = { (line: String) in if !quiet { LineWriter.standardError.write("scan: \(line)\n") } }
        do {
            let input = options.input.map { PathName.fileExtension($0).lowercased() }
            return try LivePreview(
                session: session, sourceName: sourceName,
                format: { camera?.format.map { "\($0.pixelFormat)" } ?? input },
                size: options.size, camera: camera.map { setup in { try setup.device.controls() } },
                region: options.decoding.regionOfInterest, digitalZoom: camera?.digitalZoom, torch: options.settings.torch, messages: say)
        } catch {
            say("--preview: \(error); scanning without a window")
            return nil
        }
    }
}

/// Writes a session's events as they come, and stops it where asked.
private final class Printer: CaptureSessionDelegate, @unchecked Sendable {
    // Sendable: only ever used on `queue`.
    private let options: CameraOptions
    private let source: String
    private let formatter: EventFormatter
    private let sinks: [any EventSink]
    let queue = DispatchQueue(label: "scan.output")
    private var found = 0
    private var stopping = false

    init(options: CameraOptions, source: String, sinks: [any EventSink]) {
        self.options = options
        self.source = source
        self.sinks = sinks
        formatter = EventFormatter(format: options.output.format, variableMeasureLayouts: options.output.variableMeasureLayouts)
    }

    /// Waits for the started `session` to end, stopping it on SIGINT or
    /// SIGTERM, meanwhile showing `preview` on this (the main) thread.
    func run(_ session: CaptureSession, preview: LivePreview?) -> Int32 {
        // SIGINT and SIGTERM end the run cleanly: the session stops
        // streaming, releases the camera, and what was found is flushed.
        let signals = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak session, sinks] in
                session?.stop()
                sinks.forEach { $0.interrupt() }
            }
            source.resume()
            return source
        }
        // Closing the window or q stops the session: a clean end.
        let quit = preview?.run() ?? false
        session.waitUntilFinished()
        queue.sync {}  // every event queued before the end is written
        // A recording's end waits for the sinks; a stop or an error does not.
        sinks.forEach { $0.finish(interrupted: options.input == nil || session.error != nil) }
        signals.forEach { $0.cancel() }
        if let error = session.error {
            if !options.output.quiet { LineWriter.standardError.write("scan: \(CameraSetup.message(for: error))\n") }
            return found > 0 ? 0 : 1
        }
        let statistics = session.statistics
        if statistics.captured == 0 && statistics.damaged > 0 {
            if !options.output.quiet {
                LineWriter.standardError.write(
                    "scan: \(source): "
                        + (statistics.damaged == 1 ? "its only frame is" : "all \(statistics.damaged) frames are")
                        + " damaged, none could be decoded; check the recording or record it again\n")
            }
            return found > 0 ? 0 : 1
        }
        return found > 0 || quit ? 0 : 4
    }

    func captureSession(_ session: CaptureSession, didEmit event: DetectionEvent) {
        guard !stopping else { return }
        sinks.forEach { $0.deliver(event, source: source) }
        var (line, message) = formatter.output(for: event, source: source)
        if case .cameraLost(let device, let error) = event, let advice = CameraSetup.advice(for: error) {
            message = "\(error); \(advice); reconnecting when \(device) returns"
        }
        if let message, !options.output.quiet { LineWriter.standardError.write("scan: \(message)\n") }
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
