import Scanner

/// Everything the command line can say, parsed and checked.
struct Options {
    var paths: [String] = []
    var format: OutputFormat = .text
    var quiet = false
    var symbologies = Set(Symbology.allCases)
    var regionOfInterest = RegionOfInterest.full
    var effort: Effort?
    var singleEngine: Detection.Engine?
    var secondOpinion = false
    var showHelp = false
    var showVersion = false

    // Camera and recordings.
    var device: String?
    var listDevices = false
    var listFormats = false
    var listControls = false
    var size: (width: Int, height: Int)?
    var framesPerSecond: Int?
    var pixelFormat: PixelFormat?
    var controls: [(name: String, value: String)] = []
    var focus: String?
    var exposure: String?
    var gain: Int?
    var zoom: Int?
    var torch: Bool?
    var oneshot = false
    var input: String?
    var fast = false
    var record: String?
    var force = false

    // Checkout: how appearances become events.
    var dedup = DedupPolicy.default
    var rearm: Duration?
    var dedupWindow: Duration?
    var confirm: Int?
    var beep = false
    var reportsLeft = false

    /// What the decoding options describe; files default to thorough
    /// effort, the camera to fast.
    func decoderConfiguration(defaultEffort: Effort) -> DecoderConfiguration {
        var configuration = DecoderConfiguration(
            symbologies: symbologies, regionOfInterest: regionOfInterest, effort: effort ?? defaultEffort)
        configuration.singleEngine = singleEngine
        configuration.linearSecondOpinion = secondOpinion
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

    private func integer(_ name: String, _ text: String) throws -> Int {
        guard let value = Int(text) else { throw UsageError(description: "\(name) takes a whole number, not '\(text)'") }
        return value
    }

    private func positive(_ name: String, _ text: String) throws -> Int {
        let value = try integer(name, text)
        guard value > 0 else { throw UsageError(description: "\(name) must be positive, not \(value)") }
        return value
    }

    init(arguments: [String]) throws {
        var rest = arguments[...]
        var rawRequested = false
        while let argument = rest.popFirst() {
            // `--name=value` is the same as `--name value`.
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws -> String {
                if let inlineValue { return inlineValue }
                guard let next = rest.popFirst() else { throw UsageError(description: "\(name) needs a value") }
                return next
            }
            switch name {
            case "-h", "--help": showHelp = true
            case "--version": showVersion = true
            case "-q", "--quiet": quiet = true
            case "--raw": rawRequested = true
            case "--json": format = .json
            case "--format":
                let text = try value()
                guard let parsed = OutputFormat(rawValue: text), parsed != .raw else {
                    throw UsageError(description: "unknown format '\(text)': use text or json (or --raw)")
                }
                format = parsed
            case "-S", "--symbologies":
                symbologies = try Symbology.parseList(try value())
            case "--roi":
                regionOfInterest = try RegionOfInterest(parsing: try value())
            case "--second-opinion": secondOpinion = true
            case "--engine":
                let text = try value()
                guard let engine = Detection.Engine(rawValue: text), engine != .native else {
                    throw UsageError(description: "unknown engine '\(text)': use zbar or zxing")
                }
                singleEngine = engine
            case "--effort":
                let text = try value()
                guard let parsed = Effort(rawValue: text) else {
                    throw UsageError(description: "unknown effort '\(text)': use fast, normal or thorough")
                }
                effort = parsed
            case "-d", "--device": device = try value()
            case "--list-devices": listDevices = true
            case "--list-formats": listFormats = true
            case "--list-controls": listControls = true
            case "--size":
                let text = try value()
                let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                    throw UsageError(description: "invalid size '\(text)': use WIDTHxHEIGHT, for example 1280x720")
                }
                size = (parts[0], parts[1])
            case "--fps": framesPerSecond = try positive(name, try value())
            case "--pixel-format":
                let text = try value()
                // A code of up to four characters, "-BE" marking big-endian ones ("Y16 -BE").
                let code = text.hasSuffix("-BE") ? text.dropLast(3) : Substring(text)
                guard (1...4).contains(code.utf8.count) else {
                    throw UsageError(description: "invalid pixel format '\(text)': use a four-character code such as YUYV or MJPG (see --list-formats)")
                }
                pixelFormat = PixelFormat(text)
            case "--control":
                let text = try value()
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                    throw UsageError(description: "invalid control '\(text)': use NAME=VALUE, for example brightness=128")
                }
                controls.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
            case "--focus": focus = try value()
            case "--exposure": exposure = try value()
            case "--gain": gain = try integer(name, try value())
            case "--zoom": zoom = try positive(name, try value())
            case "--torch":
                let text = try value()
                guard text == "on" || text == "off" else { throw UsageError(description: "--torch takes on or off") }
                torch = text == "on"
            case "--oneshot": oneshot = true
            case "--input": input = try value()
            case "--fast": fast = true
            case "--record": record = try value()
            case "--force": force = true
            case "--dedup":
                let text = try value()
                do { dedup = try DedupPolicy(parsing: text) } catch { throw UsageError(description: error.description) }
            case "--rearm-ms": rearm = .milliseconds(try positive(name, try value()))
            case "--dedup-ms": dedupWindow = .milliseconds(try positive(name, try value()))
            case "--confirm": confirm = try positive(name, try value())
            case "--beep": beep = true
            case "--left": reportsLeft = true
            case "--":
                paths.append(contentsOf: rest)
                rest = []
            case "-":
                paths.append(argument)
            default:
                if argument.hasPrefix("-") {
                    throw UsageError(description: "unknown option '\(argument)'")
                }
                paths.append(argument)
            }
        }
        if input != nil && !paths.isEmpty {
            throw UsageError(description: "--input replays a recording; give either it or image PATHs")
        }
        if rawRequested {
            guard format == .text else { throw UsageError(description: "--raw and --format json exclude each other") }
            format = .raw
        }
    }
}
