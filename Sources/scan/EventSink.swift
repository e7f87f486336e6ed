import FoundationEssentials
import Scanner
import ScanKeyboard
import ScanDelivery

/// Somewhere besides standard output that a camera's events go: the
/// store's broker (`--publish`), a keyboard (`--type`). Called on the
/// output queue, in order.
protocol EventSink: Sendable {
    func deliver(_ event: DetectionEvent, source: String)
    /// The run is over: finish what is under way, quickly if `interrupted`.
    func finish(interrupted: Bool)
    /// Cuts `finish` short (Ctrl-C, SIGTERM).
    func interrupt()
}

/// `--publish`: every event as a JSON line with its id, through the spool.
struct BrokerSink: EventSink {
    let publisher: MQTTPublisher
    let messages: LineWriter
    private let formatter = EventFormatter(format: .json)

    /// The lane's spool and publisher, connected once: a wrong password or
    /// certificate ends the run here, before the camera opens.
    init(options: CameraOptions, endpoint: MQTTEndpoint, messages: LineWriter) throws {
        let lane = try options.lane ?? Self.hostName()
        let directory = options.stateDirectory ?? ProcessInfo.processInfo.environment["STATE_DIRECTORY"] ?? "/var/lib/scan"
        let spool = try EventSpool(directory: directory, lane: lane, limit: options.spoolLimit)
        let quiet = options.output.quiet
        publisher = try MQTTPublisher(
            MQTTPublisher.Configuration(
                endpoint: endpoint, lane: lane, caFile: options.mqttCA, username: options.mqttUser,
                passwordFile: options.mqttPasswordFile),
            spool: spool
        ) { message in if !quiet { messages.write("scan: \(message)\n") } }
        self.messages = messages
    }

    func deliver(_ event: DetectionEvent, source: String) {
        guard let line = formatter.output(for: event, source: source).line else { return }
        do { try publisher.publish(line) } catch { messages.write("scan: \(error)\n") }
    }

    func finish(interrupted: Bool) {
        let waiting = publisher.spool.pendingCount
        if !interrupted && waiting > 0 {
            messages.write("scan: waiting for the broker to take \(waiting) spooled events (Ctrl-C leaves them for the next start)\n")
        }
        publisher.finish(waitForBroker: !interrupted)
    }

    func interrupt() { publisher.interrupt() }

    private static func hostName() throws -> String {
        let name = ProcessInfo.processInfo.hostName.prefix { $0 != "." }
        guard !name.isEmpty else { throw UsageError(description: "the host has no name: give --lane NAME") }
        return String(name)
    }
}

/// `--type`: each appeared payload typed on a virtual keyboard.
struct KeyboardSink: EventSink {
    let wedge: KeyboardWedge
    let messages: LineWriter
    private let keyboard: SendableKeyboard

    init(options: CameraOptions, messages: LineWriter) throws {
        wedge = options.wedge
        keyboard = SendableKeyboard(keyboard: try VirtualKeyboard(keys: options.wedge.layout.keys))
        self.messages = messages
    }

    func deliver(_ event: DetectionEvent, source: String) {
        guard case .appeared(let item) = event else { return }
        do {
            for stroke in try wedge.strokes(for: item.detection.text) { try keyboard.keyboard.type(stroke) }
        } catch {
            messages.write("scan: \(TerminalSafeText.escape(item.detection.text)): \(error)\n")
        }
    }

    func finish(interrupted: Bool) {}
    func interrupt() {}

    /// Sendable: typed only on the output queue.
    private final class SendableKeyboard: @unchecked Sendable {
        let keyboard: VirtualKeyboard
        init(keyboard: VirtualKeyboard) { self.keyboard = keyboard }
    }
}
