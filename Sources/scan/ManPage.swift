/// `scan --help-man`: the help as a man page in roff, from the same
/// introduction and `OptionTable`, so `man scan` says what `--help` says.
enum ManPage {
    static var text: String {
        var roff = [
            ".TH SCAN 1 \"\" \"\(Help.version)\" \"User Commands\"",
            ".SH NAME",
            "scan \\- read barcodes and QR codes from image files or a camera",
            ".SH SYNOPSIS",
            ".B scan",
            "[\\fIOPTIONS\\fR] [\\fIPATH\\fR ...]",
            ".SH DESCRIPTION",
        ]
        // The usage line is the synopsis above; the examples get a section of their own.
        let introduction = Introduction(Help.introduction.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).map(String.init))
        roff += prose(introduction.description, margin: 4)
        for section in OptionTable.sections {
            roff.append(".SH \(quoted(section.title))")
            for entry in section.entries {
                roff.append(".TP")
                roff.append(entry.options.map { option in
                    option.names.map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
                        + (option.value.map { " \\fI\(escaped($0))\\fR" } ?? "")
                }.joined(separator: ", "))
                for (index, text) in entry.help.enumerated() {
                    // Lists of values ("text: ...", "window: ...") keep a line each.
                    if index > 0, text.firstMatch(of: #/^[a-z-]+( \([a-z]+\))?: /#) != nil { roff.append(".br") }
                    roff.append(line(text.trimmingLeadingSpaces))
                }
            }
            if !section.notes.isEmpty {
                roff.append(".PP")
                roff += prose(section.notes.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), margin: 2)
            }
        }
        roff.append(".SH EXAMPLES")
        for example in introduction.examples {
            roff += [".PP", line(example.caption), ".RS 4", ".EX"] + example.lines.map(line) + [".EE", ".RE"]
        }
        roff += [".SH ENVIRONMENT"] + definitions(environment)
        roff += [".SH FILES"] + definitions(files)
        roff += [".SH SEE ALSO", seeAlso.map { "\\fB\($0.name)\\fR(\($0.section))" }.joined(separator: ",\n")]
        return roff.joined(separator: "\n") + "\n"
    }

    /// `--help`'s introduction taken apart for a man page: its prose, and
    /// the examples (the lines indented under it), which --help shows
    /// inline and a man page lists under EXAMPLES, each after the words that
    /// open its paragraph ("With PATHs").
    private struct Introduction {
        var description: [String] = []
        var examples: [(caption: String, lines: [String])] = []

        init(_ lines: [String]) {
            // Blocks between blank lines: prose, or examples (indented).
            let blocks = lines.split(separator: "", omittingEmptySubsequences: true).map(Array.init)
            var prose: [[String]] = []
            for block in blocks {
                guard block.allSatisfy({ $0.leadingSpaces >= 4 }) else {
                    prose.append(block)
                    continue
                }
                let example = block.map(\.trimmingLeadingSpaces)
                guard var opening = prose.last else {
                    examples.append(("Example:", example))
                    continue
                }
                // The words that led to the examples now point at them.
                if let last = opening.last, last.hasSuffix(":") {
                    opening[opening.count - 1] = String(last.dropLast()) + " (see EXAMPLES)."
                    prose[prose.count - 1] = opening
                }
                examples.append((String(opening[0].prefix { $0 != "," }) + ":", example))
            }
            description = Array(prose.joined(separator: [""]))
        }
    }

    /// What the environment changes, as `man` readers look for it.
    private static let environment: [(term: String, text: String)] = [
        ("DISPLAY, WAYLAND_DISPLAY", "The display --preview opens its window on (X11, Wayland); only those named are tried."),
        ("XDG_RUNTIME_DIR", "Where a Wayland display's socket is; without it, --preview says so and scans on."),
        ("SDL_VIDEODRIVER", "Any other of SDL's video drivers for --preview (kmsdrm on a kiosk)."),
        ("STATE_DIRECTORY", "Where the --publish spool lives when --state-dir is not given; systemd sets it for scan@LANE."),
        ("LIBV4L2_LOG_FILENAME", "A file for libv4l2's own log of camera calls, for debugging; it is silent otherwise."),
    ]

    /// The files scan reads and writes.
    private static let files: [(term: String, text: String)] = [
        ("/dev/video*", "The cameras (V4L2 capture devices); --list-devices lists them."),
        ("/dev/uinput", "Where --type makes its virtual keyboard."),
        ("/etc/scan/LANE.conf", "The options of the service scan@LANE, one a line (see --config)."),
        ("/var/lib/scan/LANE.spool, LANE.sent", "The events --publish has not yet delivered, and how far the broker has them."),
        ("/usr/share/scan/schemas/*.schema.json", "JSON Schemas of the --format json records and of the MQTT messages."),
        ("/lib/systemd/system/scan@.service", "The service template, one instance per lane."),
    ]

    /// Pages of the tools scan stands beside.
    private static let seeAlso: [(name: String, section: Int)] = [
        ("zbarimg", 1), ("zbarcam", 1), ("v4l2-ctl", 1), ("mosquitto_sub", 1), ("systemd.exec", 5),
    ]

    /// A tagged paragraph for each term.
    private static func definitions(_ entries: [(term: String, text: String)]) -> [String] {
        entries.flatMap { [".TP", "\\fB\(escaped($0.term))\\fR", line($0.text)] }
    }

    /// Paragraphs filled by the formatter; lines indented past `margin`
    /// (examples, tables) kept as they are.
    private static func prose(_ lines: [String], margin: Int) -> [String] {
        var roff: [String] = []
        var verbatim = false
        for text in lines {
            if text.isEmpty {
                if verbatim { roff.append(".fi\n.RE") }
                verbatim = false
                roff.append(".PP")
                continue
            }
            let indented = text.leadingSpaces > margin
            if indented != verbatim {
                roff.append(indented ? ".RS 4\n.nf" : ".fi\n.RE")
                verbatim = indented
            }
            // A table's continuation lines keep their place under its column.
            roff.append(line(indented ? String(text.dropFirst(margin + 2)) : text.trimmingLeadingSpaces))
        }
        if verbatim { roff.append(".fi\n.RE") }
        return roff
    }

    /// A text line, safe from roff: escapes, and no leading control character.
    private static func line(_ text: String) -> String {
        let body = escaped(text)
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }

    private static func escaped(_ text: String) -> String {
        text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    }

    private static func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }
}

extension String {
    fileprivate var leadingSpaces: Int { prefix { $0 == " " }.count }
    fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
