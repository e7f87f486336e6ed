import Foundation
import Glibc

/// Debian's `mosquitto` broker, run by a test on a loopback port, with
/// persistence so that a stop and start keeps what subscribers have not
/// received; optionally TLS and a password file.
public final class Broker {
    public struct TLS {
        public let caFile: URL
        public let certificateFile: URL
        public let keyFile: URL

        /// A CA of its own and a certificate it signs for 127.0.0.1, made
        /// with openssl in `directory` (files named after `name`).
        public static func make(_ name: String, in directory: TemporaryDirectory) throws -> TLS {
            let tls = TLS(
                caFile: directory.file(name + "-ca.crt"), certificateFile: directory.file(name + "-server.crt"),
                keyFile: directory.file(name + "-server.key"))
            let caKey = directory.file(name + "-ca.key"), request = directory.file(name + "-server.csr")
            let extensions = directory.file(name + "-ext.cnf")
            try "subjectAltName=IP:127.0.0.1\n".write(to: extensions, atomically: true, encoding: .utf8)
            let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
            try openssl(["req", "-x509"] + key + ["-keyout", caKey.path, "-out", tls.caFile.path, "-days", "2", "-subj", "/CN=\(name) test CA"])
            try openssl(["req"] + key + ["-keyout", tls.keyFile.path, "-out", request.path, "-subj", "/CN=127.0.0.1"])
            try openssl([
                "x509", "-req", "-in", request.path, "-CA", tls.caFile.path, "-CAkey", caKey.path, "-CAcreateserial",
                "-out", tls.certificateFile.path, "-days", "2", "-extfile", extensions.path,
            ])
            return tls
        }

        private static func openssl(_ arguments: [String]) throws {
            let result = try ScanCommand.run(arguments, executable: URL(fileURLWithPath: "/usr/bin/openssl"))
            guard result.status == 0 else { throw Wait.Timeout(what: "openssl \(arguments[0]): \(result.stderr)") }
        }
    }

    /// A mosquitto password file holding `user` with `password`.
    public static func passwordFile(user: String, password: String, in directory: TemporaryDirectory) throws -> URL {
        let file = directory.file("passwords")
        let result = try ScanCommand.run(["-c", "-b", file.path, user, password], executable: URL(fileURLWithPath: "/usr/bin/mosquitto_passwd"))
        guard result.status == 0 else { throw Wait.Timeout(what: "mosquitto_passwd: \(result.stderr)") }
        return file
    }

    public let port: Int
    private let configuration: URL
    private var process: Process?

    public init(in directory: TemporaryDirectory, tls: TLS? = nil, passwordFile: URL? = nil) throws {
        port = try Self.freePort()
        let persistence = directory.file("broker")
        try FileManager.default.createDirectory(at: persistence, withIntermediateDirectories: true)
        var lines = [
            "listener \(port) 127.0.0.1",
            "persistence true",
            "persistence_location \(persistence.path)/",
            "allow_anonymous \(passwordFile == nil)",
        ]
        // Root would otherwise become the mosquitto user, who cannot read the test's files.
        if getuid() == 0 { lines.append("user root") }
        if let tls {
            lines += ["cafile \(tls.caFile.path)", "certfile \(tls.certificateFile.path)", "keyfile \(tls.keyFile.path)"]
        }
        if let passwordFile { lines.append("password_file \(passwordFile.path)") }
        configuration = directory.file("mosquitto.conf")
        try (lines.joined(separator: "\n") + "\n").write(to: configuration, atomically: true, encoding: .utf8)
    }

    deinit { stop() }

    /// Starts the broker and waits until it accepts connections.
    public func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/mosquitto")
        process.arguments = ["-c", configuration.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runWithTerminationUnblocked()
        self.process = process
        try Wait.until("the broker accepts connections on port \(port)") { self.acceptsConnections() }
    }

    /// Stops the broker as a store's would go down for maintenance (SIGTERM:
    /// it saves its persistent state).
    public func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
        self.process = nil
    }

    private func acceptsConnections() -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = Self.loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return address
    }

    /// A port the kernel says is free on 127.0.0.1.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw Wait.Timeout(what: "a free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// `mosquitto_sub` with a persistent session (QoS 1), writing each payload
/// as a line to a file, as a store's consumer would receive them.
public final class Subscriber {
    public let output: URL
    private let process = Process()

    /// `name` tells several subscribers apart: their files and client ids.
    public init(
        broker: Broker, topic: String, in directory: TemporaryDirectory, extra: [String] = [], name: String = "test-subscriber"
    ) throws {
        output = directory.file(name + ".out")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_sub")
        process.arguments = ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", topic, "-q", "1", "-c", "-i", name] + extra
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.runWithTerminationUnblocked()
        // Subscribed once a message published after the start comes back.
        try Wait.until("the subscriber receives") {
            let publish = Process()
            publish.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_pub")
            publish.arguments = ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", topic, "-q", "1", "-m", "probe"] + extra
            try? publish.run()
            publish.waitUntilExit()
            return (try? String(contentsOf: self.output, encoding: .utf8))?.contains("probe") == true
        }
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// The payloads received so far, without the probes.
    public var lines: [String] {
        (try? String(contentsOf: output, encoding: .utf8))?.split(separator: "\n").map(String.init).filter { $0 != "probe" } ?? []
    }
}

/// Polls a condition, failing after a generous bound so a broken run ends;
/// the tests never assert on how long anything took.
public enum Wait {
    public struct Timeout: Error, CustomStringConvertible {
        public let what: String
        public var description: String { "gave up waiting for \(what)" }
    }

    public static func until(_ what: String, seconds: Double = 60, _ condition: () throws -> Bool) throws {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while try !condition() {
            guard Date() < deadline else { throw Timeout(what: what) }
            usleep(50_000)
        }
    }
}

extension Process {
    /// Runs the process with SIGTERM and SIGINT unblocked: a child inherits
    /// the spawning thread's signal mask, and the test runner's threads
    /// block them, which would make `terminate()` a no-op.
    public func runWithTerminationUnblocked() throws {
        var signals = sigset_t(), previous = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &signals, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try run()
    }
}
