import Foundation
import ScannerTestSupport
import Testing

/// What every start of `scan` loads, which one-file runs (shell loops, GNU
/// parallel) pay each time, in scan and in each reader helper it starts.
@Suite struct StartupTests {
    /// Full Foundation and its ICU (about 3 ms of CPU a process) stay out:
    /// the library, the preview and the command import FoundationEssentials.
    /// SDL2 waits for a preview window (and poppler for a PDF: see
    /// `DocumentScanTests.onlyAPDFLoadsPoppler`).
    @Test func aStartLoadsNeitherFoundationsICUNorSDL() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let result = try ScanCommand.run([ScanCommand.packageRoot.appendingPathComponent("Samples/ean13.png").path], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("libFoundationEssentials"), "no loader trace")
        for library in ["libFoundation.so", "lib_FoundationICU", "libFoundationInternationalization", "libSDL2"] {
            #expect(!result.stderr.contains(library), "\(library) was loaded")
        }
    }

    /// A file is read in scan's own process: no reader helper, no other
    /// program. `strace -f` sees every process the run makes; threads are
    /// clones with CLONE_THREAD, a helper would be a clone without it and
    /// an execve of its own. One sample of each kind our readers, zbar and
    /// zxing 1.4's matrix readers serve.
    @Test func aFileIsReadInOneProcess() throws {
        let strace = URL(fileURLWithPath: "/usr/bin/strace")
        try #require(FileManager.default.isExecutableFile(atPath: strace.path), "strace is missing: scripts/setup installs it")
        let directory = try TemporaryDirectory()
        let trace = directory.file("trace")
        for sample in ["ean13", "code128", "qr", "aztec", "datamatrix", "pdf417", "maxicode"] {
            let image = ScanCommand.packageRoot.appendingPathComponent("Samples/\(sample).png").path
            let result = try ScanCommand.run(
                ["-f", "-qq", "-e", "trace=process", "-o", trace.path, ScanCommand.binary.path, "-q", image], executable: strace)
            #expect(result.status == 0, "\(sample): \(result.stderr)")
            let calls = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            let started = calls.filter { $0.contains("execve(") || $0.contains("fork(") || (($0.contains("clone(") || $0.contains("clone3(")) && !$0.contains("CLONE_THREAD")) }
            #expect(started.count == 1 && started.first?.contains("execve(") == true, "\(sample) started other processes: \(started)")
        }
    }

    /// --preview with no display says so and scans on, without loading
    /// SDL2 or starting the painter's thread for a window that never opens.
    @Test func aPreviewWithoutADisplayLoadsNoSDL() throws {
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { environment.removeValue(forKey: name) }
        environment["LD_DEBUG"] = "files"
        let recording = ScanCommand.packageRoot.appendingPathComponent("Samples/checkout.mjpeg").path
        let result = try ScanCommand.run(["--input", recording, "--fast", "--preview", "-S", "qr"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("no display"), "\(result.stderr)")
        #expect(!result.stderr.contains("libSDL2"), "SDL2 was loaded")
    }
}
