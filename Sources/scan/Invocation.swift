/// What the command line asks for: a text, or a mode with the options it
/// takes, read through `OptionTable`: `--name value`, `--name=value`, `--`
/// before paths that start with a dash, `-` for stdin. An option the mode
/// does not take is a usage error that names both.
enum Invocation: Sendable {
    case show(Page)
    case files(FileOptions)
    case camera(CameraOptions)
    case listing(ListingOptions)

    /// `--help`, `--help-man` or `--version`, shown whatever else is given;
    /// the first of them here, when several are.
    enum Page: CaseIterable, Sendable {
        case help
        case manPage
        case version

        var text: String {
            switch self {
            case .help: Help.text + "\n"
            case .manPage: ManPage.text
            case .version: Help.version + "\n"
            }
        }
    }

    init(arguments: [String]) throws {
        var line = Words()
        try line.read(arguments)
        let pages = line.given.compactMap { given -> Page? in
            if case .shows(let page) = given.option.effect { page } else { nil }
        }
        if let page = Page.allCases.first(where: pages.contains) {
            self = .show(page)
        } else if line.given.contains(where: { $0.option.selects == .listing }) {
            guard line.paths.isEmpty else {
                throw UsageError(description: "image PATHs are not for \(Mode.listing.description): scan them in a run of their own")
            }
            self = .listing(try Self.apply(line.given, to: ListingOptions()))
        } else if !line.paths.isEmpty || line.given.contains(where: { $0.option.selects == .files }) {
            self = .files(try Self.apply(line.given, to: FileOptions(paths: line.paths)))
        } else {
            self = .camera(try Self.apply(line.given, to: CameraOptions()))
        }
    }

    /// `options` with every option `given` applied, in order, then checked.
    private static func apply<Options: ModeOptions>(_ given: [Words.Given], to options: Options) throws -> Options {
        var options = options
        for (name, option, value, place) in given {
            do {
                guard case .sets(let setters) = option.effect, let set = setters[keyPath: Options.setter] else {
                    throw UsageError(description: option.refusal(as: name, in: Options.mode))
                }
                try set(&options, value)
            } catch {
                // An option from a --config file is found by its line.
                throw place.map { UsageError(description: "\($0): \(error)") } ?? error
            }
        }
        try options.check()
        return options
    }

    /// The words of a command line: the options given, each with the name
    /// it was given by, its value and the configuration file line it was
    /// read from, and the paths.
    private struct Words {
        typealias Given = (name: String, option: OptionTable.Option, value: String, place: String?)
        var given: [Given] = []
        var paths: [String] = []

        /// Reads `arguments` (from the configuration file line `place`), and
        /// each `--config` file's options where it is given.
        mutating func read(_ arguments: [String], place: String? = nil) throws {
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
                var value = ""
                if option.value == nil {
                    if inlineValue != nil { throw UsageError(description: "\(name) takes no value") }
                } else {
                    guard let given = inlineValue ?? rest.popFirst() else { throw UsageError(description: "\(name) needs a value") }
                    value = given
                }
                if case .includes = option.effect {
                    for line in try ConfigurationFile.lines(path: value) { try read(line.arguments, place: line.place) }
                } else {
                    given.append((name, option, value, place))
                }
            }
        }
    }
}
