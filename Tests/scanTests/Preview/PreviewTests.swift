import Foundation
import Scanner
import ScanOverlay
import ScannerTestSupport
import Testing

/// End-to-end: `scan --input RECORDING --preview` in a real window on a
/// private X server (Xvfb), photographed and driven with xdotool.
@Suite(.serialized) struct PreviewTests {
    static let size = (width: 640, height: 360)
    static let leftText = "preview left"
    static let rightText = "preview right"
    /// The starting region covers the left code only.
    static let regionArgument = "0.05,0.05,0.45,0.9"
    /// Where the screenshots are kept: .build/test-artefacts.
    static let artefacts = ScanCommand.packageRoot.appendingPathComponent(".build/test-artefacts")

    /// 3 min at 1 fps of two QR codes side by side: long enough for the
    /// window to be up through the test, which ends it with q. 45 s at 4 fps
    /// ended before the q in a CI run, where this suite took 195 s beside
    /// the vivid VMs.
    private func clip(in dir: TemporaryDirectory) throws -> (path: String, frame: Frame) {
        var clip = RecordingBuilder(width: Self.size.width, height: Self.size.height, framesPerSecond: 1, background: 255)
        let left = try ZintRenderer.render(.qr, .text(Self.leftText), moduleSize: 4)
        let right = try ZintRenderer.render(.qr, .text(Self.rightText), moduleSize: 4)
        clip.show([.init(left, x: 60, y: 80), .init(right, x: 420, y: 80)], frames: 180)
        return (try clip.write("preview.y4m", in: dir), clip.frame(0))
    }

    /// The scan running in the background, its output in files.
    private final class Run {
        let process = Process()
        let out: URL
        let err: URL

        init(_ arguments: [String], environment: [String: String], in dir: TemporaryDirectory) throws {
            out = dir.file("stdout")
            err = dir.file("stderr")
            FileManager.default.createFile(atPath: out.path, contents: nil)
            FileManager.default.createFile(atPath: err.path, contents: nil)
            process.executableURL = ScanCommand.binary
            process.arguments = arguments
            process.environment = environment
            process.currentDirectoryURL = ScanCommand.packageRoot
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            try process.run()
        }

        deinit {
            // SIGKILL: a child of the test runner may inherit SIGTERM blocked.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }

        var stdout: String { (try? String(contentsOf: out, encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOf: err, encoding: .utf8)) ?? "" }

        /// The JSON event for `text`, once it has been printed.
        func appeared(_ text: String) -> [String: Any]? {
            stdout.split(separator: "\n").lazy
                .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .first { $0["text"] as? String == text }
        }

        /// The nice value of each of the scan's threads, by thread id.
        var niceByThread: [Int32: Int] {
            let tasks = "/proc/\(process.processIdentifier)/task"
            var values: [Int32: Int] = [:]
            for name in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
                // The fields after the parenthesised name: state is the first, nice the 17th.
                guard let id = Int32(name), let stat = try? String(contentsOfFile: "\(tasks)/\(name)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { continue }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 16, let nice = Int(fields[16]) { values[id] = nice }
            }
            return values
        }

        /// Waits up to `seconds` for the scan to end; its status, or nil.
        func exitStatus(within seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
            return process.isRunning ? nil : process.terminationStatus
        }
    }

    /// Tries `body` every 0.2 s for up to `seconds` (a guard against a hang,
    /// not a timing assertion) until it gives a value.
    // Generous: the painter draws at nice 19, so under a loaded test run pictures come late.
    private func poll<T>(_ seconds: Double = 90, _ body: () throws -> T?) rethrows -> T? {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if let value = try body() { return value }
            Thread.sleep(forTimeInterval: 0.2)
        } while Date() < deadline
        return nil
    }

    private func corners(_ record: [String: Any]) throws -> [Point] {
        try #require(record["corners"] as? [[Double]]).map { Point(x: $0[0], y: $0[1]) }
    }

    /// Whether the outline of one code is drawn, in either mark colour, at every corner.
    private func outlined(_ corners: [Point], in image: RGBAImage, by renderer: OverlayRenderer) -> Bool {
        let inspection = OverlayInspection(image)
        return corners.allSatisfy { corner in
            [renderer.freshColour, renderer.trackedColour].contains { inspection.hasPixel(of: $0, near: corner, within: 3) }
        }
    }

    private func regionDrawn(_ region: RegionOfInterest, in image: RGBAImage, by renderer: OverlayRenderer) -> Bool {
        let rect = region.pixelRect(width: Self.size.width, height: Self.size.height)
        let inspection = OverlayInspection(image)
        return [Point(x: Double(rect.x) + 1, y: Double(rect.y + rect.height / 2)),
                Point(x: Double(rect.x + rect.width / 2), y: Double(rect.y) + 1),
                Point(x: Double(rect.x + rect.width) - 1, y: Double(rect.y + rect.height / 2))]
            .allSatisfy { inspection.hasPixel(of: renderer.regionColour, near: $0, within: 1.5) }
    }

    @Test func theWindowShowsTheCodesAndTheRegionAndADragMovesTheRegion() throws {
        let x = try XServer()
        let dir = try TemporaryDirectory()
        let (recording, frame) = try clip(in: dir)
        try FileManager.default.createDirectory(at: Self.artefacts, withIntermediateDirectories: true)
        let scan = try Run(
            ["--input", recording, "--preview", "--format", "json", "-S", "qr", "--roi", Self.regionArgument],
            environment: x.environment, in: dir)
        let window = try x.window(named: "^scan: ")
        let renderer = OverlayRenderer()

        // Before the drag: the left code, inside the region, is found and drawn.
        let left = try #require(poll { scan.appeared(Self.leftText) }, "no event for the left code: \(scan.stderr)")
        #expect(scan.appeared(Self.rightText) == nil, "the right code is outside the starting region")
        let leftCorners = try corners(left)
        let firstShot = Self.artefacts.appendingPathComponent("preview-before-drag.png").path
        let before = try #require(
            try poll { () -> RGBAImage? in
                let image = try x.screenshot(of: window, to: firstShot)
                return outlined(leftCorners, in: image, by: renderer) ? image : nil
            }, "no outline on the left code's JSON corners in \(firstShot)")
        // The window holds the frame at its own size, with the status bar below.
        #expect(before.width == Self.size.width && before.height > Self.size.height)
        let region = try RegionOfInterest(parsing: Self.regionArgument)
        #expect(regionDrawn(region, in: before, by: renderer), "no ROI rectangle in \(firstShot)")
        // The label's box: where the renderer puts it for these corners, filled with the mark's colour.
        let detection = Detection(symbology: .qr, bytes: Array(Self.leftText.utf8), text: Self.leftText, corners: leftCorners, engine: .zbar)
        let box = try #require(try renderer.render(frame, detections: [detection], regionOfInterest: region).labelBoxes.first)
        var filled = 0
        for y in box.y..<box.y + box.height {
            for x in box.x..<box.x + box.width where [renderer.freshColour, renderer.trackedColour].contains(where: {
                OverlayInspection.matches(before[x, y], $0)
            }) { filled += 1 }
        }
        #expect(filled * 2 > box.width * box.height, "the label box \(box) is not drawn: \(filled) pixels of its colour")
        // Above the box (the code's quiet zone on white) nothing is drawn.
        #expect(before[box.x + box.width / 2, max(0, box.y - 4)] == RGBAImage.Pixel(red: 255, green: 255, blue: 255))

        // A drag over the right half: the session decodes there from then on.
        try x.run("/usr/bin/xdotool", [
            "mousemove", "--window", window, "340", "20", "mousedown", "1",
            "mousemove", "--window", window, "480", "180", "mousemove", "--window", window, "620", "340", "mouseup", "1",
        ])
        let moved = try #require(poll { scan.stderr.split(separator: "\n").first { $0.contains("region of interest now") } },
                                 "no line for the new region: \(scan.stderr)")
        #expect(moved == "scan: region of interest now 0.531,0.056,0.438,0.889 (from the preview)")
        let right = try #require(poll { scan.appeared(Self.rightText) }, "the right code was not found in the new region")
        let rightCorners = try corners(right)
        let dragged = try RegionOfInterest(x: 340.0 / 640, y: 20.0 / 360, width: 280.0 / 640, height: 320.0 / 360)
        let secondShot = Self.artefacts.appendingPathComponent("preview-after-drag.png").path
        let after = try #require(
            try poll { () -> RGBAImage? in
                let image = try x.screenshot(of: window, to: secondShot)
                return outlined(rightCorners, in: image, by: renderer) && regionDrawn(dragged, in: image, by: renderer) ? image : nil
            }, "no new region or right outline in \(secondShot)")
        #expect(!regionDrawn(region, in: after, by: renderer), "the old region is still drawn")
        #expect(!outlined(leftCorners, in: after, by: renderer), "the left code, now outside the region, is still outlined")

        // q stops cleanly. The press alone: the window answers it at once and
        // is gone before a release could be sent (xdotool key then fails).
        try x.run("/usr/bin/xdotool", ["keydown", "--window", window, "q"])
        #expect(scan.exitStatus(within: Liveness.seconds) == 0, "\(scan.stderr)")
    }

    @Test func aClickOnARecordingSaysFocusIsNotSupportedAndScanningGoesOn() throws {
        let x = try XServer()
        let dir = try TemporaryDirectory()
        let (recording, _) = try clip(in: dir)
        let scan = try Run(["--input", recording, "--preview", "-S", "qr"], environment: x.environment, in: dir)
        let window = try x.window(named: "^scan: ")
        #expect(poll { scan.stdout.contains(Self.leftText) ? true : nil } == true)
        try x.run("/usr/bin/xdotool", ["mousemove", "--window", window, "100", "300", "click", "1"])
        let line = try #require(poll { scan.stderr.split(separator: "\n").first { $0.contains("focus") } }, "\(scan.stderr)")
        #expect(line == "scan: \(recording) is a recording: focus at 100,300 not supported; scanning goes on")
        // Still scanning: the torch key gets its line too, then q ends the run.
        try x.run("/usr/bin/xdotool", ["key", "--window", window, "t"])
        #expect(poll { scan.stderr.contains("torch not supported") ? true : nil } == true, "\(scan.stderr)")
        #expect(scan.process.isRunning)
        // Only the drawing yields to decoding: the window's (main) thread,
        // which answers the close below, keeps its priority. At nice 19 it
        // once left a close unanswered for two minutes in a loaded CI run.
        let nice = scan.niceByThread
        #expect(nice[scan.process.processIdentifier].map { $0 < 19 } == true, "\(nice)")
        #expect(nice.values.contains(19), "no thread draws at nice 19: \(nice)")
        try x.close(window)
        #expect(scan.exitStatus(within: Liveness.seconds) == 0, "\(scan.stderr)")
        #expect(scan.stdout.split(separator: "\n").count == 2, "both codes were in the default full region: \(scan.stdout)")
    }

    @Test func withoutADisplayPreviewSaysSoInOneLineAndScans() throws {
        let dir = try TemporaryDirectory()
        let recording = try RecordingBuilder.firstFrameQRClip(in: dir)
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { environment.removeValue(forKey: name) }
        let plain = try ScanCommand.run(["--input", recording, "--fast"], environment: environment)
        let previewed = try ScanCommand.run(["--input", recording, "--fast", "--preview"], environment: environment)
        #expect(previewed.status == 0)
        #expect(previewed.stdout == plain.stdout && !plain.stdout.isEmpty)
        #expect(previewed.stderr == "scan: --preview: no display (DISPLAY and WAYLAND_DISPLAY are unset); scanning without a window\n")
        let quiet = try ScanCommand.run(["--input", recording, "--fast", "--preview", "-q"], environment: environment)
        #expect(quiet.stderr.isEmpty)
    }

    /// A display named but not there (no X server on it; Wayland without
    /// XDG_RUNTIME_DIR) is said in one line of ours, not left to SDL, which
    /// fell back to an invisible window or printed only its own line.
    @Test(arguments: [
        ("DISPLAY", ":97", "cannot open a window on DISPLAY=:97: none answers"),
        ("WAYLAND_DISPLAY", "wayland-97", "cannot open a window on WAYLAND_DISPLAY=wayland-97: XDG_RUNTIME_DIR, where its socket is, is unset"),
    ])
    func aDisplayThatCannotBeOpenedIsSaidInOneLine(variable: String, value: String, message: String) throws {
        try #require(!FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X97"), "an X server runs on :97")
        let dir = try TemporaryDirectory()
        let recording = try RecordingBuilder.firstFrameQRClip(in: dir)
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XDG_RUNTIME_DIR"] { environment.removeValue(forKey: name) }
        environment[variable] = value
        let previewed = try ScanCommand.run(["--input", recording, "--fast", "--preview"], environment: environment)
        #expect(previewed.status == 0)
        #expect(!previewed.stdout.isEmpty)
        #expect(previewed.stderr.hasPrefix("scan: --preview: \(message)"), "\(previewed.stderr)")
        #expect(previewed.stderr.hasSuffix("; scanning without a window\n"), "\(previewed.stderr)")
        #expect(previewed.stderr.split(separator: "\n").count == 1, "\(previewed.stderr)")
    }

    @Test func helpListsThePreviewKeys() throws {
        let help = try ScanCommand.run(["--help"]).stdout
        #expect(help.contains("--preview"))
        for key in ["Drag a", "Click: focus", "+/-: zoom", "t: torch", "f: autofocus", "q or closing"] {
            #expect(help.contains(key), "\(key)")
        }
        let images = try ScanCommand.run(["--preview", "Samples/qr.png"])
        #expect(images.status == 2 && images.stderr.contains("--annotate"))
    }
}
