import Scanner
import CMosquitto
import Glibc

/// One connection to the broker: a libmosquitto handle made for it and
/// destroyed with it, so nothing queued on a lost connection is resent
/// behind the spool's back. Used from one thread only, which calls
/// `service` for the socket and the acknowledgements.
final class MQTTConnection {
    /// What a connection needs; the password comes from a file, never the command line.
    struct Settings: Sendable {
        var endpoint: MQTTEndpoint
        var clientID: String
        var caFile: String?
        var username: String?
        var password: String?
        /// Retained on the status topic by the broker if the lane vanishes.
        var will: [UInt8]
    }

    private static let library: Void = { mosquitto_lib_init() }()
    /// Seconds between pings: an outage is noticed within about twice this.
    private static let keepAlive: Int32 = 10

    private let handle: OpaquePointer
    private let address: String
    private var connack: Int32?
    private var acknowledged: [Int32] = []
    private var lastError = ""

    /// Connects and waits for the broker's answer. A refusal or a TLS
    /// failure is a configuration error; anything else means "try later".
    init(_ settings: Settings) throws(DeliveryError) {
        _ = Self.library
        address = settings.endpoint.description
        guard let handle = mosquitto_new(settings.clientID, true, nil) else {
            throw .unreachable(address: address, reason: "libmosquitto could not create a client")
        }
        self.handle = handle
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_connect_callback_set(handle) { _, context, code in
            MQTTConnection.from(context).connack = code
        }
        mosquitto_publish_callback_set(handle) { _, context, message in
            MQTTConnection.from(context).acknowledged.append(message)
        }
        mosquitto_log_callback_set(handle) { _, context, level, text in
            guard level & (MOSQ_LOG_ERR | MOSQ_LOG_WARNING) != 0, let text else { return }
            MQTTConnection.from(context).lastError = String(cString: text)
        }
        if let username = settings.username {
            try check(mosquitto_username_pw_set(handle, username, settings.password))
        }
        if settings.endpoint.usesTLS {
            try check(mosquitto_tls_set(handle, settings.caFile, settings.caFile == nil ? "/etc/ssl/certs" : nil, nil, nil, nil))
        }
        try check(settings.will.withUnsafeBytes {
            mosquitto_will_set(handle, settings.endpoint.statusTopic, Int32($0.count), $0.baseAddress, 1, true)
        })
        try check(mosquitto_connect(handle, settings.endpoint.host, Int32(settings.endpoint.port), Self.keepAlive))
        // The answer to CONNECT; a broker that never gives one is as good as down.
        for _ in 0..<(Self.keepAlive * 10) where connack == nil {
            try check(mosquitto_loop(handle, 100, 1))
        }
        guard let connack else { throw .unreachable(address: address, reason: "no answer to CONNECT") }
        guard connack == 0 else {
            throw .refused(address: address, reason: String(cString: mosquitto_connack_string(connack)))
        }
    }

    deinit {
        mosquitto_disconnect(handle)
        mosquitto_destroy(handle)
    }

    /// Sends `payload` at QoS 1; returns its message id, which `service`
    /// reports once the broker has acknowledged it.
    func publish(_ payload: ArraySlice<UInt8>, topic: String, retain: Bool = false) throws(DeliveryError) -> Int32 {
        var message: Int32 = 0
        try check(payload.withUnsafeBytes { mosquitto_publish(handle, &message, topic, Int32($0.count), $0.baseAddress, 1, retain) })
        return message
    }

    /// Reads and writes the socket for up to `milliseconds`; returns the
    /// message ids the broker acknowledged meanwhile.
    func service(milliseconds: Int32) throws(DeliveryError) -> [Int32] {
        try check(mosquitto_loop(handle, milliseconds, 1))
        defer { acknowledged.removeAll() }
        return acknowledged
    }

    /// Says goodbye, so the broker does not publish the will.
    func disconnect() {
        mosquitto_disconnect(handle)
        _ = mosquitto_loop(handle, 100, 1)
    }

    private func check(_ code: Int32) throws(DeliveryError) {
        switch code {
        case MOSQ_ERR_SUCCESS.rawValue:
            return
        case MOSQ_ERR_TLS.rawValue, MOSQ_ERR_TLS_HANDSHAKE.rawValue:
            throw .tls(address: address, detail: lastError.isEmpty ? "handshake failed" : lastError)
        case MOSQ_ERR_ERRNO.rawValue:
            throw .unreachable(address: address, reason: Errno.current.description)
        default:
            if let connack, connack != 0 {
                throw .refused(address: address, reason: String(cString: mosquitto_connack_string(connack)))
            }
            throw .unreachable(address: address, reason: String(cString: mosquitto_strerror(code)))
        }
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> MQTTConnection {
        Unmanaged<MQTTConnection>.fromOpaque(context!).takeUnretainedValue()
    }
}
