import Foundation
import Scanner
import ScanOverlay
import ScannerTestSupport
import Testing

/// `scan --preview` on a real V4L2 driver: vivid's /dev/video0 in the QEMU
/// VM, shown a QR code through its loopback, in a window on an Xvfb in that
/// VM, clicked and keyed with xdotool (scripts/vivid/preview.sh; X and
/// `scan` run on the host's userspace, shared read-only into the VM). vivid
/// has no focus, exposure mode, torch or zoom control, and has gain: each
/// click, key and camera option must take its documented path while
/// scanning goes on.
@Suite(.disabled(if: VividRun.skipped, "SCAN_SKIP_VIVID=1: the preview on the vivid camera (VM) was SKIPPED"))
struct VividPreviewTests {
    static let device = "/dev/video0"
    static let scene = CameraScene.preview

    /// One VM boot for every test here.
    static let run = Task<VividRun, any Error> {
        try XServer.requireTools()
        return try await VividRun.boot("preview.sh", share: "vivid-preview-tests", binaries: .hostSystem) { share in
            try Data(scene.render().frame.packedPixels).write(to: share.appendingPathComponent("frames/preview.grey"))
        }
    }

    /// The preview's scan, with its stderr lines.
    private func preview() async throws -> (run: VividRun, result: VividRun.Result, messages: [String]) {
        let run = try await Self.run.value
        let result = try run.result("preview")
        return (run, result, result.stderr.split(separator: "\n").map(String.init))
    }

    @Test func aClickTakesTheNoFocusControlPathAndScanningGoesOn() async throws {
        let (run, result, messages) = try await preview()
        // The window drew at 1:1 (640x480 fits the screen), so the click at
        // 320,240 lands on that frame pixel.
        #expect(messages.contains("scan: \(Self.device) has no autofocus control: focus at 320,240 not supported; scanning goes on"),
                "\(result)")
        #expect(!messages.contains { $0.contains("focusing") }, "\(result)")
        // Frames captured after the click (and the keys) were still read.
        let keys = try #require(Double(String(contentsOf: run.file("keys.mark"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)), "\(result)")
        let records = try result.records()
        let readAfter = records.filter { ($0["timestamp"] as? Double ?? 0) > keys }
        #expect(readAfter.count >= 3, "\(readAfter.count) codes captured after the keys (uptime \(keys)) were read\n\(result)")
        #expect(records.allSatisfy { $0["event"] as? String == "appeared" && $0["text"] as? String == Self.scene.text }, "\(result)")
        // q ended it cleanly: exit 0, every line whole.
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("\n"))
    }

    @Test func autofocusTorchAndZoomKeysTakeTheirNotSupportedAndDigitalPaths() async throws {
        let (_, result, messages) = try await preview()
        let keyed = messages.filter { !$0.contains("continuing without") && !$0.contains("zooming digitally") }
        #expect(keyed == [
            "scan: \(Self.device) has no autofocus control: focus at 320,240 not supported; scanning goes on",
            "scan: \(Self.device) has no autofocus control: autofocus not supported; scanning goes on",
            "scan: \(Self.device) has no torch control: torch not supported; scanning goes on",
            // --zoom 2 started a centre crop, + and - ramp it: digital, as vivid has no zoom control.
            "scan: digital zoom 2.50x: decoding the centre of the region",
            "scan: digital zoom 2.00x: decoding the centre of the region",
        ], "\(result)")
    }

    /// The library's feature calls at start (`--focus auto` → setAutofocus,
    /// `--exposure`, `--torch`, `--zoom`, `--gain`): vivid's missing controls
    /// are warned of, and the one it has is set on the device.
    @Test func cameraSettingsVividLacksAreWarnedAndGainIsSet() async throws {
        let (run, result, messages) = try await preview()
        #expect(messages.prefix(4) == [
            "scan: \(Self.device) has no autofocus control; continuing without focus",
            "scan: \(Self.device) has no exposure mode control; continuing without exposure",
            "scan: \(Self.device) has no torch control; continuing without torch",
            "scan: \(Self.device) has no zoom control; zooming digitally by cropping the centre 1/2",
        ], "\(result)")
        let gain = try String(contentsOf: run.file("gain.out"), encoding: .utf8)
        #expect(gain.trimmingCharacters(in: .whitespacesAndNewlines) == "gain: 50", "\(gain)")
    }

    @Test func manualFocusAndExposureVividLacksAreWarnedAndTheCodeRead() async throws {
        let result = try await Self.run.value.result("manual")
        #expect(result.stderr.split(separator: "\n") == [
            "scan: \(Self.device) has no manual focus control; continuing without focus",
            "scan: \(Self.device) has no exposure mode control; continuing without exposure",
        ], "\(result)")
        #expect(try result.appearedTexts() == [Self.scene.text], "\(result)")
        #expect(result.status == 0, "\(result)")
    }

    /// The window's screenshot: the vivid frame at 1:1, the code outlined on
    /// its JSON corners and the region drawn as the keys left it (the
    /// centre half: --zoom 2, then + and -). The window lags the decoding
    /// under emulation, so the first of the guest's screenshots that shows
    /// this is kept, in .build/test-artefacts.
    @Test func theWindowShowsTheVividFrameWithTheCodeOutlined() async throws {
        let (run, result, _) = try await preview()
        let frame = try Self.scene.render().frame
        let corners = try #require(try result.records().last?["corners"] as? [[Double]], "\(result)")
            .map { Point(x: $0[0], y: $0[1]) }
        let renderer = OverlayRenderer()
        let region = RegionOfInterest.full.zoomed(by: 2).pixelRect(width: frame.width, height: frame.height)
        let edges = [Point(x: Double(region.x) + 1, y: 240), Point(x: Double(region.x + region.width) - 1, y: 240)]
        func drawn(_ image: RGBAImage) -> Bool {
            let inspection = OverlayInspection(image)
            return image.width == frame.width && image.height > frame.height
                && corners.allSatisfy { corner in
                    [renderer.freshColour, renderer.trackedColour].contains { inspection.hasPixel(of: $0, near: corner, within: 3) }
                }
                && edges.allSatisfy { inspection.hasPixel(of: renderer.regionColour, near: $0, within: 1.5) }
        }
        // The guest's xwd dumps, as PNG.
        let shots = try (1...3).map { n in
            let png = run.file("preview-\(n).png")
            let converted = try ScanCommand.run(
                ["xwd:" + run.file("preview-\(n).xwd").path, "png:" + png.path], executable: URL(fileURLWithPath: "/usr/bin/convert"))
            #expect(converted.status == 0, "\(converted.stderr)")
            return png
        }
        let shown = shots.lazy.compactMap { shot in (try? RGBAImage(contentsOfPNG: shot.path)).map { (shot, $0) } }.first { drawn($0.1) }
        let (shot, image) = try #require(shown, "no screenshot shows the outline at \(corners) and the region \(region): \(shots.map(\.path))")
        let kept = PreviewTests.artefacts.appendingPathComponent("preview-vivid.png")
        try FileManager.default.createDirectory(at: PreviewTests.artefacts, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: kept)
        try FileManager.default.copyItem(at: shot, to: kept)
        // Everywhere else, the frame itself: most of its pixels exactly.
        var same = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width where image[x, y] == RGBAImage.Pixel(red: frame[x, y], green: frame[x, y], blue: frame[x, y]) {
                same += 1
            }
        }
        #expect(same * 10 > frame.width * frame.height * 9, "only \(same) pixels show the vivid frame in \(kept.path)")
    }
}
