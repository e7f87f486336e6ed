import Foundation
import ScannerTestSupport
import Testing

/// `scan --help-man` as man(1) renders it: the sections a man page reader
/// looks for, and examples that keep a line each.
@Suite struct ManPageTests {
    private static func rendered() throws -> (page: String, warnings: String) {
        let directory = try TemporaryDirectory()
        let source = directory.file("scan.1")
        try ScanCommand.run(["--help-man"]).stdout.write(to: source, atomically: true, encoding: .utf8)
        let page = try ScanCommand.run(
            ["MANWIDTH=100", "man", "-l", source.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        return (page.stdout, page.stderr)
    }

    /// The text of section `name`, up to the next one.
    private static func section(_ name: String, of page: String) -> String {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring(name)) else { return "" }
        let end = lines[(start + 1)...].firstIndex { !$0.isEmpty && !$0.hasPrefix(" ") } ?? lines.endIndex
        return lines[(start + 1)..<end].joined(separator: "\n")
    }

    @Test func examplesKeepALineEachAndDescriptionIsProse() throws {
        let (page, _) = try Self.rendered()
        let examples = Self.section("EXAMPLES", of: page).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for line in ["$ scan shelf.jpg", "EAN-13:4006381333931", "$ scan shelf.jpg scans/letter.pdf", "$ scan"] {
            #expect(examples.contains(line), "EXAMPLES lacks the line '\(line)': \(examples)")
        }
        let description = Self.section("DESCRIPTION", of: page)
        #expect(!description.isEmpty && !description.contains("$ scan"), "\(description)")
        #expect(description.contains("(see EXAMPLES)"))
    }

    @Test func environmentFilesAndSeeAlsoAreThere() throws {
        let (page, _) = try Self.rendered()
        let environment = Self.section("ENVIRONMENT", of: page)
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "STATE_DIRECTORY"] {
            #expect(environment.contains(name), "ENVIRONMENT lacks \(name)")
        }
        let files = Self.section("FILES", of: page)
        for path in ["/dev/video*", "/dev/uinput", "/etc/scan/LANE.conf", "/var/lib/scan/LANE.spool", "/usr/share/scan/schemas"] {
            #expect(files.contains(path), "FILES lacks \(path)")
        }
        let seeAlso = Self.section("SEE ALSO", of: page)
        for page in ["zbarimg(1)", "zbarcam(1)", "v4l2-ctl(1)"] { #expect(seeAlso.contains(page), "SEE ALSO lacks \(page)") }
        // The options' section of file scanning is not a second FILES.
        #expect(page.split(separator: "\n").filter { $0 == "FILES" }.count == 1)
    }
}
