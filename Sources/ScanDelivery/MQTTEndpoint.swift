import Scanner

/// Where events go: `mqtt://HOST:PORT/TOPIC`, or `mqtts://` for TLS.
public struct MQTTEndpoint: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var topic: String
    public var usesTLS: Bool

    /// Parses `text`; the port defaults to 1883, or 8883 with TLS.
    public init(parsing text: String) throws(DeliveryError) {
        let scheme: Substring
        let rest: Substring
        if let separator = text.firstRange(of: "://") {
            scheme = text[..<separator.lowerBound]
            rest = text[separator.upperBound...]
        } else {
            throw .badAddress(text, reason: "no scheme")
        }
        guard scheme == "mqtt" || scheme == "mqtts" else { throw .badAddress(text, reason: "unknown scheme '\(scheme)'") }
        usesTLS = scheme == "mqtts"
        guard let slash = rest.firstIndex(of: "/") else { throw .badAddress(text, reason: "no topic") }
        topic = String(rest[rest.index(after: slash)...])
        guard !topic.isEmpty, !topic.contains("+"), !topic.contains("#") else {
            throw .badAddress(text, reason: "the topic must be a name without wildcards")
        }
        let authority = rest[..<slash]
        if let colon = authority.lastIndex(of: ":") {
            guard let port = Int(authority[authority.index(after: colon)...]), (1...65535).contains(port) else {
                throw .badAddress(text, reason: "the port must be a number from 1 to 65535")
            }
            self.port = port
            host = String(authority[..<colon])
        } else {
            port = usesTLS ? 8883 : 1883
            host = String(authority)
        }
        guard !host.isEmpty else { throw .badAddress(text, reason: "no host") }
    }

    public var description: String { "\(usesTLS ? "mqtts" : "mqtt")://\(host):\(port)/\(topic)" }

    /// Where the lane's retained online/offline state goes (the last will).
    public var statusTopic: String { topic + "/status" }
}
