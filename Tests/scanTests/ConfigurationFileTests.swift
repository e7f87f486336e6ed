import Foundation
import ScannerTestSupport
import Testing

/// `--config FILE`, as the service reads /etc/scan/LANE.conf: the same
/// options, one a line, checked by the same table.
@Suite struct ConfigurationFileTests {
    @Test func optionsComeFromTheFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("lane1.conf")
        try "# lane 1\nformat json\n\n  fast\ninput Samples/checkout.mjpeg\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try ScanCommand.run(["--config", file.path, "-S", "qr"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 1 && result.lines[0].contains("\"text\":\"COUPON:SAVE-1.00\""), "\(result.stdout)")
    }

    @Test(arguments: [
        ("colour red\n", "lane.conf:1: unknown option 'colour'"),
        ("fast\nformat\n", "lane.conf:2: format needs a value"),
        ("fast yes\n", "lane.conf:1: fast takes no value"),
        ("config other.conf\n", "lane.conf:1: unknown option 'config'"),
    ])
    func mistakesNameTheLine(text: String, message: String) throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("lane.conf")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let result = try ScanCommand.run(["--config", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// An option of the file that the run does not take, or whose value is
    /// wrong, is found by its line too.
    @Test func refusalsAndBadValuesNameTheLine() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("lane.conf")
        try "format json\n# the till\noneshot\n".write(to: file, atomically: true, encoding: .utf8)
        let files = try ScanCommand.run(["--config", file.path, "Samples/qr.png"])
        #expect(files.status == 2)
        #expect(files.stderr.hasPrefix("scan: \(file.path):3: --oneshot is not for scanning image files"), "\(files.stderr)")
        try "spool-limit 0\n".write(to: file, atomically: true, encoding: .utf8)
        let value = try ScanCommand.run(["--config", file.path, "--device", "/nonexistent/video"])
        #expect(value.status == 2 && value.stderr.hasPrefix("scan: \(file.path):1: --spool-limit must be positive"), "\(value.stderr)")
    }

    @Test func tillOptionsNeedACameraOrARecording() throws {
        let result = try ScanCommand.run(["--publish", "mqtt://127.0.0.1:1883/lane", "Samples/qr.png"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--publish and --type follow a camera or a recording"), "\(result.stderr)")
        let address = try ScanCommand.run(["--publish", "http://127.0.0.1/lane", "--input", "Samples/checkout.mjpeg"])
        #expect(address.status == 2 && address.stderr.contains("unknown scheme 'http'"), "\(address.stderr)")
    }

    @Test func helpAndManPageListTheSameOptions() throws {
        let help = try ScanCommand.run(["--help"]).stdout
        let manual = try ScanCommand.run(["--help-man"]).stdout
        let options = Set(help.matches(of: #/ (--[a-z-]+)/#).map { String($0.1) })
        #expect(options.isSuperset(of: ["--publish", "--type", "--config", "--input", "--help-man"]))
        for option in options.sorted() {
            #expect(manual.contains(option.replacingOccurrences(of: "-", with: "\\-")), "\(option)")
        }
        #expect(help.contains("--input FILE           replay a .y4m (4:2:0, 4:2:2, 4:4:4 or mono) or MJPEG"))
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }
}
