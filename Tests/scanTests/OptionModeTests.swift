import Foundation
import ScannerTestSupport
import Testing

/// Each option belongs to the modes that take it: scanning image files,
/// scanning a camera or a recording, listing cameras. Another mode refuses
/// it with a usage error naming the option and the mode, on the command
/// line and in a --config file alike; --help and the man page list every
/// option once.
@Suite struct OptionModeTests {
    enum Mode: CaseIterable {
        case files, camera, listing

        /// What each mode's runs of `arguments` add: the quickest way to run
        /// that mode to its end here (nothing to read, no such camera, or
        /// no such recording when `arguments` replay one).
        func context(for arguments: [String]) -> [String] {
            switch self {
            case .files: ["--files-from", "/dev/null"]
            case .camera: arguments.contains("--input") ? [] : ["--device", "/nonexistent/video"]
            case .listing: ["--list-formats", "--device", "/nonexistent/video"]
            }
        }

        /// A word each refusal in this mode says.
        var named: String {
            switch self {
            case .files: "image"
            case .camera: "camera"
            case .listing: "listing"
            }
        }
    }

    /// Every option that sets something, with valid arguments (the option
    /// first, then any it needs to run here) and the modes that take it.
    static func options(in directory: TemporaryDirectory) -> [(arguments: [String], modes: Set<Mode>)] {
        let scans: Set<Mode> = [.files, .camera]
        return [
            (["--null"], [.files]), (["--all-frames"], [.files]), (["--pdf-dpi", "300"], [.files]),
            (["--format", "json"], scans), (["-H"], [.files]), (["--with-filename"], [.files]),
            (["--no-filename"], [.files]), (["--json"], scans), (["--xml"], [.files]),
            (["--annotate", directory.file("annotated").path], [.files]), (["--raw"], scans), (["--raw-bytes"], scans),
            (["-q"], Set(Mode.allCases)), (["--quiet"], Set(Mode.allCases)),
            (["-S", "qr"], scans), (["--symbologies", "qr"], scans), (["--roi", "0,0,1,1"], scans),
            (["--second-opinion"], scans), (["--itf-min-length", "8"], scans),
            (["--variable-measure", "02:us-price"], scans), (["--effort", "fast"], scans), (["--timeout", "5"], scans),
            (["-d", "/nonexistent/video0"], [.camera, .listing]), (["--device", "/nonexistent/video0"], [.camera, .listing]),
            (["--size", "640x480"], [.camera]), (["--fps", "30"], [.camera]), (["--pixel-format", "YUYV"], [.camera]),
            (["--control", "brightness=128"], [.camera]), (["--focus", "auto"], [.camera]), (["--exposure", "100"], [.camera]),
            (["--gain", "2"], [.camera]), (["--zoom", "2"], [.camera]), (["--torch", "on"], [.camera]),
            (["--oneshot"], [.camera]), (["--record", directory.file("record.y4m").path], [.camera]), (["--force"], [.camera]),
            (["--input", "/nonexistent/recording.mjpeg"], [.camera]), (["--fast", "--input", "/nonexistent/recording.mjpeg"], [.camera]), (["--preview"], [.camera]),
            (["--dedup", "window"], [.camera]), (["--rearm-ms", "300"], [.camera]), (["--dedup-ms", "800"], [.camera]),
            (["--confirm", "3"], [.camera]), (["--left"], [.camera]), (["--beep"], [.camera]),
            (["--publish", "mqtt://127.0.0.1:9/lane", "--state-dir", directory.file("state").path], [.camera]),
            (["--lane", "lane1"], [.camera]), (["--mqtt-ca", "/nonexistent/ca.pem"], [.camera]),
            (["--mqtt-user", "lane1"], [.camera]), (["--mqtt-password-file", "/nonexistent/password"], [.camera]),
            (["--state-dir", directory.file("state").path], [.camera]), (["--spool-limit", "4096"], [.camera]),
            (["--type"], [.camera]), (["--keyboard-layout", "de"], [.camera]), (["--type-suffix", "tab"], [.camera]),
            (["--type-control"], [.camera]), (["--engine", "zbar"], scans),
        ]
    }

    /// The options that choose a mode, show a text, or read a file of options.
    static let others = ["--files-from", "--list-devices", "--list-formats", "--list-controls",
                         "-h", "--help", "--help-man", "--version", "--config"]

    /// `arguments` as lines of a configuration file: long names without dashes.
    private static func configuration(_ arguments: [String]) -> String {
        arguments.reduce(into: "") { text, word in
            text += word.hasPrefix("--") ? (text.isEmpty ? "" : "\n") + word.dropFirst(2) : " " + word
        } + "\n"
    }

    @Test func eachOptionIsTakenByItsModesAndRefusedByTheOthers() throws {
        let directory = try TemporaryDirectory()
        for (arguments, modes) in Self.options(in: directory) {
            let name = arguments[0]
            var lines: [(how: String, arguments: [String])] = [("command line", arguments)]
            if name.hasPrefix("--") {
                let file = directory.file(String(name.dropFirst(2)) + ".conf")
                try Self.configuration(arguments).write(to: file, atomically: true, encoding: .utf8)
                lines.append(("--config", ["--config", file.path]))
            }
            for mode in Mode.allCases {
                for (how, given) in lines {
                    let result = try ScanCommand.run(given + mode.context(for: arguments))
                    if modes.contains(mode) {
                        #expect(result.status != 2, "\(mode) refused \(name) (\(how)): \(result.stderr)")
                    } else {
                        #expect(result.status == 2, "\(mode) took \(name) (\(how)): \(result.stderr)")
                        #expect(result.stderr.contains(name) && result.stderr.contains(mode.named),
                                "\(mode) refused \(name) (\(how)) without naming both: \(result.stderr)")
                    }
                }
            }
        }
    }

    @Test func aCameraOptionWithImageFilesNamesTheOptionAndTheMode() throws {
        let result = try ScanCommand.run(["--oneshot", "Samples/qr.png"])
        #expect(result.status == 2 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(
            "scan: --oneshot is not for scanning image files (PATHs or --files-from): "
                + "it is for scanning a camera or a recording (--input), without PATHs\n"), "\(result.stderr)")
        let listing = try ScanCommand.run(["--list-devices", "Samples/qr.png"])
        #expect(listing.status == 2 && listing.stderr.contains("image PATHs are not for listing cameras"), "\(listing.stderr)")
        let listed = try ScanCommand.run(["--list-formats", "--files-from", "/dev/null"])
        #expect(listed.status == 2 && listed.stderr.contains("--files-from is not for listing cameras"), "\(listed.stderr)")
    }

    /// A replay has no camera to set up, and a camera no replay to pace:
    /// such options are refused rather than ignored.
    @Test func aReplayRefusesCameraSetUpAndACameraRefusesReplayPacing() throws {
        let replay = try ScanCommand.run(["--input", "Samples/checkout.mjpeg", "--fast", "--exposure", "100", "--size", "640x480"])
        #expect(replay.status == 2 && replay.stdout.isEmpty)
        #expect(replay.stderr.hasPrefix("scan: --size sets up a camera, but --input replays a recording: give one or the other"), "\(replay.stderr)")
        let camera = try ScanCommand.run(["--fast", "--device", "/nonexistent/video"])
        #expect(camera.status == 2 && camera.stderr.contains("--fast paces a replay (--input FILE)"), "\(camera.stderr)")
    }

    /// --help (or --help-man, --version) answers whatever else is given.
    @Test func helpAnswersBeforeTheModeIsChecked() throws {
        let help = try ScanCommand.run(["--preview", "Samples/qr.png", "--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("USAGE: scan"), "\(help.stderr)")
        let version = try ScanCommand.run(["--list-devices", "--version", "--help-man"])
        #expect(version.status == 0 && version.stdout.hasPrefix(".TH SCAN 1"), "\(version.stderr)")
    }

    /// The option names in --help's option column: each entry's synopsis
    /// (`-S, --symbologies LIST`, `--size WxH, --fps N`), which its help
    /// text may follow on the same line after a space.
    private static func helpOptionNames(_ help: String) -> [String] {
        help.split(separator: "\n").filter { $0.hasPrefix("    -") }.flatMap { line in
            line.dropFirst(4).components(separatedBy: ", ").map { String($0.prefix { $0 != " " }) }.filter { $0.hasPrefix("-") }
        }
    }

    @Test func helpAndTheManPageListEveryOptionOnce() throws {
        let directory = try TemporaryDirectory()
        let expected = Self.options(in: directory).map { $0.arguments[0] } + Self.others
        let help = try ScanCommand.run(["--help"]).stdout
        let listed = Self.helpOptionNames(help)
        #expect(listed.sorted() == expected.sorted(), "\(Set(listed).symmetricDifference(expected).sorted())")
        let manual = try ScanCommand.run(["--help-man"]).stdout
        for name in expected {
            #expect(manual.contains("\\fB" + name.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), "the man page lacks \(name)")
        }
    }
}
