import Scanner
import Glibc

/// Why events could not reach the broker, and what to do about it.
public enum DeliveryError: Error, Sendable, CustomStringConvertible {
    /// The publish address is not `mqtt://HOST:PORT/TOPIC`.
    case badAddress(String, reason: String)
    /// The broker answered the connection with a refusal (bad password,
    /// unknown user, client id taken...).
    case refused(address: String, reason: String)
    /// TLS failed: most often the broker's certificate is not signed by
    /// the CA file.
    case tls(address: String, detail: String)
    /// The broker cannot be reached now; events are spooled meanwhile.
    case unreachable(address: String, reason: String)
    /// The spool or its checkpoint could not be read or written.
    case state(path: String, errno: Int32)
    /// The spool holds `limit` bytes of unsent events; this one was refused.
    case spoolFull(path: String, limit: Int, refused: Int)
    /// The password file could not be read.
    case passwordFile(path: String, errno: Int32)

    public var description: String {
        switch self {
        case .badAddress(let text, let reason):
            return "invalid publish address '\(text)': \(reason); use mqtt://HOST:PORT/TOPIC or mqtts://HOST:PORT/TOPIC"
        case .refused(let address, let reason):
            return "\(address): the broker refused the connection: \(reason); check --mqtt-user and --mqtt-password-file"
        case .tls(let address, let detail):
            return "\(address): TLS failed: \(detail); check that --mqtt-ca names the CA that signed the broker's certificate"
        case .unreachable(let address, let reason):
            return "\(address): cannot reach the broker (\(reason)); spooling events until it returns"
        case .state(let path, let code):
            return "\(path): \(Errno(code).description); the state directory must be writable (--state-dir)"
        case .spoolFull(let path, let limit, let refused):
            return "\(path): spool full (\(limit) bytes unsent); event refused, \(refused) refused so far: is the broker reachable? (--spool-limit)"
        case .passwordFile(let path, let code):
            return "\(path): \(Errno(code).description); --mqtt-password-file must name a readable file holding the password"
        }
    }
}
