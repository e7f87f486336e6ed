import Foundation
import Scanner
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
        let description = try String(contentsOf: Self.root.appendingPathComponent("Packaging/description"), encoding: .utf8)
        // dpkg-deb -I indents each control line by one more space.
        let lines = description.split(separator: "\n")
        let shown = ([" Description: " + lines[0]] + lines.dropFirst().map { " " + $0 }).joined(separator: "\n")
        #expect(info.stdout.contains(shown), "\(info.stdout)")

        let contents = try run("dpkg-deb", ["-c", deb.path])
        for path in [
            "./usr/bin/scan", "./usr/share/man/man1/scan.1.gz", "./usr/share/bash-completion/completions/scan",
            "./lib/systemd/system/scan@.service", "./etc/scan/lane.conf.example",
            "./usr/share/scan/schemas/scan-records.schema.json", "./usr/share/scan/schemas/scan-event.schema.json",
            "./usr/share/scan/schemas/scan-status.schema.json", "./usr/share/doc/scan/copyright",
            "./lib/udev/rules.d/60-scan-uinput.rules", "./usr/lib/modules-load.d/scan-uinput.conf",
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
        for setting in [
            "ProtectSystem=strict", "PrivateTmp=yes", "NoNewPrivileges=yes", "DeviceAllow=char-video4linux rw", "DeviceAllow=/dev/uinput rw",
            "StateDirectory=scan", "Restart=on-failure", "SupplementaryGroups=video", "User=scan", "Group=scan", "ProtectKernelModules=yes",
        ] {
            #expect(unit.contains("\n" + setting + "\n"), "\(setting)")
        }
    }

    /// --type under scan@LANE: the unit lets the service at /dev/uinput, the
    /// udev rule gives the node to the service's group, and as the service
    /// may not load modules, uinput is loaded at boot and by the postinst.
    @Test func theKeyboardWedgeCanWorkUnderTheService() throws {
        let packaging = Self.root.appendingPathComponent("Packaging")
        let unit = try String(contentsOf: packaging.appendingPathComponent("scan@.service"), encoding: .utf8)
        #expect(unit.contains("\nDeviceAllow=/dev/uinput rw\n"))
        let group = try #require(unit.firstMatch(of: /\nGroup=([a-z]+)\n/).map { String($0.1) })
        let rule = try String(contentsOf: packaging.appendingPathComponent("60-scan-uinput.rules"), encoding: .utf8)
        let ruleLine = try #require(rule.split(separator: "\n").first { !$0.hasPrefix("#") })
        for part in [#"KERNEL=="uinput""#, "GROUP=\"\(group)\"", #"MODE="0660""#] {
            #expect(ruleLine.contains(part), "\(ruleLine) lacks \(part)")
        }
        let modules = try String(contentsOf: packaging.appendingPathComponent("scan-uinput.conf"), encoding: .utf8)
        #expect(modules.split(separator: "\n").contains("uinput"))
        let postinst = try String(contentsOf: packaging.appendingPathComponent("postinst"), encoding: .utf8)
        #expect(postinst.contains("modprobe uinput") && postinst.contains("udevadm trigger"))
        let package = try String(contentsOf: Self.root.appendingPathComponent("scripts/package"), encoding: .utf8)
        for file in ["60-scan-uinput.rules", "scan-uinput.conf", "copyright"] { #expect(package.contains("Packaging/" + file)) }
    }

    /// The package's description names every symbology scan reads.
    @Test func theDescriptionNamesEverySymbology() throws {
        let description = try String(contentsOf: Self.root.appendingPathComponent("Packaging/description"), encoding: .utf8)
        let names: [Symbology: String] = [
            .qr: "QR Code", .ean13: "EAN-13", .ean8: "EAN-8", .upca: "UPC-A", .upce: "UPC-E", .code39: "Code 39", .code93: "Code 93",
            .code128: "Code 128", .pdf417: "PDF417", .aztec: "Aztec", .dataMatrix: "Data Matrix", .codabar: "Codabar",
            .itf: "Interleaved 2 of 5", .databar: "GS1 DataBar", .databarExpanded: "DataBar Expanded", .maxicode: "MaxiCode",
            .ean2: "EAN-2", .ean5: "EAN-5", .databarLimited: "DataBar Limited", .telepen: "Telepen", .dxFilmEdge: "DX Film Edge", .microQR: "Micro QR",
            .rmqr: "rMQR", .microPDF417: "MicroPDF417",
        ]
        // A new symbology needs a name here, and in the description.
        #expect(Set(names.keys) == Set(Symbology.allCases))
        let flowing = description.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for (symbology, name) in names { #expect(flowing.contains(name), "\(symbology): '\(name)' is not in the description") }
        // Debian's form: a synopsis line, then lines that start with a space.
        let lines = description.split(separator: "\n")
        #expect(lines.count > 1 && lines.dropFirst().allSatisfy { $0.hasPrefix(" ") } && lines.allSatisfy { $0.count <= 80 })
    }
}
