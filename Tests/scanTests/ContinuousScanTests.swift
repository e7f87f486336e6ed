import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// End-to-end: the built `scan` binary replaying recordings with `--input`.
@Suite struct ContinuousScanTests {
    static let gtin = "5012345678900"
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// An EAN-13 shown for `shown` frames after `before` empty ones, then
    /// `after` empty frames, at 30 fps.
    private func clip(_ name: String, before: Int = 0, shown: Int, after: Int = 0) throws -> String {
        var clip = RecordingBuilder()
        clip.showNothing(frames: before)
        clip.show(RecordingBuilder.Placement(try ZintRenderer.render(.ean13, .text(Self.gtin), moduleSize: 2), x: 200, y: 120), frames: shown)
        clip.showNothing(frames: after)
        return try clip.write(name, in: directory)
    }

    /// `scan --input path --format json` with `options`; the JSON records.
    private func scan(_ path: String, _ options: [String] = ["--fast"]) throws -> [[String: Any]] {
        let result = try ScanCommand.run(["--input", path, "--format", "json"] + options)
        #expect(result.status == 0 || (result.status == 4 && result.stdout.isEmpty), "\(result.status): \(result.stderr)")
        return try result.lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func recordingsReadTheWarehouseSymbologies() throws {
        var clip = RecordingBuilder()
        let symbols = [
            try ZintRenderer.render(.codabar, .text("A40156B"), moduleSize: 2),
            try ZintRenderer.render(.itf, .text("1501234567890"), moduleSize: 2, form: .itf14),
            try ZintRenderer.render(.databar, .text("0950110153000"), moduleSize: 2, form: .stacked),
            try ZintRenderer.render(.ean5, .text("978020137962+51299"), moduleSize: 2),
        ]
        for symbol in symbols {
            clip.show(RecordingBuilder.Placement(symbol, x: 120, y: 60), frames: 8)
            clip.showNothing(frames: 10)
        }
        let records = try scan(try clip.write("warehouse.y4m", in: directory), ["--fast", "-S", "all,ean5"])
        #expect(records.map { "\($0["symbology"] ?? "?") \($0["text"] ?? "?") \($0["add_on"] ?? "-")" } == [
            "codabar A40156B -", "itf 15012345678907 -", "databar 0109501101530003 -", "ean13 9780201379624 51299",
        ])
    }

    @Test func checkoutSampleYieldsEachPresentationInOrder() throws {
        let records = try scan("Samples/checkout.mjpeg")
        let items = records.map { "\($0["symbology"] ?? "?") \($0["text"] ?? "?")" }
        #expect(items == ["ean13 5012345678900", "upca 036000291452", "ean13 5012345678900", "qr COUPON:SAVE-1.00"])
        #expect(records.allSatisfy { $0["event"] as? String == "appeared" })
    }

    /// The lost-first-event report: a 10-frame clip whose first frame shows
    /// a QR code, replayed 200 times with `--fast`, prints exactly one
    /// line every time (4 runs at a time, to stay quick).
    @Test func theFirstCodeOfAShortClipIsNeverLost() throws {
        let path = try RecordingBuilder.firstFrameQRClip(in: directory)
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for _ in 0..<50 {
                let result = try? ScanCommand.run(["--input", path, "--fast"])
                outcomes.record(result.map { "\($0.status) \($0.stdout)" } ?? "did not run")
            }
        }
        #expect(outcomes.counts == ["0 QR-Code:\(RecordingBuilder.firstFrameText)\n": 200], "\(outcomes.counts)")
    }

    @Test func leftLinesCarryTheirFrameTimestampAndTrack() throws {
        let records = try scan(try clip("left-stamped.y4m", shown: 30, after: 30), ["--fast", "--left"])
        try #require(records.count == 2)
        let (appeared, left) = (records[0], records[1])
        #expect(left["event"] as? String == "left")
        #expect(left["track"] as? Int == appeared["track"] as? Int)
        // Last read at frame 29; gone once 500 ms have passed: at frame 45,
        // as 15 intervals of 1/30 s fall an attosecond short of it.
        #expect(left["frame"] as? Int == 45)
        #expect(left["timestamp"] as? Double == 1.5)
    }

    @Test func appearedLinesCarryFrameTimeLatencyCornersAndGTIN() throws {
        let records = try scan(try clip("held.y4m", before: 6, shown: 30))
        try #require(records.count == 1)
        let record = records[0]
        #expect(record["event"] as? String == "appeared")
        // A clean EAN-13 is read on many scan lines of its first frame: that
        // is the confirmation, so it is reported from that frame.
        #expect(record["frame"] as? Int == 6)
        #expect(record["timestamp"] as? Double == 0.2)
        #expect((record["latency_ms"] as? Double ?? -1) > 0)
        #expect((record["corners"] as? [[Double]])?.count == 4)
        #expect(record["gtin"] as? String == "0" + Self.gtin)
        #expect(record["text"] as? String == Self.gtin)
    }

    @Test func leftReportsHowLongTheItemWasShown() throws {
        let records = try scan(try clip("left.y4m", shown: 30, after: 30), ["--fast", "--left"])
        #expect(records.map { $0["event"] as? String } == ["appeared", "left"])
        let left = try #require(records.last)
        #expect(left["gtin"] as? String == "0" + Self.gtin)
        // Frames 0 to 29 at 30 fps.
        let duration = try #require(left["duration_ms"] as? Double)
        #expect(abs(duration - 966.667) < 1, "\(duration)")
    }

    /// `--confirm` counts evidence: the scan lines of one frame count, up
    /// to the number asked, so a one-frame glimpse read on many lines is
    /// confirmed, and one that would need a thousand is not.
    @Test(arguments: [("2", 1), ("1000", 0)])
    func singleFrameCodeIsConfirmedByItsScanLines(confirm: String, expected: Int) throws {
        let records = try scan(try clip("glimpse.y4m", before: 10, shown: 1, after: 10), ["--fast", "--confirm", confirm])
        #expect(records.count == expected)
    }

    /// The documented counts for a 3 s hold and for a hold, 667 ms away and
    /// a second hold.
    @Test(arguments: [
        (["--dedup", "once-per-presentation"], 1, 2),
        (["--dedup", "once-per-presentation", "--rearm-ms", "1000"], 1, 1),
        (["--dedup", "window", "--dedup-ms", "1000"], 3, 2),
        (["--dedup", "every-frame"], 90, 60),
        (["--dedup", "once"], 1, 1),
    ])
    func dedupOptions(options: [String], whileHeld: Int, afterReturn: Int) throws {
        let held = try scan(try clip("held.y4m", shown: 90), ["--fast"] + options)
        #expect(held.count == whileHeld, "\(options)")
        var returned = RecordingBuilder()
        let item = RecordingBuilder.Placement(try ZintRenderer.render(.ean13, .text(Self.gtin), moduleSize: 2), x: 200, y: 120)
        returned.show(item, frames: 30)
        returned.showNothing(frames: 20)
        returned.show(item, frames: 30)
        let again = try scan(try returned.write("returned.y4m", in: directory), ["--fast"] + options)
        #expect(again.count == afterReturn, "\(options)")
    }

    /// Capture times come from the recording, so pacing changes nothing but
    /// the measured timings.
    @Test func realTimeReplayMatchesFastReplay() throws {
        let path = try clip("second.y4m", before: 3, shown: 12, after: 15)
        let clock = ContinuousClock()
        let fast = try scan(path, ["--fast", "--left"])
        let started = clock.now
        let paced = try scan(path, ["--left"])
        #expect(clock.now - started >= .milliseconds(900), "paced at 30 fps")
        func withoutTimings(_ records: [[String: Any]]) throws -> [String] {
            try records.map { record in
                let kept = record.filter { $0.key != "latency_ms" && $0.key != "age_ms" }
                return String(decoding: try JSONSerialization.data(withJSONObject: kept, options: .sortedKeys), as: UTF8.self)
            }
        }
        #expect(fast.count == 2)
        #expect(try withoutTimings(fast) == withoutTimings(paced))
    }

    @Test func aBadRecordingIsAClearErrorThatQuietSilences() throws {
        let path = directory.file("notes.y4m").path
        try Data("not a recording\n".utf8).write(to: URL(fileURLWithPath: path))
        let loud = try ScanCommand.run(["--input", path])
        #expect(loud.status == 1)
        #expect(loud.stderr.contains(path) && loud.stderr.contains("YUV4MPEG2"), "\(loud.stderr)")
        let quiet = try ScanCommand.run(["-q", "--input", path])
        #expect(quiet.status == 1)
        #expect(quiet.stderr.isEmpty)
    }
}

/// Outputs from concurrent runs, counted.
private final class Outcomes: @unchecked Sendable {
    // Sendable: guarded by `lock`.
    private let lock = NSLock()
    private var tally: [String: Int] = [:]
    func record(_ outcome: String) { lock.withLock { tally[outcome, default: 0] += 1 } }
    var counts: [String: Int] { lock.withLock { tally } }
}
