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
        // The usage line is the synopsis above.
        roff += prose(Help.introduction.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).map(String.init), margin: 4)
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
        return roff.joined(separator: "\n") + "\n"
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
            roff.append(line(text.trimmingLeadingSpaces))
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
