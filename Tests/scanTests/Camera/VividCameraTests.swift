import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// `scan` against a real V4L2 driver: the kernel's vivid in a QEMU VM, shown
/// zint-made codes through its video loopback. All scenarios run in one VM
/// boot (`VividRun`); each test judges what its scenario left behind.
@Suite(.disabled(if: VividRun.skipped, "SCAN_SKIP_VIVID=1: the real-driver camera tests (vivid VM) were SKIPPED"))
struct VividCameraTests {
    static let device = "/dev/video0"

    // MARK: 1. Pixel formats

    @Test(arguments: CameraScene.formats)
    func readsTheCodeInEveryPixelFormatWhereItIs(scene: CameraScene) async throws {
        let run = try await VividRun.shared.value
        let result = try run.result("format-\(scene.format.fourcc)-\(scene.width)x\(scene.height)")
        #expect(result.status == 0, "\(result)")
        let records = try result.records()
        try #require(records.count == 1, "\(result)")
        let record = records[0]
        #expect(record["event"] as? String == "appeared")
        #expect(record["source"] as? String == Self.device)
        #expect(record["symbology"] as? String == scene.symbology.rawValue, "\(result)")
        #expect(record["text"] as? String == scene.text, "\(result)")

        let corners = try #require(record["corners"] as? [[Double]], "\(result)")
        try #require(corners.count == 4 && corners.allSatisfy { $0.count == 2 })
        let box = try scene.render().symbolBox
        let (left, top) = (Double(box.x), Double(box.y))
        let (right, bottom) = (Double(box.x + box.width), Double(box.y + box.height))
        let tolerance = 3.0
        if scene.symbology == .qr {
            // A 2D symbol's corners: clockwise from the top-left.
            let expected = [[left, top], [right, top], [right, bottom], [left, bottom]]
            for (corner, wanted) in zip(corners, expected) {
                #expect(abs(corner[0] - wanted[0]) <= tolerance && abs(corner[1] - wanted[1]) <= tolerance,
                        "corner \(corner) is not near \(wanted): \(corners)")
            }
        } else {
            // A linear symbol's quad spans its bars, at heights the scan lines crossed.
            let xs = corners.map { $0[0] }, ys = corners.map { $0[1] }
            #expect(abs(xs.min()! - left) <= tolerance && abs(xs.max()! - right) <= tolerance, "\(corners) vs \(box)")
            #expect(ys.allSatisfy { $0 >= top - tolerance && $0 <= bottom + tolerance }, "\(corners) vs \(box)")
        }
    }

    // MARK: 2. Listings

    @Test func listsVividAsACaptureDevice() async throws {
        let result = try await VividRun.shared.value.result("list-devices")
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.contains { $0.hasPrefix("0: \(Self.device): ") && $0.contains("vivid") }, "\(result)")
        // The output node cannot capture, so it is left out.
        #expect(!result.stdout.contains("/dev/video1"), "\(result)")
    }

    @Test func listsFormatsWithTheirSizes() async throws {
        let result = try await VividRun.shared.value.result("list-formats")
        #expect(result.status == 0, "\(result)")
        for format in RawPixelFormat.allCases {
            let line = result.lines.first { $0.hasPrefix("  \(format.fourcc) (") }
            #expect(line?.contains("640x480@") == true && line?.contains("1280x720@") == true,
                    "\(format.fourcc): \(line ?? "missing")\n\(result)")
        }
    }

    @Test func listsBrightnessWithItsRangeAndValue() async throws {
        let result = try await VividRun.shared.value.result("list-controls")
        #expect(result.status == 0, "\(result)")
        let brightness = try #require(Self.brightness(in: result), "\(result)")
        #expect(brightness.minimum < brightness.maximum)
        #expect((brightness.minimum...brightness.maximum).contains(brightness.value))
    }

    // MARK: 3. Controls

    @Test func appliesAControlWhileScanningAndWarnsOfAnUnknownOne() async throws {
        let run = try await VividRun.shared.value
        let result = try run.result("control")
        let value = try #require(Int(String(contentsOf: run.file("control.value"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        // The HDMI input's range, which the value was taken from, is not the webcam's.
        let hdmi = try #require(Self.brightness(in: run.result("controls-hdmi")))
        let webcam = try #require(Self.brightness(in: run.result("list-controls")))
        #expect(hdmi.minimum != webcam.minimum && value != hdmi.value && (hdmi.minimum...hdmi.maximum).contains(value))

        let readBack = try String(contentsOf: run.file("control-readback.out"), encoding: .utf8)
        #expect(readBack.trimmingCharacters(in: .whitespacesAndNewlines) == "brightness: \(value)", "\(readBack)")
        #expect(result.stderr.contains("\(Self.device) has no control 'no_such_control'"), "\(result)")
        #expect(result.stderr.contains("continuing without no_such_control"), "\(result)")
        #expect(try result.appearedTexts().contains(CameraScene.before.text), "\(result)")
        #expect(result.status == 0, "\(result)")
    }

    // MARK: 4. Unplug

    @Test func survivesAnUnplugAndReadsWhatTheReturnedCameraShows() async throws {
        let result = try await VividRun.shared.value.result("hotplug")
        let events = try result.records().map { record in
            (record["event"] as? String ?? "?") + ((record["text"] as? String).map { ":" + $0 } ?? "")
        }
        let before = events.firstIndex(of: "appeared:" + CameraScene.before.text)
        let lost = events.firstIndex(of: "camera-lost")
        let restored = events.firstIndex(of: "camera-restored")
        let after = events.firstIndex(of: "appeared:" + CameraScene.after.text)
        try #require(before != nil && lost != nil && restored != nil && after != nil, "\(events)\n\(result)")
        #expect(before! < lost! && lost! < restored! && restored! < after!, "\(events)")
        // Each code is billed once: the one in view before the unplug is
        // not reported again when the camera returns, the new one once.
        #expect(events.filter { $0 == "appeared:" + CameraScene.before.text }.count == 1, "\(events)")
        #expect(events.filter { $0 == "appeared:" + CameraScene.after.text }.count == 1, "\(events)")
        #expect(events.allSatisfy { !$0.hasPrefix("appeared:") || $0.hasSuffix(CameraScene.before.text) || $0.hasSuffix(CameraScene.after.text) })
        #expect(result.stderr.contains("the camera was lost"), "\(result)")
        #expect(result.stderr.contains("camera is back"), "\(result)")
        // SIGINT ends the run cleanly, with every line written.
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("\n"))
    }

    // MARK: 9. Restart

    /// start, stop, start on one `CaptureSession`: events resume in the
    /// second run, and the camera is closed between the runs (a second
    /// handle streams from it), though busy while the session runs.
    @Test func aSessionStartsAgainAfterStopWithTheCameraFreeBetween() async throws {
        let result = try await VividRun.shared.value.result("restart")
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == [
            "run 1: appeared \(CameraScene.before.text)",
            "run 1: a second open while running: busy",
            "run 1: stopped, state stopped",
            "run 1: a second open after stop: streams",
            "run 2: appeared \(CameraScene.before.text)",
            "run 2: stopped, state stopped",
            "run 2: a second open after stop: streams",
        ], "\(result)")
    }

    // MARK: 5. Driver faults

    static let faults = ["vidioc_reqbufs", "vidioc_streamon", "vidioc_qbuf", "v4l2_buf_flag", "fatal_streaming"]

    @Test(arguments: faults)
    func recoversFromOrClearlyReportsADriverFault(fault: String) async throws {
        let run = try await VividRun.shared.value
        let result = try run.result("fault-\(fault)")
        // The uptime once the fault was armed; the driver's timestamps share its clock.
        let faultTime = try #require(Double(String(contentsOf: run.file("fault-\(fault).mark"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        // Never a hang (the guest kills it: 137) nor a crash (any signal).
        #expect(result.status == 0 || result.status == 1, "\(result)")
        // Never garbage: JSON lines, and only the code on show.
        let records = try result.records()
        let events = records.map { $0["event"] as? String ?? "" }
        for record in records where record["event"] as? String == "appeared" {
            #expect(record["text"] as? String == CameraScene.before.text, "\(record)")
        }
        #expect(Set(events).isSubset(of: ["appeared", "camera-lost", "camera-restored"]), "\(result)")
        #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("scan: \(Self.device)") }, "\(result)")
        if result.status == 0 {
            // Recovered: frames captured after the fault are read, and a
            // lost camera came back first.
            let readAfter = records.filter { record in
                record["event"] as? String == "appeared" && (record["timestamp"] as? Double ?? 0) > faultTime
            }
            #expect(!readAfter.isEmpty, "nothing captured after the fault (\(faultTime)) was read\n\(result)")
            if let lost = events.firstIndex(of: "camera-lost") {
                let restored = events[lost...].firstIndex(of: "camera-restored")
                #expect(restored.map { events[$0...].contains("appeared") } == true, "\(events)")
            }
        } else {
            // Gave up: with a message naming the device, and nothing on stdout.
            #expect(result.stderr.hasPrefix("scan: \(Self.device)"), "\(result)")
            #expect(records.isEmpty, "\(result)")
        }
    }

    // MARK: 6. Recording

    @Test func aRecordingReplaysToTheSameDetections() async throws {
        let run = try await VividRun.shared.value
        let live = try run.result("record")
        #expect(live.status == 0, "\(live)")
        let replay = try ScanCommand.run(["--input", run.file("record.y4m").path, "--fast", "--format", "json"])
        #expect(replay.status == 0, "\(replay.stderr)")
        func detections(_ lines: [String]) throws -> Set<String> {
            Set(try lines.compactMap { line in
                let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                guard record?["event"] as? String == "appeared" else { return nil }
                return "\(record?["symbology"] as? String ?? "?"):\(record?["text"] as? String ?? "?")"
            })
        }
        let liveDetections = try detections(live.lines)
        #expect(liveDetections == ["qr:" + CameraScene.before.text], "\(live)")
        #expect(try detections(replay.lines) == liveDetections, "\(replay.stdout)")
    }

    // MARK: 8. The checkout sample on a real camera

    @Test func theCheckoutSampleBillsWhatTheCameraShows() async throws {
        let run = try await VividRun.shared.value
        let checkout = try run.result("checkout")
        #expect(checkout.status == 0, "\(checkout)")
        // The product is held in view: billed once, then the receipt.
        #expect(checkout.lines.filter { $0.hasPrefix("+ Tomato soup 400 g") }.count == 1, "\(checkout)")
        #expect(checkout.lines.last == "1 item, total 1.29", "\(checkout)")
    }

    // MARK: 7. Clear errors from the camera

    @Test func refusesTheOutputNodeAsACamera() async throws {
        let result = try await VividRun.shared.value.result("not-capture")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("/dev/video1 (vivid) is not a video capture device"), "\(result)")
        #expect(result.stderr.contains("choose another with --device"), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aCameraInUseIsReportedBusy() async throws {
        let result = try await VividRun.shared.value.result("busy")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("\(Self.device) is busy: another program is using the camera"), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: ["permission", "permission-default"])
    func aCameraTheUserMayNotOpenSaysHowToGetAccess(scenario: String) async throws {
        let result = try await VividRun.shared.value.result(scenario)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("\(Self.device): permission denied"), "\(result)")
        #expect(result.stderr.contains("usermod -aG video"), "\(result)")
    }

    /// The brightness line of a `--list-controls` listing.
    static func brightness(in result: VividRun.Result) -> (minimum: Int, maximum: Int, value: Int)? {
        for line in result.lines where line.hasPrefix("  brightness (int) ") {
            var fields: [String: Int] = [:]
            for field in line.split(separator: " ") {
                let parts = field.split(separator: "=")
                if parts.count == 2, let number = Int(parts[1]) { fields[String(parts[0])] = number }
            }
            if let minimum = fields["min"], let maximum = fields["max"], let value = fields["value"] {
                return (minimum, maximum, value)
            }
        }
        return nil
    }
}
