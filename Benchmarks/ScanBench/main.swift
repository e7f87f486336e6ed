// Benchmarks, not tests: each figure is a ratio against a peer measured in
// the same process on the same pixels, so it holds on any machine.
//
//   swift build -c release --product scan-bench && .build/release/scan-bench
import CZBar
import Foundation
import ScanPreview
import Scanner
import ScannerTestSupport
import Synchronization

// The helper of the isolated reads measured below.
ReadHelper.enterIfAsked()

let clock = ContinuousClock()

/// Median of `runs` timings of `body`, in milliseconds.
func median(runs: Int = 15, _ body: () -> Void) -> Double {
    body()  // warm-up
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = clock.now
        body()
        samples.append((clock.now - start).ms)
    }
    return samples.sorted()[samples.count / 2]
}

/// Medians of `runs` timings of `first` and `second`, run alternately, so
/// that a change in machine load between them weighs on both alike.
func pairedMedians(runs: Int = 15, _ first: () -> Void, _ second: () -> Void) -> (Double, Double) {
    first()
    second()
    var a: [Double] = [], b: [Double] = []
    for _ in 0..<runs {
        var start = clock.now
        first()
        a.append((clock.now - start).ms)
        start = clock.now
        second()
        b.append((clock.now - start).ms)
    }
    return (a.sorted()[runs / 2], b.sorted()[runs / 2])
}

extension Duration {
    var ms: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}

/// A 1280x720 camera-like frame: an EAN-13 and a QR on mid-grey, with
/// ±6 levels of sensor noise, as in shared/notes/engines.md.
func cameraFrame(showing visible: Bool = true, noise: Int = 6, seed: UInt64 = 1) throws -> Frame {
    let (width, height) = (1280, 720)
    var pixels = [UInt8](repeating: 128, count: width * height)
    if visible {
        let ean = try ZintRenderer.render(.ean13, .text("400638133393"), moduleSize: 3, margin: 12).frame
        let qr = try ZintRenderer.render(.qr, .text("https://example.com/item/42"), moduleSize: 5, margin: 12).frame
        for (symbol, x, y) in [(ean, 160, 240), (qr, 820, 220)] {
            let source = symbol.packedPixels
            for row in 0..<symbol.height {
                for column in 0..<symbol.width { pixels[(y + row) * width + x + column] = source[row * symbol.width + column] }
            }
        }
    }
    let frame = Frame(width: width, height: height, pixels: pixels)
    return noise == 0 ? frame : frame.withNoise(amplitude: noise, seed: seed)
}

/// zbar as its users call it: a default image scanner (all symbologies, density 1).
final class PlainZBar {
    let scanner = zbar_image_scanner_create()!
    init() {
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 1)
        zbar_image_scanner_enable_cache(scanner, 0)
    }
    deinit { zbar_image_scanner_destroy(scanner) }

    @discardableResult
    func scan(_ frame: Frame) -> Int32 {
        let pixels = frame.packedPixels
        let image = zbar_image_create()!
        defer { zbar_image_destroy(image) }
        return pixels.withUnsafeBytes { bytes in
            zbar_image_set_format(image, 0x3030_3859)
            zbar_image_set_size(image, UInt32(frame.width), UInt32(frame.height))
            zbar_image_set_data(image, bytes.baseAddress, UInt(pixels.count), nil)
            return zbar_scan_image(scanner, image)
        }
    }
}

func frameCosts(noise: Int) throws {
    let frame = try cameraFrame(noise: noise)
    let zbar = PlainZBar()
    let zbarMs = median { zbar.scan(frame) }
    func decoder(_ effort: Effort, roi: RegionOfInterest = .full) -> BarcodeReader {
        BarcodeReader(configuration: DecoderConfiguration(regionOfInterest: roi, effort: effort))
    }
    let fast = decoder(.fast)
    precondition(fast.read(frame).detections.count == 2, "the fast pass must find both codes")
    let fastMs = median { _ = fast.read(frame) }
    // The plain single pass: each engine once on the full frame at full
    // strength, as our thorough first pass runs them.
    let plain = decoder(.thorough)
    let plainMs = median { _ = plain.read(frame) }
    let quarter = decoder(.fast, roi: try RegionOfInterest(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    // Alternated with the full frame: two medians taken apart drifted with
    // the machine's load by up to 1.6x on a clear frame.
    let (pairedFullMs, quarterMs) = pairedMedians(runs: 31, { _ = fast.read(frame) }, { _ = quarter.read(frame) })
    // The same reads in the helper process (DecoderConfiguration.isolated):
    // the frame through a pipe, the result back.
    func isolated(_ reader: BarcodeReader) -> BarcodeReader {
        var configuration = reader.configuration
        configuration.isolated = true
        configuration.timeLimit = .seconds(10)
        return BarcodeReader(configuration: configuration)
    }
    let isolatedFast = isolated(fast), isolatedPlain = isolated(plain)
    precondition(isolatedFast.read(frame).detections.count == 2, "the isolated fast pass must find both codes")
    let (pairedFastMs, isolatedFastMs) = pairedMedians({ _ = fast.read(frame) }, { _ = isolatedFast.read(frame) })
    let (pairedPlainMs, isolatedPlainMs) = pairedMedians({ _ = plain.read(frame) }, { _ = isolatedPlain.read(frame) })
    print("""
    1280x720 frame, EAN-13 + QR, \(noise == 0 ? "clear" : "±\(noise) noise") (median of 15 runs)
      zbar alone, default scanner           \(f(zbarMs)) ms
      plain single pass, zbar + zxing       \(f(plainMs)) ms
      --effort fast (camera default)        \(f(fastMs)) ms   = \(f(fastMs / plainMs))x the plain pass, \(f(fastMs / zbarMs))x zbar alone
      --effort fast, centre quarter ROI     \(f(quarterMs)) ms   = \(f(pairedFullMs / quarterMs))x faster than the full frame (\(f(pairedFullMs)) ms, alternated)
      --effort fast, in the helper process  \(f(isolatedFastMs)) ms   = \(f(isolatedFastMs / pairedFastMs))x in-process (\(f(pairedFastMs)) ms, alternated)
      plain single pass, in the helper      \(f(isolatedPlainMs)) ms   = \(f(isolatedPlainMs / pairedPlainMs))x in-process (\(f(pairedPlainMs)) ms, alternated)

    """)
}

/// The whole pipeline (session, decode, tracker) per frame, on a recording
/// replayed as fast as it decodes, against zbar alone on the same planes.
func pipeline() throws {
    let frames = try (0..<60).map { try cameraFrame(seed: UInt64($0)) }
    let zbar = PlainZBar()
    let recording = frames
    // Alternated, as the ROI figures are: two medians taken apart drifted
    // with the machine's load between 0.08x and 0.12x.
    let (zbarRunMs, pipelineRunMs) = pairedMedians(runs: 5, { frames.forEach { zbar.scan($0) } }, {
        let session = CaptureSession { ReplaySource(frames: recording) }
        try! session.start()
        session.waitUntilFinished()
    })
    let (zbarMs, pipelineMs) = (zbarRunMs / Double(frames.count), pipelineRunMs / Double(frames.count))
    print("""
    Pipeline per frame, 60 noisy 1280x720 frames (EAN-13 + QR), replayed as fast as decoded
      zbar alone, default scanner, same luma planes   \(f(zbarMs)) ms
      CaptureSession (capture, decode, tracker)       \(f(pipelineMs)) ms   = \(f(pipelineMs / zbarMs))x zbar alone (alternated)

    """)
}

/// Frames from memory, stamped 1/30 s apart.
final class ReplaySource: FrameSource {
    let name = "replay"
    let isLive = false
    let frameInterval: Duration? = .seconds(1) / 30
    let frames: [Frame]
    var index = 0
    init(frames: [Frame]) { self.frames = frames }
    func nextFrame() -> CapturedFrame? {
        guard index < frames.count else { return nil }
        defer { index += 1 }
        return CapturedFrame(frame: frames[index], sequence: UInt64(index), captureTime: frameInterval! * index)
    }
}

/// A camera stand-in: delivers frames in real time, stamped with the
/// monotonic clock the way a V4L2 driver stamps buffers.
final class PacedSource: FrameSource {
    let name = "paced"
    let isLive = true
    let frameInterval: Duration? = .defaultFrameInterval
    let frames: [Frame]
    let epoch: ContinuousClock.Instant
    var index = 0
    init(frames: [Frame], epoch: ContinuousClock.Instant) {
        self.frames = frames
        self.epoch = epoch
    }
    func nextFrame() -> CapturedFrame? {
        guard index < frames.count else { return nil }
        let due = epoch + frameInterval! * index
        if clock.now < due { Thread.sleep(forTimeInterval: Double((due - clock.now).ms) / 1000) }
        defer { index += 1 }
        return CapturedFrame(frame: frames[index], sequence: UInt64(index), captureTime: clock.now - epoch)
    }
}

func latency() async throws {
    // Items come and go: 20 frames in view, 20 out, 12 times, at 30 fps.
    let shown = try (0..<4).map { try cameraFrame(seed: UInt64($0)) }
    let empty = try (0..<4).map { try cameraFrame(showing: false, seed: UInt64($0 + 10)) }
    var frames: [Frame] = []
    for cycle in 0..<12 {
        for i in 0..<20 { frames.append(shown[(cycle + i) % 4]) }
        for i in 0..<20 { frames.append(empty[(cycle + i) % 4]) }
    }
    let epoch = clock.now
    let recording = frames
    let session = CaptureSession { PacedSource(frames: recording, epoch: epoch) }
    try session.start()
    let collector = Task {
        var result: [(Double, Double)] = []  // (age at report, confirmation wait)
        for await event in session.events {
            if case .appeared(let item) = event {
                result.append(((clock.now - epoch - item.firstSeen).ms, item.sinceFirstSeen.ms))
            }
        }
        return result
    }
    session.waitUntilFinished()
    let measured = await collector.value
    let ages = measured.map(\.0).sorted()
    let stats = session.statistics
    func percentile(_ p: Double) -> Double { ages[min(ages.count - 1, Int(Double(ages.count) * p))] }
    print("""
    Latency, 1280x720 at 30 fps, EAN-13 (2 pieces of evidence) + QR (1), \(measured.count) appearances
      from the capture of the first frame that shows the item to its `appeared` event:
      p50 \(f(percentile(0.5))) ms, p99 \(f(percentile(0.99))) ms, max \(f(ages.last ?? 0)) ms
      goal: p99 <= one frame interval, 33 ms (the EAN-13's scan lines in its first frame are its evidence)
      frames captured \(stats.captured), decoded \(stats.decoded), dropped \(stats.dropped)
    """)
}

/// The cost of `--preview`: the decode rate of a session over 60 noisy
/// 1280x720 frames, replayed as fast as they decode, with a live preview
/// window drawing every frame it can and without one, runs interleaved.
/// Needs a display: run it under `xvfb-run -a`.
func previewCost() throws {
    let frames = try (0..<60).map { try cameraFrame(seed: UInt64($0)) }
    /// Decoded frames per second, and frames the window showed.
    func run(preview: Bool) throws -> (rate: Double, shown: Int) {
        let session = CaptureSession { ReplaySource(frames: frames) }
        let window = try preview ? LivePreview(
            session: session, sourceName: "bench", format: { nil }, size: (1280, 720), camera: nil,
            region: .full, digitalZoom: nil, torch: nil, messages: { print($0) }) : nil
        // The session's end, timed on a thread of its own: the window's
        // loop notices it only at its next wake-up.
        let ended = Mutex<ContinuousClock.Instant?>(nil)
        let start = clock.now
        try session.start()
        Thread.detachNewThread {
            session.waitUntilFinished()
            ended.withLock { $0 = clock.now }
        }
        var shown = 0
        if let window {
            _ = window.run()
            shown = window.framesShown
        }
        session.waitUntilFinished()
        while ended.withLock({ $0 }) == nil { Thread.sleep(forTimeInterval: 0.001) }
        let seconds = (ended.withLock { $0 }! - start) / .seconds(1)
        return (Double(session.statistics.decoded) / seconds, shown)
    }
    var off: [Double] = [], on: [Double] = [], shown: [Int] = []
    _ = try run(preview: false)  // warm-up
    for _ in 0..<11 {
        off.append(try run(preview: false).rate)
        let previewed = try run(preview: true)
        on.append(previewed.rate)
        shown.append(previewed.shown)
    }
    let (offRate, onRate) = (off.sorted()[off.count / 2], on.sorted()[on.count / 2])
    print("""
    --preview cost, 60 noisy 1280x720 frames (EAN-13 + QR) decoded as fast as possible, 11 interleaved runs each
      decode rate, no window           \(f(offRate)) frames/s (median)
      decode rate, preview window      \(f(onRate)) frames/s (median), the window showing \(shown.sorted()[shown.count / 2]) of 60
      ratio preview/no preview         \(f(onRate / offRate))   (goal ≥ 0.95)

    """)
}

func f(_ value: Double) -> String { String(format: "%.2f", value) }

let which = CommandLine.arguments.dropFirst().first ?? "all"
if which == "all" || which == "frame" {
    try frameCosts(noise: 0)
    try frameCosts(noise: 6)
}
if which == "all" || which == "pipeline" { try pipeline() }
if which == "all" || which == "latency" { try await latency() }
if which == "preview" {
    do { try previewCost() } catch { print("preview: \(error); run it under xvfb-run -a") }
}
