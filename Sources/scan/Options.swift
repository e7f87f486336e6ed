import Scanner

/// Everything the command line can say, parsed and checked.
struct Options {
    var paths: [String] = []
    var format: OutputFormat = .text
    var quiet = false
    var symbologies = Set(Symbology.allCases)
    var regionOfInterest = RegionOfInterest.full
    var effort: Effort?
    var showHelp = false
    var showVersion = false

    /// A mistake on the command line; `main` prints it with a pointer to `--help`.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
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
            case "--effort":
                let text = try value()
                guard let parsed = Effort(rawValue: text) else {
                    throw UsageError(description: "unknown effort '\(text)': use fast, normal or thorough")
                }
                effort = parsed
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
        if rawRequested {
            guard format == .text else { throw UsageError(description: "--raw and --format json exclude each other") }
            format = .raw
        }
    }
}
