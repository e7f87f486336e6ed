import FoundationEssentials
import Scanner
import ScanOverlay

/// Where `--annotate DIR` writes each page's annotated PNG: one file per
/// page, named for its input (`shelf.jpg` → `shelf.annotated.png`,
/// `letter.pdf#page=3` → `letter.page3.annotated.png`). The suffix keeps an
/// input in DIR from being overwritten; a name already given in this run
/// gains `-2`, `-3`, in input order, so reruns write the same files.
struct AnnotationFiles {
    let directory: String
    private var used: Set<String> = []

    /// Creates `directory` if needed; the error names it.
    init(directory: String) throws(UsageError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            // FileManager's errors carry the system's reason underneath.
            let reason = ((error as? CocoaError)?.underlying as? POSIXError).map { "\(Errno($0.code.rawValue))" } ?? "\(error)"
            throw UsageError(description: "--annotate cannot create directory \(directory): \(reason)")
        }
        self.directory = directory
    }

    /// One page drawn, waiting to be written.
    struct Page: Sendable {
        let image: RGBAImage
        /// The input's path, or - for standard input.
        let file: String
        /// `page=3`, `frame=2`, or nil for a file's only picture.
        let fragment: String?
    }

    /// Writes `page`; returns the error message if it could not.
    mutating func write(_ page: Page) -> String? {
        do throws(OverlayError) {
            try page.image.writePNG(to: directory + "/" + name(for: page))
            return nil
        } catch {
            return "\(error)"
        }
    }

    private mutating func name(for page: Page) -> String {
        var base = page.file == "-" ? "stdin" : PathName.lastWithoutExtension(page.file)
        if base.isEmpty { base = "image" }
        if let fragment = page.fragment { base += "." + fragment.replacing("=", with: "") }
        var candidate = base
        var number = 1
        while used.contains(candidate) {
            number += 1
            candidate = "\(base)-\(number)"
        }
        used.insert(candidate)
        return candidate + ".annotated.png"
    }
}
