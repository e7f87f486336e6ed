import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// Pages of codes for the TIFF, GIF, BMP and PDF tests, written as PGM in a
/// scratch directory for the converters of `ImageTools`.
struct PageFixtures {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    var url: URL { directory.url }

    /// Writes a QR of `text` as `name.pgm`; returns the file name.
    @discardableResult
    func qr(_ text: String, named name: String) throws -> String {
        try ImageTools.writePGM(ZintRenderer.render(.qr, .text(text)).frame, named: name, in: url)
    }

    /// Runs `command` here.
    func shell(_ command: String) throws { try ImageTools.shell(command, in: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func bytes(_ name: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: url.appendingPathComponent(name))) }

    func write(_ bytes: [UInt8], to name: String) throws { try Data(bytes).write(to: url.appendingPathComponent(name)) }

    /// Every page of the file `name`, each as its fragment and decoded texts
    /// (or its error).
    func pages(_ name: String, loader: ImageLoader = ImageLoader()) throws(ImageLoadError) -> [(fragment: String?, texts: Result<[String], ImageLoadError>)] {
        let reader = BarcodeReader()
        var pages: [(String?, Result<[String], ImageLoadError>)] = []
        try loader.forEachPage(contentsOf: path(name)) { page in
            pages.append((page.fragment, page.frame.map { reader.read($0).detections.map(\.text) }))
            return true
        }
        return pages
    }
}

extension PageFixtures {
    /// Why the file `name` failed, as a whole or on its first page; nil
    /// when it was read. For the damaged-file tests of every format.
    func failure(_ name: String) -> ImageLoadError? {
        do {
            if case .failure(let error) = try pages(name).first?.texts { return error }
            return nil
        } catch {
            return error
        }
    }

    /// The reason of the damage reported for `name`, after checking that it
    /// is one `format` damage naming the file; nil (and an issue) otherwise.
    func corruptionReason(_ name: String, format: ImageFormat) -> String? {
        guard case .corrupt(let failed, format, let reason) = failure(name), failed == path(name) else {
            Issue.record("\(name): \(String(describing: failure(name)))")
            return nil
        }
        return reason
    }
}

extension Result {
    /// The success value, or nil: for comparing page lists in expectations.
    var value: Success? { try? get() }
}
