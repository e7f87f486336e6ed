import Scanner
import Synchronization

/// The camera the options name, opened with the options' format and
/// controls. `open()` is called again after an unplug, so a camera that
/// returns gets the same settings.
final class CameraSetup: Sendable {
    let device: CaptureDevice
    private let request: FormatRequest
    private let settings: CameraOptions.Settings
    /// Set when the camera has no zoom control: the zoom becomes a centre crop.
    let digitalZoom: Int?
    /// What the driver streams, once the session has opened the camera.
    private let opened = Mutex<StreamFormat?>(nil)

    init(options: CameraOptions, messages: LineWriter) throws {
        device = try CaptureDevice.select(options.device)
        request = FormatRequest(
            width: options.size?.width, height: options.size?.height, framesPerSecond: options.framesPerSecond,
            pixelFormat: options.pixelFormat)
        settings = options.settings
        // Apply the settings once through the controls alone, without
        // starting a stream, to warn of what the camera lacks and to learn
        // whether zoom falls back to a crop; the session's stream opens later.
        digitalZoom = try Self.apply(settings, to: device.controls(), messages: options.output.quiet ? nil : messages)
    }

    func open() throws -> any FrameSource {
        let source = try device.open(request)
        _ = try Self.apply(settings, to: source.controls, messages: nil)
        opened.withLock { $0 = source.format }
        return source
    }

    /// The format the camera streams in, once open.
    var format: StreamFormat? { opened.withLock { $0 } }

    /// A library error as `scan` reports it: a `CaptureError` (bare or from
    /// a frame source) gains the advice in terms of this command's options,
    /// which the library cannot give, and so does the `--input` recording
    /// (`input`) that cannot be opened. `listing`: the error ended
    /// `--list-devices` or the like, where scanning a FILE is no way out.
    static func message(for error: any Error, input: String? = nil, listing: Bool = false) -> String {
        if let input, case RecordingError.cannotOpenRecording(input, _)? = error as? RecordingError {
            return "\(error); check the path: --input replays a .y4m or MJPEG recording, such as one --record made"
        }
        let capture: CaptureError? = switch error {
        case let error as CaptureError: error
        case FrameSourceError.lost(let error): error
        default: nil
        }
        guard let capture, let advice = advice(for: capture, listing: listing) else { return "\(error)" }
        return "\(capture); \(advice)"
    }

    /// What to do about `error` with `scan`'s options, when there is something.
    static func advice(for error: CaptureError, listing: Bool = false) -> String? {
        switch error {
        case .noCamera where listing, .noCaptureDevice where listing:
            "connect a camera; it appears as /dev/videoN (check dmesg or lsusb)"
        case .noCamera, .noCaptureDevice: "connect a camera or pass FILE"
        case .noSuchDevice: "list cameras with --list-devices"
        case .notACaptureDevice: "choose another with --device"
        case .systemCall: "try another --size or --pixel-format (see --list-formats), or reconnect the camera"
        case .tooFewBuffers: "or try a smaller --size, whose buffers need less memory"
        case .noDeviceAtIndex, .unsupportedFormat, .unknownControl, .controlOutOfRange, .controlReadOnly,
             .invalidControlValue, .permissionDenied, .busy, .deviceLost, .timeout, .featureUnsupported: nil
        }
    }

    /// `configuration` with the digital zoom folded into the region of interest.
    func adjusted(_ configuration: CaptureSession.Configuration) -> CaptureSession.Configuration {
        guard let zoom = digitalZoom else { return configuration }
        var adjusted = configuration
        adjusted.decoder.regionOfInterest = configuration.decoder.regionOfInterest.zoomed(by: Double(zoom))
        return adjusted
    }

    /// Applies the settings; an unsupported one is a warning and scanning
    /// goes on. Returns the zoom to apply digitally, if the camera has none.
    private static func apply(_ settings: CameraOptions.Settings, to controls: CameraControls, messages: LineWriter?) throws -> Int? {
        func attempt(_ what: String, _ body: () throws -> Void) {
            do { try body() } catch { messages?.write("scan: \(error); continuing without \(what)\n") }
        }
        for (name, value) in settings.controls {
            attempt("\(name)") { try controls.set(name, to: value) }
        }
        if let focus = settings.focus { attempt("focus") { try controls.setFocus(focus) } }
        if let exposure = settings.exposure { attempt("exposure") { try controls.setExposure(exposure) } }
        if let gain = settings.gain { attempt("gain") { try controls.setGain(gain) } }
        if let torch = settings.torch { attempt("torch") { try controls.setTorch(torch) } }
        guard let zoom = settings.zoom else { return nil }
        do {
            try controls.setZoom(zoom)
            return nil
        } catch CaptureError.featureUnsupported {
            messages?.write("scan: \(controls.path) has no zoom control; zooming digitally by cropping the centre 1/\(zoom)\n")
            return zoom
        }
    }
}
