import Scanner
import FoundationEssentials
import Glibc

/// Sends a lane's events to the store's broker, at least once and in
/// order: each event goes to the spool first, and one thread sends the
/// spool's unacknowledged events at QoS 1, again from the oldest after a
/// reconnect or a restart. Consumers drop duplicates by the events' `id`.
public final class MQTTPublisher: @unchecked Sendable {
    // Sendable: the mutable state is guarded by `lock`; the connection
    // lives on the sending thread alone.
    public struct Configuration: Sendable {
        public var endpoint: MQTTEndpoint
        public var lane: String
        public var caFile: String?
        public var username: String?
        public var passwordFile: String?

        public init(endpoint: MQTTEndpoint, lane: String, caFile: String? = nil, username: String? = nil, passwordFile: String? = nil) {
            self.endpoint = endpoint
            self.lane = lane
            self.caFile = caFile
            self.username = username
            self.passwordFile = passwordFile
        }
    }

    /// Messages sent and not yet acknowledged at a time (libmosquitto's default).
    private static let window = 20

    public let spool: EventSpool
    private let settings: MQTTConnection.Settings
    private let report: @Sendable (String) -> Void
    private let lock = Lock()
    private var connection: MQTTConnection?
    private var stopping = false
    private var draining = false
    private var finished = false

    /// Connects once before anything is scanned, so that a wrong password or
    /// an untrusted certificate stops the run at once; a broker that is down
    /// is reported through `report` and retried while events are spooled.
    public init(_ configuration: Configuration, spool: EventSpool, report: @escaping @Sendable (String) -> Void) throws(DeliveryError) {
        self.spool = spool
        self.report = report
        var password: String?
        if let path = configuration.passwordFile {
            guard let data = FileManager.default.contents(atPath: path) else { throw .passwordFile(path: path, errno: errno) }
            password = String(decoding: data, as: UTF8.self).trimming(while: \.isNewline)
        }
        settings = MQTTConnection.Settings(
            endpoint: configuration.endpoint, clientID: "scan-" + configuration.lane, caFile: configuration.caFile,
            username: configuration.username, password: password, will: Self.status(lane: configuration.lane, online: false))
        do {
            connection = try connect()
        } catch .unreachable(let address, let reason) {
            report(DeliveryError.unreachable(address: address, reason: reason).description)
        }
        detachThread(named: "scan.mqtt") { [self] in run() }
    }

    /// Spools `event` (a JSON object) and wakes the sender. Throws when the
    /// spool is full or cannot be written: the event is then lost, and said.
    public func publish(_ event: [UInt8]) throws(DeliveryError) {
        _ = try spool.append(event)
        lock.withLock { lock.broadcast() }
    }

    /// Ends sending: after the broker has every spooled event when
    /// `waitForBroker`, else at once (the spool keeps the rest for the next
    /// start). `interrupt()` cuts a wait short.
    public func finish(waitForBroker: Bool) {
        lock.withLock {
            draining = true
            if !waitForBroker { stopping = true }
            lock.broadcast()
            while !finished { lock.wait() }
        }
    }

    /// Stops sending soon, even while `finish` waits for the broker.
    public func interrupt() {
        lock.withLock {
            stopping = true
            lock.broadcast()
        }
    }

    // MARK: - The sending thread

    private func run() {
        var outage = connection == nil
        var retryDelay = Duration.milliseconds(500)
        var sent: [(message: Int32, sequence: UInt64, acknowledged: Bool)] = []
        var lastSent: UInt64 = 0
        while !shouldStop() {
            guard let connection else {
                do {
                    connection = try connect()
                    if outage { report("\(settings.endpoint): connected; sending \(spool.pendingCount) spooled events") }
                    outage = false
                    retryDelay = .milliseconds(500)
                    sent = []
                    lastSent = 0
                } catch {
                    // A refusal after a broker restart may be passing (its
                    // password file reloading): say so once, keep spooling.
                    if !outage { report(error.description) }
                    outage = true
                    // On the monotonic clock: a till's clock set back at boot
                    // must not hold the retry (and the spool) that long.
                    lock.withLock { _ = lock.wait(until: .now + retryDelay) }
                    retryDelay = min(retryDelay * 2, .seconds(30))
                }
                continue
            }
            do {
                for entry in spool.entries(after: lastSent, count: Self.window - sent.count) {
                    let message = try connection.publish(entry.line.dropLast(), topic: settings.endpoint.topic)
                    sent.append((message, entry.sequence, false))
                    lastSent = entry.sequence
                }
                let idle = sent.isEmpty
                for message in try connection.service(milliseconds: idle ? 20 : 5) {
                    if let index = sent.firstIndex(where: { $0.message == message }) { sent[index].acknowledged = true }
                }
                let done = sent.prefix { $0.acknowledged }
                if let last = done.last {
                    sent.removeFirst(done.count)
                    try spool.acknowledge(through: last.sequence)
                }
            } catch .state(let path, let code) {
                report(DeliveryError.state(path: path, errno: code).description)
            } catch {
                report(error.description)
                self.connection = nil
                outage = true
            }
        }
        if let connection {
            _ = try? connection.publish(Self.status(lane: spool.lane, online: false)[...], topic: settings.endpoint.statusTopic, retain: true)
            _ = try? connection.service(milliseconds: 100)
            connection.disconnect()
        }
        connection = nil
        lock.withLock {
            finished = true
            lock.broadcast()
        }
    }

    private func connect() throws(DeliveryError) -> MQTTConnection {
        let connection = try MQTTConnection(settings)
        _ = try connection.publish(Self.status(lane: spool.lane, online: true)[...], topic: settings.endpoint.statusTopic, retain: true)
        return connection
    }

    private func shouldStop() -> Bool {
        lock.withLock { stopping || (draining && spool.pendingCount == 0) }
    }

    /// The retained state of the lane: online while connected, offline by
    /// the last will or a clean goodbye.
    private static func status(lane: String, online: Bool) -> [UInt8] {
        Array("{\"lane\":\"\(lane)\",\"state\":\"\(online ? "online" : "offline")\"}".utf8)
    }
}
