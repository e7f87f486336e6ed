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
