import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// End-to-end: inputs that crashed, hung or exhausted `scan` end with one
/// clear line each, within 2 s of CPU and under 300 MB, and a batch goes on.
/// (CPU time, because wall time on a shared machine measures the others; a
/// hang is still caught, by `BoundedRun`'s watchdog.)
@Suite struct HostileInputTests {
    /// `../shared/hostile` beside the package root, or nil in a clone without it.
    static let hostile: URL? = {
        let candidate = ScanCommand.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/hostile")
        return FileManager.default.fileExists(atPath: candidate.appendingPathComponent("README.md").path) ? candidate : nil
    }()

    static func hostileFiles(_ folder: String) -> [String] {
        guard let hostile else { return [] }
        let directory = hostile.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
            .map { directory.appendingPathComponent($0).path }
    }

    /// The stored crashers of recordings and images (the decoder's hangs
    /// have their own tests with the decoder).
    @Test(.enabled(if: hostile != nil, "../shared/hostile is absent: nothing stored to replay"))
    func storedCrashersEndCleanly() throws {
        let recordings = Self.hostileFiles("y4m"), images = Self.hostileFiles("jpeg")
        #expect(!recordings.isEmpty && !images.isEmpty)
        for file in recordings {
            try Self.expectClean(try BoundedRun(["--input", file, "--fast"]), file)
        }
        for file in images {
            try Self.expectClean(try BoundedRun([file]), file)
        }
    }

    /// What the fuzz campaign stored (Fuzz/*/crashers), replayed as a user would.
    @Test func storedFuzzFindingsEndCleanly() throws {
        let fuzz = ScanCommand.packageRoot.appendingPathComponent("Fuzz")
        let cases: [(folder: String, arguments: (String) -> [String])] = [
            ("ImageLoader", { [$0] }), ("MJPEGStream", { ["--input", $0, "--fast"] }), ("Y4MReader", { ["--input", $0, "--fast"] }),
        ]
        var replayed = 0
        for (folder, arguments) in cases {
            let directory = fuzz.appendingPathComponent("\(folder)/crashers")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
                let path = directory.appendingPathComponent(name).path
                let run = try BoundedRun(arguments(path))
                #expect(run.cpuSeconds < 2 && run.peakMegabytes < 300, "\(path): \(run.cpuSeconds) s of CPU, \(run.peakMegabytes) MB")
                #expect(run.status != 0 || !run.stdout.isEmpty, "\(path)")
                #expect(run.status < 128, "\(path) died: \(run.stderr)")
                replayed += 1
            }
        }
        #expect(replayed >= 2)
    }

    static func expectClean(_ run: BoundedRun, _ what: String, errors: Int = 1) throws {
        #expect([1, 4].contains(run.status), "\(what): exit \(run.status), \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == errors, "\(what): \(run.stderr)")
        #expect(run.cpuSeconds < 2, "\(what) took \(run.cpuSeconds) s of CPU (\(run.seconds) s)")
        #expect(run.peakMegabytes < 300, "\(what) peaked at \(run.peakMegabytes) MB")
    }

    /// A device, FIFOs with and without a writer, and a 2 GB sparse file:
    /// one line each, and the image after them is still read.
    @Test func endlessAndHugeFilesInABatch() throws {
        let directory = try TemporaryDirectory()
        let sparse = directory.file("huge.pgm").path, quiet = directory.file("quiet.png").path
        let busy = directory.file("busy.png").path
        #expect(FileManager.default.createFile(atPath: sparse, contents: nil) && truncate(sparse, 2 << 30) == 0)
        #expect(mkfifo(quiet, 0o600) == 0 && mkfifo(busy, 0o600) == 0)
        // A writer that never stops: it blocks until the FIFO is opened for reading.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "exec yes > '\(busy)'"]
        try writer.run()
        defer { writer.terminate() }
        let inputs = ["/dev/zero", quiet, busy, sparse]
        let ean8 = ScanCommand.packageRoot.appendingPathComponent("Samples/ean8.png").path
        let run = try BoundedRun(inputs + [ean8])
        // Some inputs failed, so the status is 1 whatever was found (grep's
        // 2); several inputs lead each line with its file's name.
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout == ean8 + ":EAN-8:96385074\n")
        let errors = run.stderr.split(separator: "\n")
        #expect(errors.count == inputs.count, "\(run.stderr)")
        for (input, line) in zip(inputs, errors) { #expect(line.contains(input), "\(line)") }
        #expect(run.cpuSeconds < 2 && run.peakMegabytes < 300, "\(run.cpuSeconds) s of CPU, \(run.peakMegabytes) MB")
    }

    @Test func endlessOrUnreadableStandardInput() throws {
        let zeros = try BoundedRun(["-"], standardInput: "/dev/zero")
        try Self.expectClean(zeros, "scan - < /dev/zero")
        #expect(zeros.stderr.contains("standard input is not an image"), "\(zeros.stderr)")
        let directory = try BoundedRun(["-"], standardInput: "/tmp")
        try Self.expectClean(directory, "scan - < /tmp")
        #expect(directory.stderr.contains("standard input: it is a directory"), "\(directory.stderr)")
    }

    @Test func recordingFIFOWithoutWriterEndsAtOnce() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("camera.y4m").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try BoundedRun(["--input", fifo])
        try Self.expectClean(run, "--input FIFO")
        #expect(run.stderr.contains("it is empty"), "\(run.stderr)")
    }

    /// A recording streamed through a pipe (`--input -`), as the soak replays it.
    @Test func recordingStreamsFromStandardInput() throws {
        let directory = try TemporaryDirectory()
        var clip = RecordingBuilder(background: 200)
        clip.showNothing(frames: 2)
        clip.show([.init(try ZintRenderer.render(.qr, .text("through a pipe"), moduleSize: 4), x: 100, y: 50)], frames: 3)
        let path = try clip.write("clip.y4m", in: directory)
        // Through a pipe, not a file: the chroma-free frames cannot be seeked over.
        let run = try ScanCommand.run(["--input", "-", "--fast"], input: try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "QR-Code:through a pipe\n")
    }

    /// Cut mid-data with an EOI put back: what arrived is scanned, and the
    /// file is said to be truncated, exit status 1.
    @Test func truncatedJPEGEndingInEOIExitsOneAndSaysSo() throws {
        let directory = try TemporaryDirectory()
        let symbol = try ZintRenderer.render(.qr, .text("cut short"), moduleSize: 8)
        let jpeg = JPEGEncoder.encode(symbol.frame)
        try Data(jpeg.prefix(jpeg.count / 2) + [0xFF, 0xD9]).write(to: directory.file("cut.jpg"))
        let run = try ScanCommand.run([directory.file("cut.jpg").path])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("cut.jpg is a truncated JPEG image"), "\(run.stderr)")
    }

    @Test func cmykJPEGOfAQRDecodes() throws {
        let directory = try TemporaryDirectory()
        let symbol = try ZintRenderer.render(.qr, .text("printed in CMYK"), moduleSize: 6)
        try Data(JPEGEncoder.encode(symbol.frame, colourSpace: .adobeCMYK)).write(to: directory.file("print.jpg"))
        let run = try ScanCommand.run([directory.file("print.jpg").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "QR-Code:printed in CMYK\n")
    }

    /// `--record` never destroys a file: an existing one is kept unless
    /// `--force`, and nothing is created before frames arrive.
    @Test func recordKeepsExistingFilesUnlessForced() throws {
        let directory = try TemporaryDirectory()
        let keep = directory.file("keep.y4m").path
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: keep))
        let refused = try ScanCommand.run(["--input", "Samples/checkout.mjpeg", "--fast", "--record", keep])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already exists") && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: keep, encoding: .utf8) == "x\n")

        let noCamera = directory.file("new.y4m").path
        let failed = try ScanCommand.run(["--device", directory.file("no-such-camera").path, "--record", noCamera])
        #expect(failed.status == 1)
        #expect(!FileManager.default.fileExists(atPath: noCamera), "created before the camera opened")

        let forced = try ScanCommand.run(["--input", "Samples/checkout.mjpeg", "--fast", "--record", keep, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: keep)).starts(with: Data("YUV4MPEG2 W640 H480".utf8)))
    }

    @Test func recordingOfOnlyDamagedFramesSaysSo() throws {
        let directory = try TemporaryDirectory()
        let jpeg = JPEGEncoder.encode(HostileInputTests.gray(width: 64, height: 64))
        let damaged = Array(repeating: Array(jpeg.prefix(jpeg.count / 2)) + [0xFF, 0xD9], count: 3).flatMap { $0 }
        try Data(damaged).write(to: directory.file("broken.mjpeg"))
        let run = try ScanCommand.run(["--input", directory.file("broken.mjpeg").path, "--fast"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("all 3 frames are damaged"), "\(run.stderr)")
    }

    static func gray(width: Int, height: Int) -> Frame {
        Frame(width: width, height: height, pixels: (0..<width * height).map { UInt8(truncatingIfNeeded: $0 &* 37 ^ $0 >> 3) })
    }

    /// Root reads every directory, so the listing is done as nobody.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "setpriv (util-linux) is missing"))
    func unreadableDirectoryIsReported() throws {
        let directory = try TemporaryDirectory()
        let locked = try Self.lockedDirectory("locked", in: directory)
        let run = try Self.runAsNobody([locked.path])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("cannot read \(locked.path): permission denied"), "\(run.stderr)")
    }

    /// A subdirectory the walk cannot list is reported under its own name,
    /// not as standard input's "-".
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "setpriv (util-linux) is missing"))
    func anUnreadableSubdirectoryIsItsOwnSource() throws {
        let directory = try TemporaryDirectory()
        let locked = try Self.lockedDirectory("tree/locked", in: directory)
        let run = try Self.runAsNobody(["--json", directory.file("tree").path])
        #expect(run.status == 1, "\(run.stderr)")
        let record = try #require(run.lines.first.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(record?["source"] as? String == locked.path, "\(run.stdout)")
        #expect(record?["status"] as? String == "error", "\(run.stdout)")
    }

    /// `name` made below `directory`, listable by its owner only; the
    /// directories above it are open to all.
    private static func lockedDirectory(_ name: String, in directory: TemporaryDirectory) throws -> URL {
        let locked = directory.file(name)
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path)
        var above = locked.deletingLastPathComponent()
        while above.path.hasPrefix(directory.url.path) {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: above.path)
            above = above.deletingLastPathComponent()
        }
        return locked
    }

    /// `scan arguments` as the user nobody, whom permissions bind.
    private static func runAsNobody(_ arguments: [String]) throws -> ScanCommand.Result {
        try ScanCommand.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", ScanCommand.binary.path] + arguments,
            executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
    }
}
