import Foundation
import ScannerTestSupport
import Testing

/// The Debian package `scripts/package` builds (scripts/test builds it
/// before `swift test`), and the service unit it ships.
@Suite struct PackageTests {
    static let root = ScanCommand.packageRoot
    static let deb: URL? = (try? FileManager.default.contentsOfDirectory(
        at: root.appendingPathComponent(".build/deb"), includingPropertiesForKeys: nil))?
        .first { $0.lastPathComponent.hasPrefix("scan_") && $0.pathExtension == "deb" }

    private func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ScanCommand.Result {
        var command = ["env"] + environment.map { "\($0)=\($1)" } + [tool] + arguments
        let executable = URL(fileURLWithPath: "/usr/bin/" + command.removeFirst())
        return try ScanCommand.run(command, executable: executable)
    }

    @Test(.enabled(if: deb != nil, "no .build/deb/scan_*.deb: run scripts/package"))
    func packageHoldsTheBinaryManPageCompletionUnitAndConfiguration() throws {
        let deb = try #require(Self.deb)
        let info = try run("dpkg-deb", ["-I", deb.path])
        #expect(info.status == 0)
        let depends = try #require(info.lines.first { $0.hasPrefix(" Depends:") })
        for library in ["libzbar0", "libzxing2", "libjpeg62-turbo", "libpng16-16", "libwebp7", "libv4l-0", "libmosquitto1", "libc6", "libpoppler-glib8"] {
            #expect(depends.contains(library), "\(depends)")
        }
        #expect(!depends.contains("swift"))
        // SDL2 is loaded by the preview window only: recommended, not required.
        #expect(!depends.contains("libsdl2"), "\(depends)")
        #expect(info.lines.contains(" Recommends: libsdl2-2.0-0"), "\(info.stdout)")

        let contents = try run("dpkg-deb", ["-c", deb.path])
        for path in [
            "./usr/bin/scan", "./usr/share/man/man1/scan.1.gz", "./usr/share/bash-completion/completions/scan",
            "./lib/systemd/system/scan@.service", "./etc/scan/lane.conf.example",
            "./usr/share/scan/schemas/scan-records.schema.json", "./usr/share/scan/schemas/scan-event.schema.json",
            "./usr/share/scan/schemas/scan-status.schema.json",
        ] {
            #expect(contents.lines.contains { $0.hasSuffix(" " + path) }, "\(path) missing")
        }

        // The packaged binary needs no Swift runtime, and its man page
        // renders with every option its --help lists.
        let directory = try TemporaryDirectory()
        #expect(try run("dpkg-deb", ["-x", deb.path, directory.url.path]).status == 0)
        let binary = directory.file("usr/bin/scan")
        let needed = try run("objdump", ["-p", binary.path]).lines.filter { $0.contains("NEEDED") }
        #expect(!needed.isEmpty && !needed.contains { $0.contains("swift") }, "\(needed)")
        let help = try ScanCommand.run(["--help"], executable: binary)
        let page = try run("man", ["-l", directory.file("usr/share/man/man1/scan.1.gz").path], environment: ["MANWIDTH": "100"])
        #expect(page.status == 0 && page.stdout.contains("SCAN(1)"), "\(page.stderr)")
        let options = Set(help.stdout.matches(of: #/ (--[a-z-]+)/#).map { String($0.1) })
        #expect(options.count > 40)
        // roff may hyphenate words: compare without its line breaks.
        let rendered = page.stdout.replacingOccurrences(of: "\u{2010}\n", with: "").replacingOccurrences(of: "‐", with: "-")
        for option in options.sorted() { #expect(rendered.contains(option), "\(option) is not in the man page") }
    }

    /// systemd's own check of the template, instantiated for a lane; only
    /// ExecStart's path is pointed at the built binary, which it checks.
    @Test func serviceUnitPassesSystemdAnalyzeVerify() throws {
        let directory = try TemporaryDirectory()
        let unit = try String(contentsOf: Self.root.appendingPathComponent("Packaging/scan@.service"), encoding: .utf8)
        try unit.replacingOccurrences(of: "/usr/bin/scan", with: ScanCommand.binary.path)
            .write(to: directory.file("scan@.service"), atomically: true, encoding: .utf8)
        let manual = directory.file("man/man1")
        try FileManager.default.createDirectory(at: manual, withIntermediateDirectories: true)
        try ScanCommand.run(["--help-man"]).stdout.write(to: manual.appendingPathComponent("scan.1"), atomically: true, encoding: .utf8)
        let verify = try run("systemd-analyze", ["verify", directory.file("scan@lane1.service").path],
                             environment: ["MANPATH": directory.file("man").path])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stderr.isEmpty, "\(verify.stderr)")
        for setting in ["ProtectSystem=strict", "PrivateTmp=yes", "NoNewPrivileges=yes", "DeviceAllow=char-video4linux rw", "StateDirectory=scan", "Restart=on-failure", "SupplementaryGroups=video"] {
            #expect(unit.contains("\n" + setting + "\n"), "\(setting)")
        }
    }
}
