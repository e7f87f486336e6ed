import Scanner
import ScanKeyboard
import ScanDelivery

/// The options of `scan` without PATHs, which scans a camera or replays a
/// recording (`--input`): only those that mode takes (see `OptionTable`).
struct CameraOptions: Sendable {
    var decoding = DecodingOptions()
    var output = OutputOptions()

    // The camera, or the recording instead.
    var device: String?
    var size: (width: Int, height: Int)?
    var framesPerSecond: Int?
    var pixelFormat: PixelFormat?
    var settings = Settings()
    var oneshot = false
    var input: String?
    var fast = false
    var record: String?
    var preview = false
    var force = false

    // Checkout: how appearances become events.
    var dedup = DedupPolicy.default
    var rearm: Duration?
    var dedupWindow: Duration?
    var confirm: Int?
    var beep = false
    var reportsLeft = false

    // Till: events to the store's broker, a keyboard wedge.
    var lane: String?
    var stateDirectory: String?
    var publish: MQTTEndpoint?
    var mqttCA: String?
    var mqttUser: String?
    var mqttPasswordFile: String?
    var spoolLimit = 16 << 20
    var type = false
    var wedge = KeyboardWedge()

    /// The camera's controls, set again each time the camera is reopened.
    struct Settings: Sendable {
        var controls: [(name: String, value: String)] = []
        var focus: CameraSetting?
        var exposure: CameraSetting?
        var gain: Int?
        var zoom: Int?
        var torch: Bool?
    }

    /// The camera's last-resort time limit per frame: none. A frame a slow
    /// machine takes long over is not stuck, and killing the helper process
    /// mid-frame there (in the emulated VM of the camera tests, every frame
    /// passed 1 s) dropped every frame; `--timeout` sets one.
    static let defaultTimeLimit: Duration? = nil

    /// The camera defaults to fast effort: the next frame is the second chance.
    var decoderConfiguration: DecoderConfiguration {
        decoding.configuration(defaultEffort: .fast, defaultTimeLimit: Self.defaultTimeLimit)
    }

    /// The tracker settings the dedup options describe.
    var trackerConfiguration: TrackerConfiguration {
        var policy = dedup
        switch policy {
        case .oncePerPresentation: if let rearm { policy = .oncePerPresentation(rearm: rearm) }
        case .window: if let dedupWindow { policy = .window(dedupWindow) }
        default: break
        }
        var configuration = TrackerConfiguration(policy: policy, reportsLeft: reportsLeft)
        if let confirm { configuration.confirmLinear = confirm }
        return configuration
    }

    /// The options given that only a camera takes, which a replay would
    /// otherwise ignore without a word.
    var cameraSetUp: [String] {
        let given: [(String, Bool)] = [
            ("--device", device != nil), ("--size", size != nil), ("--fps", framesPerSecond != nil),
            ("--pixel-format", pixelFormat != nil), ("--control", !settings.controls.isEmpty),
            ("--focus", settings.focus != nil), ("--exposure", settings.exposure != nil), ("--gain", settings.gain != nil),
            ("--zoom", settings.zoom != nil), ("--torch", settings.torch != nil),
        ]
        return given.filter(\.1).map(\.0)
    }

    /// Why `--xml` (or `--format xml`) is refused here.
    static let xmlRefusal = "--xml writes zbarimg's document for image files; give image PATHs, or use --format json for a camera"
}

extension CameraOptions: ModeOptions {
    static let mode = Mode.camera
    static var setter: KeyPath<OptionTable.Setters, OptionTable.Setter<Self>?> { \.camera }

    mutating func check() throws(UsageError) {
        try decoding.check()
        if output.format == .xml { throw UsageError(description: Self.xmlRefusal) }
        if input != nil, let option = cameraSetUp.first {
            throw UsageError(description: "\(option) sets up a camera, but --input replays a recording: give one or the other")
        }
        if input == nil, fast { throw UsageError(description: "--fast paces a replay (--input FILE); a camera sends frames at its own rate") }
        try output.resolveRaw()
    }
}
