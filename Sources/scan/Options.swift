import Scanner
import ScanKeyboard
import ScanDelivery

/// Everything the command line can say, parsed and checked.
struct Options {
    var paths: [String] = []
    var filesFrom: String?
    var nullSeparated = false
    /// nil: names when there are several inputs.
    var withFilename: Bool?
    var allFrames = false
    var pdfDotsPerInch = 200
    var format: OutputFormat = .text
    var quiet = false
    /// A directory to write each still image into with its detections drawn.
    var annotate: String?
    var symbologies = Symbology.standard
    var regionOfInterest = RegionOfInterest.full
    var effort: Effort?
    /// `--timeout`: the last-resort wall-clock limit per image or frame.
    var timeout: Duration?
    var singleEngine: Detection.Engine?
    var secondOpinion = false
    var minimumITFLength: Int?
    var variableMeasureLayouts: [VariableMeasureLayout] = []
    var showHelp = false
    var showManPage = false
    var showVersion = false
    /// `--raw` or `--raw-bytes`, checked against `--format` once every option is read.
    var rawRequested: OutputFormat?

    // Camera and recordings.
    var device: String?
    var listDevices = false
    var listFormats = false
    var listControls = false
    var size: (width: Int, height: Int)?
    var framesPerSecond: Int?
    var pixelFormat: PixelFormat?
    var controls: [(name: String, value: String)] = []
    var focus: CameraSetting?
    var exposure: CameraSetting?
    var gain: Int?
    var zoom: Int?
    var torch: Bool?
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

    /// The last-resort time limit per image when `--timeout` is not given:
    /// far above what any image takes (the work budget ends the hostile
    /// corpus's worst in under 1 s), so it changes no result, yet a frame
    /// stuck inside zbar or zxing cannot hold a batch or a till.
    static let defaultFileTimeLimit = Duration.seconds(30)
    /// The camera's: none. A frame a slow machine takes long over is not
    /// stuck, and killing the helper process mid-frame there (in the
    /// emulated VM of the camera tests, every frame passed 1 s) dropped
    /// every frame; `--timeout` sets one.
    static let defaultFrameTimeLimit: Duration? = nil

    /// What the decoding options describe; files default to thorough
    /// effort, the camera to fast, each with its last-resort time limit.
    func decoderConfiguration(defaultEffort: Effort, defaultTimeLimit: Duration?) -> DecoderConfiguration {
        var configuration = DecoderConfiguration(
            symbologies: symbologies, regionOfInterest: regionOfInterest, effort: effort ?? defaultEffort)
        configuration.singleEngine = singleEngine
        configuration.linearSecondOpinion = secondOpinion
        configuration.timeLimit = timeout ?? defaultTimeLimit
        if let minimumITFLength { configuration.minimumITFLength = minimumITFLength }
        // Frames are read in this process: our readers bound their own work
        // and cannot abort it, zxing 1.4's 2D readers do not abort either, and
        // its 1D readers, which can, run in their own helper when a read
        // needs them (`ZXingEngine`). A helper per run cost more than a
        // sample's whole read (`scan -q` on Samples/qr.png: 27 ms against 15).
        return configuration
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

    /// A mistake on the command line; `main` prints it with a pointer to `--help`.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init(arguments: [String]) throws {
        try parse(arguments)
        if input != nil && (!paths.isEmpty || filesFrom != nil) {
            throw UsageError(description: "--input replays a recording; give either it or image PATHs")
        }
        if preview && (!paths.isEmpty || filesFrom != nil) {
            throw UsageError(description: "--preview shows a camera or a recording (--input); for image PATHs use --annotate DIR")
        }
        if annotate != nil && paths.isEmpty && filesFrom == nil {
            throw UsageError(description: "--annotate draws on still images; give image PATHs or --files-from")
        }
        if nullSeparated && filesFrom == nil {
            throw UsageError(description: "--null describes a --files-from list; give the list too")
        }
        if filesFrom == "-" && paths.contains("-") {
            throw UsageError(description: "standard input cannot be both the --files-from list and an image (-)")
        }
        if (publish != nil || type) && (!paths.isEmpty || filesFrom != nil) {
            throw UsageError(description: "--publish and --type follow a camera or a recording (--input), not image PATHs")
        }
        // An add-on is read only beside its main code, so add-ons alone
        // would find nothing, with no word why.
        if symbologies.allSatisfy(\.isAddOn) {
            let named = symbologies.map(\.rawValue).sorted().joined(separator: ",")
            throw UsageError(description: "\(named) is an add-on, read only with the EAN-13 or UPC it follows: "
                + "name that too, e.g. -S ean13,\(named) (or all,\(named))")
        }
        if format == .xml && paths.isEmpty && filesFrom == nil {
            throw UsageError(description: "--xml writes zbarimg's document for image files; give image PATHs, or use --format json for a camera")
        }
        if let rawRequested {
            guard format == .text else { throw UsageError(description: "--\(rawRequested.rawValue) and --format json exclude each other") }
            format = rawRequested
        }
    }
}

extension Options {
    /// Applies `arguments` through `OptionTable`: `--name value`,
    /// `--name=value`, `--` before paths that start with a dash, `-` for stdin.
    mutating func parse(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = OptionTable.byName[name] else {
                if argument == "--" {
                    paths.append(contentsOf: rest)
                    return
                }
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError(description: "unknown option '\(argument)'")
                }
                paths.append(argument)
                continue
            }
            guard option.value != nil else {
                if inlineValue != nil { throw UsageError(description: "\(name) takes no value") }
                try option.apply(&self, "")
                continue
            }
            guard let value = inlineValue ?? rest.popFirst() else { throw UsageError(description: "\(name) needs a value") }
            try option.apply(&self, value)
        }
    }
}
