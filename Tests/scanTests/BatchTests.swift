import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// End-to-end: batches that account for every input, through `--files-from`,
/// JSON status records, file names in text output and the exit status.
@Suite struct BatchTests {
    static let samples = ScanCommand.packageRoot.appendingPathComponent("Samples")

    private static func records(_ result: ScanCommand.Result) throws -> [[String: Any]] {
        try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    /// What a list entry must end as.
    private enum Expected: CaseIterable {
        case code, blank, damaged, notAnImage, directory, missing
    }

    @Test func everyListedInputEndsInExactlyOneTerminalRecord() throws {
        let dir = try TemporaryDirectory()
        let qr = Self.samples.appendingPathComponent("qr.png")
        let png = try Data(contentsOf: qr)
        try ImageTools.writePGM(ImageTools.blank(width: 64, height: 64), named: "blank", in: dir.url)
        try png.prefix(png.count / 2).write(to: dir.file("damaged.png"))
        try Data("a note, not an image\n".utf8).write(to: dir.file("notes.png"))
        var list: [(path: String, expected: Expected)] = []
        for index in 0..<1000 {
            let expected = Expected.allCases[index % Expected.allCases.count]
            let name = dir.file("\(index)-\(expected)").path
            switch expected {
            case .code: try FileManager.default.linkItem(at: qr, to: URL(fileURLWithPath: name))
            case .blank: try FileManager.default.linkItem(at: dir.file("blank.pgm"), to: URL(fileURLWithPath: name))
            case .damaged: try FileManager.default.linkItem(at: dir.file("damaged.png"), to: URL(fileURLWithPath: name))
            case .notAnImage: try FileManager.default.linkItem(at: dir.file("notes.png"), to: URL(fileURLWithPath: name))
            case .directory: try FileManager.default.createDirectory(atPath: name, withIntermediateDirectories: false)
            case .missing: break
            }
            list.append((name, expected))
        }
        let result = try ScanCommand.run(
            ["--format", "json", "--effort", "fast", "--files-from", "-"],
            input: Data(list.map(\.path).joined(separator: "\n").utf8 + [0x0A]))
        #expect(result.status == 1, "some inputs failed, so 1 whatever was found")

        let records = try Self.records(result)
        #expect(try RecordSchema.violations(in: result.lines) == [])
        // Output follows the list's order, each source's records together.
        var sources: [String] = []
        for record in records where sources.last != record["source"] as? String {
            sources.append(record["source"] as? String ?? "")
        }
        #expect(sources == list.map(\.path))
        let bySource = Dictionary(grouping: records) { $0["source"] as? String ?? "" }
        for (path, expected) in list {
            let found = bySource[path] ?? []
            let statuses = found.map { $0["status"] as? String }
            switch expected {
            case .code:
                #expect(found.count == 1 && found.first?["text"] as? String == "https://example.com/scan?id=42", "\(path): \(found)")
                #expect(statuses == [nil])
            case .blank:
                #expect(statuses == ["no-code"], "\(path): \(found)")
            case .damaged, .notAnImage, .directory, .missing:
                #expect(statuses == ["error"], "\(path): \(found)")
                #expect((found.first?["error"] as? String)?.contains(path) == true, "\(path): \(found)")
            }
        }
        // One line on standard error for each failed input.
        let failures = list.filter { ![.code, .blank].contains($0.expected) }.count
        #expect(result.stderr.split(separator: "\n").count == failures)
    }

    /// Every path given ends in a record: a directory without an image
    /// file is a no-code record, with a line on standard error saying why.
    @Test func anEmptyDirectoryEndsInARecord() throws {
        let directory = try TemporaryDirectory()
        let empty = directory.file("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try Data("notes\n".utf8).write(to: directory.file("empty/notes.txt"))
        let result = try ScanCommand.run(["--json", empty.path, "Samples/qr.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let records = try Self.records(result)
        #expect(records.map { $0["source"] as? String } == [empty.path, "Samples/qr.png"], "\(result.stdout)")
        #expect(records.first?["status"] as? String == "no-code")
        #expect(try RecordSchema.violations(in: result.lines) == [])
        #expect(result.stderr.contains("\(empty.path): no image file"), "\(result.stderr)")

        let alone = try ScanCommand.run([empty.path])
        #expect(alone.status == 4)
        #expect(alone.stdout.isEmpty && alone.stderr.contains("no image file"), "\(alone.stderr)")
    }

    /// A batch ends with zbarimg's summary on standard error when a person
    /// watches it (a terminal, through script(1)), and without it otherwise.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script (util-linux) is missing"))
    func aBatchOnATerminalEndsWithASummary() throws {
        let dir = try TemporaryDirectory()
        try ImageTools.writePGM(ImageTools.blank(width: 64, height: 64), named: "blank", in: dir.url)
        let paths = ["Samples/qr.png", "Samples/magazine.png", dir.file("blank.pgm").path, dir.file("missing.png").path]
        let summary = "scan: scanned 2 symbols from 4 images, 1 without a code, 1 unreadable"
        let piped = try ScanCommand.run(paths)
        #expect(piped.status == 1)
        #expect(!piped.stderr.contains("scanned"), "\(piped.stderr)")
        // script gives scan a terminal; its standard output goes to a file.
        let command = ([ScanCommand.binary.path] + paths).map { "'\($0)'" }.joined(separator: " ") + " > \(dir.file("out").path)"
        let watched = try ScanCommand.run(["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(watched.status == 1)
        let lines = watched.stdout.components(separatedBy: "\r\n").map { $0.components(separatedBy: "\u{1B}[K").last ?? $0 }
        #expect(lines.contains(summary), "\(watched.stdout.debugDescription)")
        #expect(try String(contentsOf: dir.file("out"), encoding: .utf8).split(separator: "\n").count == 2)
        let one = try ScanCommand.run(["-qec", "'\(ScanCommand.binary.path)' Samples/qr.png > /dev/null", "/dev/null"],
            executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(!one.stdout.contains("scanned"), "one image is no batch: \(one.stdout)")
    }

    @Test func nullSeparatedListsKeepPathsExactly() throws {
        let dir = try TemporaryDirectory()
        let odd = dir.file("line\nbreak and space .png")
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("ean8.png"), to: odd)
        let list = dir.file("list")
        try Data((odd.path + "\0" + "Samples/qr.png" + "\0").utf8).write(to: list)
        let result = try ScanCommand.run(["--format", "json", "--files-from", list.path, "--null"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.records(result).map { $0["source"] as? String } == [odd.path, "Samples/qr.png"])
        // In text, names are escaped as payloads are, so each stays one line.
        let text = try ScanCommand.run(["--files-from", list.path, "--null"])
        #expect(text.lines == [TerminalSafeText.escape(odd.path) + ":EAN-8:96385074", "Samples/qr.png:QR-Code:https://example.com/scan?id=42"])
    }

    @Test func listsAddToCommandLinePathsAndAreNotWalked() throws {
        let result = try ScanCommand.run(
            ["--format", "json", "Samples/ean8.png", "--files-from", "-"], input: Data("Samples\nSamples/qr.png\n".utf8))
        #expect(result.status == 1)
        #expect(try Self.records(result).map { [$0["source"] as? String, $0["status"] as? String] }
            == [["Samples/ean8.png", nil], ["Samples", "error"], ["Samples/qr.png", nil]])
        #expect(result.stderr.contains("it is a directory"))
    }

    @Test func aMissingListIsACommandLineError() throws {
        let result = try ScanCommand.run(["--files-from", "/nonexistent/list"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/list"))
        #expect(try ScanCommand.run(["--null", "Samples/qr.png"]).status == 2)
    }

    @Test func textNamesFilesWhenThereAreSeveralAsGrepDoes() throws {
        let one = try ScanCommand.run(["Samples/qr.png"])
        #expect(one.lines == ["QR-Code:https://example.com/scan?id=42"])
        let named = try ScanCommand.run(["-H", "Samples/qr.png"])
        #expect(named.lines == ["Samples/qr.png:QR-Code:https://example.com/scan?id=42"])
        let two = try ScanCommand.run(["Samples/ean13.png", "Samples/qr.png"])
        #expect(two.lines == ["Samples/ean13.png:EAN-13:4006381333931", "Samples/qr.png:QR-Code:https://example.com/scan?id=42"])
        let zbarimgStyle = try ScanCommand.run(["--no-filename", "Samples/ean13.png", "Samples/qr.png"])
        #expect(zbarimgStyle.lines == ["EAN-13:4006381333931", "QR-Code:https://example.com/scan?id=42"])
        let raw = try ScanCommand.run(["--raw", "-H", "Samples/code93.png"])
        #expect(raw.stdout == "Code 93 Sample\n", "raw output is payloads only")
    }

    @Test func exitStatusSaysWhenAnyInputFailed() throws {
        #expect(try ScanCommand.run(["Samples/qr.png", "Samples/ean8.png"]).status == 0)
        let dir = try TemporaryDirectory()
        try ImageTools.writePGM(ImageTools.blank(), named: "blank", in: dir.url)
        #expect(try ScanCommand.run([dir.file("blank.pgm").path]).status == 4)
        let mixed = try ScanCommand.run(["Samples/qr.png", dir.file("gone.png").path, dir.file("blank.pgm").path])
        #expect(mixed.status == 1)
        #expect(mixed.lines == ["Samples/qr.png:QR-Code:https://example.com/scan?id=42"])
    }

    /// `--timeout` ends an image's work and says so: a timeout record, a
    /// line on standard error and exit 1. The image is an EAN-13 with its
    /// middle wiped out, so the first pass fails and second chances would
    /// follow; a millisecond ends them. Without the option the same image
    /// is an ordinary no-code.
    @Test func timeoutEndsAnImagesWorkAndIsRecorded() throws {
        let dir = try TemporaryDirectory()
        let symbol = try ZintRenderer.render(.ean13, .text("400638133393"), moduleSize: 8, margin: 200).frame
        var pixels = symbol.packedPixels
        for y in 0..<symbol.height {
            for x in (symbol.width / 2 - 60)..<(symbol.width / 2 + 60) { pixels[y * symbol.width + x] = 255 }
        }
        try ImageTools.writePGM(Frame(width: symbol.width, height: symbol.height, pixels: pixels), named: "wiped", in: dir.url)
        let path = dir.file("wiped.pgm").path

        let limited = try ScanCommand.run(["--format", "json", "--timeout", "0.001", path])
        #expect(limited.status == 1, "\(limited.stderr)")
        #expect(try RecordSchema.violations(in: limited.lines) == [])
        let records = try Self.records(limited)
        #expect(records.count == 1 && records.first?["status"] as? String == "timeout", "\(records)")
        #expect((records.first?["error"] as? String)?.contains("\(path): stopped at the time limit of 0.001 s") == true)
        #expect(limited.stderr.hasPrefix("scan: \(path): stopped at the time limit"), "\(limited.stderr)")

        let unlimited = try ScanCommand.run(["--format", "json", path])
        #expect(unlimited.status == 4, "\(unlimited.stderr)")
        #expect(try Self.records(unlimited).map { $0["status"] as? String } == ["no-code"])

        let wrong = try ScanCommand.run(["--timeout", "0", path])
        #expect(wrong.status == 2 && wrong.stderr.contains("--timeout takes seconds"), "\(wrong.stderr)")
    }
}
