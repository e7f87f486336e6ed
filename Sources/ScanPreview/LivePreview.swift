import FoundationEssentials
import Scanner
import ScanOverlay

/// A window on a running `CaptureSession`: each decoded frame with its
/// codes' outlines and labels, the region of interest and a status bar,
/// drawn by the same `OverlayRenderer` as annotated files; and the
/// camera's controls under the mouse and keys (`keys`).
///
/// The session's decode thread only leaves each frame in a one-frame slot.
/// The thread that runs `run()`, which must be the main thread (SDL's rule),
/// takes input and shows pictures that a `PreviewPainter` draws at low
/// priority. A window slower than decoding shows fewer frames; decoding is
/// never held up.
public final class LivePreview {
    /// The keys, for the status bar and `--help`.
    public static let keys = "drag: region  click: focus  +/-: zoom  t: torch  f: autofocus  q: quit"

    /// How long a code stays drawn as fresh after its `appeared` event.
    static let freshFor = Duration.milliseconds(700)
    /// The most the digital zoom crops: the centre 1/8.
    static let maximumDigitalZoom = 8.0
    /// The fastest the window redraws: enough to aim by, and cheap beside
    /// decoding a camera's every frame.
    static let minimumRedrawInterval = Duration.seconds(1) / 15
    /// Frames wider are shown halved (again, until they fit): drawing and
    /// showing a 1280x720 frame at full size costs the CPU most of a
    /// decode. The window can still be enlarged.
    static let maximumShownWidth = 1024

    private let session: CaptureSession
    private let sourceName: String
    private let format: () -> String?
    private let camera: (() throws -> CameraControls)?
    private let messages: (String) -> Void
    private let window: PreviewWindow
    private let slot = LatestFrame()
    private let painter: PreviewPainter

    /// The region as set by --roi or a drag, before the digital zoom.
    private var region: RegionOfInterest
    private var digitalZoom: Double
    private var torchOn: Bool
    /// The rectangle being dragged, in frame pixels.
    private var dragRegion: RegionOfInterest?
    private var lastFrame: DecodedFrame?
    /// Frame pixels per shown pixel, and the shown frame's size.
    private var shownScale = 1
    private var shownSize = (width: 0, height: 0)
    /// When each code last appeared, by capture time.
    private var appearedAt: [CodeKey: Duration] = [:]
    /// Capture times of recently shown frames, with the session's decoded count then.
    private var frameTimes: [(time: Duration, decoded: Int)] = []
    private var quitRequested = false
    /// Decoded frames drawn in the window so far.
    public private(set) var framesShown = 0

    private struct CodeKey: Hashable {
        let symbology: Symbology
        let bytes: [UInt8]
        init(_ detection: Detection) {
            symbology = detection.symbology
            bytes = detection.bytes
        }
    }

    /// Opens the window for `session` (before it starts, so that its first
    /// frame is shown). `format` names the stream's format, once known.
    /// `camera` opens the camera's controls; nil for a
    /// recording, where focus, torch and optical zoom are reported as not
    /// supported. `region` and `digitalZoom` are the session's region before
    /// and the crop applied on top (a camera without a zoom control).
    /// `messages` gets one line for each thing done or not supported.
    /// Throws, with one line's reason, when there is no display.
    public init(
        session: CaptureSession, sourceName: String, format: @escaping () -> String?, size: (width: Int, height: Int)?,
        camera: (() throws -> CameraControls)?, region: RegionOfInterest, digitalZoom: Int?, torch: Bool?,
        messages: @escaping (String) -> Void
    ) throws(PreviewUnavailable) {
        window = try PreviewWindow(
            title: "scan: \(sourceName)", width: size?.width ?? 640, height: size?.height ?? 480)
        // Its thread starts only once there is a window to draw for: with
        // no display it would have loaded SDL2 and waited forever.
        painter = PreviewPainter(wake: PreviewWindow.wake)
        self.session = session
        self.sourceName = sourceName
        self.format = format
        self.camera = camera
        self.messages = messages
        self.region = region
        self.digitalZoom = Double(digitalZoom ?? 1)
        torchOn = torch ?? false
        let slot = slot
        session.setFrameObserver { frame in
            if slot.put(frame) { PreviewWindow.wake() }
        }
    }

    deinit {
        session.setFrameObserver(nil)
        painter.close()
    }

    /// Shows frames until the session ends, or the window is closed or `q`
    /// pressed, which stops the session. Returns whether the person quit.
    /// Call it on the main thread.
    public func run() -> Bool {
        let clock = ContinuousClock()
        var nextDraw = clock.now
        var wait = Duration.zero
        while !quitRequested {
            // Returns early on an input, a frame's or a picture's wake-up.
            for input in window.inputs(waiting: wait) { handle(input) }
            if !quitRequested, let picture = painter.takePicture() { show(picture) }
            if quitRequested {
                session.stop()
                break
            }
            let now = clock.now
            // Taken only when due: frames decoded meanwhile replace each other in the slot.
            if now >= nextDraw, let frame = slot.take() {
                lastFrame = frame
                note(frame)
                draw(frame)
                nextDraw = now + Self.minimumRedrawInterval
                wait = Self.minimumRedrawInterval
            } else if session.state == .stopped {
                break
            } else {
                wait = now < nextDraw ? now.duration(to: nextDraw) : .milliseconds(100)
            }
        }
        return quitRequested
    }

    // MARK: Drawing

    private func note(_ frame: DecodedFrame) {
        let time = frame.frame.captureTime ?? .zero
        for item in frame.appeared { appearedAt[CodeKey(item.detection)] = time }
        appearedAt = appearedAt.filter { time - $0.value < Self.freshFor }
        frameTimes.append((time, session.statistics.decoded))
        frameTimes.removeFirst(max(0, frameTimes.count - 30))
    }

    /// Asks the painter for `decoded` with its marks, region and status.
    private func draw(_ decoded: DecodedFrame) {
        let time = decoded.frame.captureTime ?? .zero
        // The painter halves the frame; the mouse needs the shown size now.
        var (width, height, halvings, scale) = (decoded.frame.width, decoded.frame.height, 0, 1)
        while width > Self.maximumShownWidth, let half = Frame.sizeDownscaledByTwo(width: width, height: height) {
            (width, height, halvings, scale) = (half.width, half.height, halvings + 1, scale * 2)
        }
        shownScale = scale
        shownSize = (width, height)
        let marks = decoded.detections.map { detection in
            let fresh = appearedAt[CodeKey(detection)].map { time - $0 < Self.freshFor } ?? false
            var scaled = detection
            scaled.corners = detection.corners.map { Point(x: $0.x / Double(scale), y: $0.y / Double(scale)) }
            return OverlayMark(scaled, fresh ? .fresh : .tracked)
        }
        painter.draw(PreviewPainter.Job(
            frame: decoded.frame, halvings: halvings, marks: marks,
            region: dragRegion ?? decoded.regionOfInterest, statusLines: [status(decoded), Self.keys]))
    }

    private func show(_ picture: Result<RGBAImage, OverlayError>) {
        switch picture {
        case .success(let image):
            window.show(image)
            framesShown += 1
        case .failure(let error):
            messages("preview: \(error)")
            quitRequested = true
        }
    }

    /// Device, format, size, frame rate, decode time and drops.
    private func status(_ decoded: DecodedFrame) -> String {
        // A recording by its file name: a long path would crowd out the figures.
        var parts = [camera == nil ? PathName.last(sourceName) : sourceName]
        if let format = format() { parts.append(format) }
        parts.append("\(decoded.frame.width)x\(decoded.frame.height)")
        // Decoded frames a second, whether or not the window showed them.
        if let first = frameTimes.first, let last = frameTimes.last, last.time > first.time {
            let rate = Double(last.decoded - first.decoded) / ((last.time - first.time) / .seconds(1))
            parts.append(fixedPoint(rate, decimals: 1) + " fps")
        }
        parts.append("decode " + fixedPoint(decoded.decodeTime / .milliseconds(1), decimals: 1) + " ms")
        parts.append("dropped \(session.statistics.dropped)")
        let skipped = slot.skipped
        if skipped > 0 { parts.append("not shown \(skipped)") }
        return parts.joined(separator: "  ")
    }

    // MARK: Interaction

    private func handle(_ input: PreviewInput) {
        switch input {
        case .close, .key("q"):
            quitRequested = true
        case .click(let point):
            focus(at: point)
        case .dragging(let from, let to):
            dragRegion = self.region(from: from, to: to)
            if let lastFrame { draw(lastFrame) }
        case .dragged(let from, let to):
            dragRegion = nil
            guard let dragged = self.region(from: from, to: to) else { return }
            region = dragged
            digitalZoom = 1
            apply("region of interest now \(describe(dragged)) (from the preview)")
        case .key("+"):
            zoom(in: true)
        case .key("-"):
            zoom(in: false)
        case .key("t"):
            useCamera("torch") { controls in
                try controls.setTorch(!torchOn)
                torchOn.toggle()
                return "torch \(torchOn ? "on" : "off")"
            }
        case .key("f"):
            useCamera("autofocus") { controls in
                let on = try !controls.isAutofocusOn()
                try controls.setAutofocus(on)
                return "autofocus \(on ? "on" : "off")"
            }
        case .key:
            break
        }
    }

    /// The rectangle between two points of the shown frame, as a region.
    private func region(from: Point, to: Point) -> RegionOfInterest? {
        guard shownSize.width > 0 else { return nil }
        let (width, height) = (Double(shownSize.width), Double(shownSize.height))
        func clamped(_ value: Double, _ limit: Double) -> Double { min(max(value, 0), limit) / limit }
        let x0 = clamped(min(from.x, to.x), width), x1 = clamped(max(from.x, to.x), width)
        let y0 = clamped(min(from.y, to.y), height), y1 = clamped(max(from.y, to.y), height)
        return try? RegionOfInterest(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private func describe(_ region: RegionOfInterest) -> String {
        [region.x, region.y, region.width, region.height].map { fixedPoint($0, decimals: 3) }.joined(separator: ",")
    }

    /// Sets the region, zoomed, on the session in one configuration step.
    private func apply(_ message: String) {
        session.beginConfiguration()
        var configuration = session.configuration
        configuration.decoder.regionOfInterest = region.zoomed(by: digitalZoom)
        session.configuration = configuration
        session.commitConfiguration()
        messages(message)
    }

    /// A tap to focus: the camera's one-shot focus; V4L2 cannot aim it at
    /// the point, so the point is only reported.
    private func focus(at point: Point) {
        let place = "\(Int(point.x) * shownScale),\(Int(point.y) * shownScale)"
        useCamera("focus at \(place)") { controls in
            try controls.focusOnce()
            return "focusing (one-shot autofocus; the camera chooses where) after a click at \(place)"
        }
    }

    /// Optical zoom a tenth of the control's range a step; digital zoom
    /// (a centre crop of the region) when there is no zoom control.
    private func zoom(in zoomingIn: Bool) {
        if let camera {
            do {
                let controls = try camera()
                let control = try controls.zoomControl()
                let step = max(control.step, (control.maximum - control.minimum) / 10, 1)
                let value = min(max((control.value ?? control.minimum) + (zoomingIn ? step : -step), control.minimum), control.maximum)
                try controls.setZoom(value)
                messages("zoom \(value) (optical, \(control.minimum)-\(control.maximum))")
                return
            } catch CaptureError.featureUnsupported {
                // No zoom control: crop instead, below.
            } catch {
                messages("zoom: \(error)")
                return
            }
        }
        let zoomed = min(max(zoomingIn ? digitalZoom * 1.25 : digitalZoom / 1.25, 1), Self.maximumDigitalZoom)
        guard zoomed != digitalZoom else { return }
        digitalZoom = zoomed
        apply("digital zoom " + fixedPoint(zoomed, decimals: 2) + "x: decoding the centre of the region")
    }

    /// Runs `body` on the camera's controls and reports its line; reports
    /// `what` as not supported on a recording or a camera without the control.
    private func useCamera(_ what: String, _ body: (CameraControls) throws -> String) {
        guard let camera else {
            messages("\(sourceName) is a recording: \(what) not supported; scanning goes on")
            return
        }
        do {
            messages(try body(try camera()))
        } catch CaptureError.featureUnsupported(let path, let feature) {
            messages("\(path) has no \(feature) control: \(what) not supported; scanning goes on")
        } catch {
            messages("\(what): \(error)")
        }
    }
}
