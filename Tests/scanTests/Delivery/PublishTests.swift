import Foundation
import Glibc
import Scanner
import ScannerTestSupport
import Testing

/// End-to-end: `scan --publish` to Debian's mosquitto, started by the test
/// on a loopback port, read back by `mosquitto_sub`.
@Suite(.serialized) struct PublishTests {
    static let topic = "store/12/lane/3/scans"
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// A clip showing QR codes `item-FIRST` ... `item-LAST`, two frames each.
    private func items(_ range: ClosedRange<Int>, name: String) throws -> String {
        var clip = RecordingBuilder(width: 96, height: 80, framesPerSecond: 100)
        for item in range {
            let symbol = try ZintRenderer.render(.qr, .text(Self.item(item)), moduleSize: 2, margin: 8)
            clip.show(RecordingBuilder.Placement(symbol, x: 19, y: 11), frames: 2)
        }
        return try clip.write(name, in: directory)
    }

    private static func item(_ number: Int) -> String { "item-" + String(number + 1000).dropFirst() }

    /// `scan` running in the background, its output in files.
    private final class Run {
        let process = Process()
        let stdout: URL
        let stderr: URL

        init(_ arguments: [String], name: String, in directory: TemporaryDirectory) throws {
            stdout = directory.file(name + ".out")
            stderr = directory.file(name + ".err")
            for file in [stdout, stderr] { FileManager.default.createFile(atPath: file.path, contents: nil) }
            process.executableURL = ScanCommand.binary
            process.arguments = arguments
            process.currentDirectoryURL = ScanCommand.packageRoot
            process.standardOutput = try FileHandle(forWritingTo: stdout)
            process.standardError = try FileHandle(forWritingTo: stderr)
            try process.run()
        }

        var printed: Int { ((try? String(contentsOf: stdout, encoding: .utf8)) ?? "").split(separator: "\n").count }
        var messages: String { (try? String(contentsOf: stderr, encoding: .utf8)) ?? "" }
    }

    private func publishing(_ clip: String, broker: Broker, state: URL, extra: [String] = []) -> [String] {
        ["--input", clip, "--format", "json", "--lane", "lane3", "--state-dir", state.path,
         "--publish", "mqtt://127.0.0.1:\(broker.port)/\(Self.topic)"] + extra
    }

    /// 500 events; the broker stops and restarts mid-run, then stops again
    /// and scan is killed with events unsent and restarted on the rest of
    /// the recording. The subscriber gets every event, exactly once by id,
    /// in order.
    @Test func nothingIsLostThroughABrokerOutageAndAKill() throws {
        let broker = try Broker(in: directory)
        try broker.start()
        let subscriber = try Subscriber(broker: broker, topic: Self.topic, in: directory)
        let state = directory.file("state")
        let received = { subscriber.lines.count }

        let first = try Run(publishing(try items(0...299, name: "first.y4m"), broker: broker, state: state), name: "first", in: directory)
        try Wait.until("50 events at the subscriber") { received() >= 50 }
        broker.stop()
        let printedAtStop = first.printed
        try Wait.until("30 events spooled while the broker is down") { first.printed >= printedAtStop + 30 || !first.process.isRunning }
        try broker.start()
        try Wait.until("150 events at the subscriber") { received() >= 150 }
        broker.stop()
        try Wait.until("the end of the first recording, events spooled") { first.messages.contains("waiting for the broker to take") }
        let unsent = try #require(first.messages.firstMatch(of: #/take (\d+) spooled/#).flatMap { Int($0.1) })
        #expect(unsent > 0)
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        #expect(first.process.terminationReason == .uncaughtSignal)
        #expect(first.messages.contains("cannot reach the broker"), "\(first.messages)")

        try broker.start()
        let second = try Run(
            publishing(try items(300...499, name: "second.y4m"), broker: broker, state: state, extra: ["--fast"]), name: "second",
            in: directory)
        second.process.waitUntilExit()
        #expect(second.process.terminationStatus == 0, "\(second.messages)")
        try? Wait.until("every event at the subscriber", seconds: 30) { Set(subscriber.lines).count >= 500 }

        var seen = Set<String>()
        var inOrder: [(sequence: Int, text: String)] = []
        for line in subscriber.lines {
            let event = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = try #require(event["id"] as? String)
            guard seen.insert(id).inserted else { continue }
            inOrder.append((try #require(event["seq"] as? Int), try #require(event["text"] as? String)))
        }
        #expect(inOrder.map(\.text) == (0...499).map(Self.item), "\(first.messages)\n\(second.messages)")
        #expect(inOrder.map(\.sequence) == Array(1...500))
        print("published 500 events: \(unsent) unsent at the kill, \(subscriber.lines.count - 500) duplicates delivered")
    }

    /// Every message a run publishes, events on TOPIC and the lane's state
    /// on TOPIC/status, conforms to the schema published for it.
    @Test func publishedMessagesConformToTheirSchemas() throws {
        let broker = try Broker(in: directory)
        try broker.start()
        let events = try Subscriber(broker: broker, topic: Self.topic, in: directory)
        let states = try Subscriber(broker: broker, topic: Self.topic + "/status", in: directory, name: "status-subscriber")
        let run = try Run(
            publishing(try items(0...4, name: "five.y4m"), broker: broker, state: directory.file("state"), extra: ["--fast", "--left"]),
            name: "five", in: directory)
        run.process.waitUntilExit()
        #expect(run.process.terminationStatus == 0, "\(run.messages)")
        try Wait.until("5 appeared and 5 left events") { events.lines.count >= 10 }
        try Wait.until("the lane's state going offline") { states.lines.last?.contains("offline") == true }
        #expect(Set(events.lines.compactMap { $0.firstMatch(of: /"event":"([a-z-]+)"/).map { String($0.1) } }) == ["appeared", "left"])
        #expect(try RecordSchema.violations(in: events.lines, schema: RecordSchema.eventMessage) == [])
        #expect(states.lines.contains(#"{"lane":"lane3","state":"online"}"#), "\(states.lines)")
        #expect(try RecordSchema.violations(in: states.lines, schema: RecordSchema.statusMessage) == [])
        // Standard output has no delivery fields, and its records' schema holds.
        #expect(try RecordSchema.violations(in: try String(contentsOf: run.stdout, encoding: .utf8).split(separator: "\n").map(String.init)) == [])
    }

    /// TLS with a CA file and a password from a file: the right ones
    /// publish; a wrong password or a certificate from another CA each give
    /// one error line and exit status 1.
    @Test func tlsAndPasswordsAreCheckedBeforeScanning() throws {
        let tls = try Broker.TLS.make("store", in: directory)
        let stranger = try Broker.TLS.make("stranger", in: directory)
        let broker = try Broker(in: directory, tls: tls, passwordFile: try Broker.passwordFile(user: "lane3", password: "s3cret", in: directory))
        try broker.start()
        let subscriber = try Subscriber(
            broker: broker, topic: Self.topic, in: directory, extra: ["--cafile", tls.caFile.path, "-u", "lane3", "-P", "s3cret"])
        let good = directory.file("good"), bad = directory.file("bad")
        try "s3cret\n".write(to: good, atomically: true, encoding: .utf8)
        try "guess\n".write(to: bad, atomically: true, encoding: .utf8)
        let clip = try items(0...2, name: "three.y4m")
        func scan(ca: URL, password: URL) throws -> ScanCommand.Result {
            try ScanCommand.run([
                "--input", clip, "--fast", "--lane", "lane3", "--state-dir", directory.file("state").path,
                "--publish", "mqtts://127.0.0.1:\(broker.port)/\(Self.topic)", "--mqtt-ca", ca.path,
                "--mqtt-user", "lane3", "--mqtt-password-file", password.path,
            ])
        }

        let published = try scan(ca: tls.caFile, password: good)
        #expect(published.status == 0, "\(published.stderr)")
        try? Wait.until("three events at the subscriber") { subscriber.lines.count >= 3 }
        let raw = (try? String(contentsOf: subscriber.output, encoding: .utf8)) ?? ""
        #expect(subscriber.lines.map { $0.contains("\"text\":\"item-00") } == [true, true, true], "\(published.stderr)\n\(raw)")

        for (ca, password, says) in [(tls.caFile, bad, "refused the connection: Connection Refused: not authorised"), (stranger.caFile, good, "TLS failed")] {
            let result = try scan(ca: ca, password: password)
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(says), "\(result.stderr)")
        }
    }
}
