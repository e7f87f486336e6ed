// start, stop, start on one CaptureSession against a real camera, for the
// vivid tests (scripts/vivid/scenarios.sh, "restart"). Between the runs, and
// during the first, a second handle opens the device and tries to stream:
// busy while the session runs, free once stop() has returned.
//
//   session-restart --device PATH [--pixel-format FOURCC] [--size WxH]
//
// Prints one line per step; exits 0 when every step did what it should.
import Foundation
import Scanner

var arguments = CommandLine.arguments.dropFirst()
var device = "/dev/video0"
var request = FormatRequest()
while let argument = arguments.popFirst() {
    switch argument {
    case "--device": device = arguments.popFirst() ?? device
    case "--pixel-format": request.pixelFormat = arguments.popFirst().map(PixelFormat.init)
    case "--size":
        let size = (arguments.popFirst() ?? "").split(separator: "x").compactMap { Int($0) }
        if size.count == 2 { (request.width, request.height) = (size[0], size[1]) }
    default:
        print("usage: session-restart --device PATH [--pixel-format FOURCC] [--size WxH]")
        exit(2)
    }
}

func say(_ line: String) { LineWriter.standardOutput.write(line + "\n") }

/// Waits for the first appearance of each run.
final class Watcher: CaptureSessionDelegate, @unchecked Sendable {
    // Sendable: guarded by `lock`.
    private let lock = NSLock()
    private var seen: [String] = []
    let appeared = DispatchSemaphore(value: 0)

    func captureSession(_ session: CaptureSession, didEmit event: DetectionEvent) {
        guard case .appeared(let item) = event else { return }
        lock.withLock { seen.append(item.detection.text) }
        appeared.signal()
    }

    var texts: [String] { lock.withLock { seen } }
}

/// A second handle's attempt to stream one frame from the device.
func secondOpen(_ device: String, _ request: FormatRequest) -> String {
    do {
        let camera = try CaptureDevice.select(device).open(request)
        _ = try camera.nextFrame()
        return "streams"
    } catch FrameSourceError.lost(let error) {
        return error == .busy(path: device) ? "busy" : "failed: \(error)"
    } catch CaptureError.busy {
        return "busy"
    } catch {
        return "failed: \(error)"
    }
}

let (path, format) = (device, request)
let session = CaptureSession { try CaptureDevice.select(path).open(format) }
var ok = true
for run in 1...2 {
    let watcher = Watcher()
    session.setDelegate(watcher)
    do {
        try session.start()
    } catch {
        say("run \(run): start failed: \(error)")
        exit(1)
    }
    guard watcher.appeared.wait(timeout: .now() + 40) == .success else {
        say("run \(run): nothing appeared")
        exit(1)
    }
    say("run \(run): appeared \(watcher.texts.first ?? "?")")
    if run == 1 {
        let attempt = secondOpen(path, format)
        say("run \(run): a second open while running: \(attempt)")
        ok = ok && attempt == "busy"
    }
    session.stop()
    say("run \(run): stopped, state \(session.state)")
    let attempt = secondOpen(path, format)
    say("run \(run): a second open after stop: \(attempt)")
    ok = ok && attempt == "streams" && session.state == .stopped
}
exit(ok ? 0 : 1)
