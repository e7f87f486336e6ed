import Foundation
import Scanner

/// Where `--annotate DIR` writes each page's annotated PNG: one file per
/// page, named for its input (`shelf.jpg` → `shelf.annotated.png`,
/// `letter.pdf#page=3` → `letter.page3.annotated.png`). The suffix keeps an
/// input in DIR from being overwritten; a name already given in this run
/// gains `-2`, `-3`, in input order, so reruns write the same files.
struct AnnotationFiles {
    let directory: String
    private var used: Set<String> = []

    /// Creates `directory` if needed; the error names it.
    init(directory: String) throws(Options.UsageError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw Options.UsageError(description: "--annotate cannot create directory \(directory): \(error.localizedDescription)")
        }
        self.directory = directory
    }

    /// Writes `image`, the annotated page `source`; returns the error message if it could not.
    mutating func write(_ image: RGBAImage, source: String) -> String? {
        do throws(OverlayError) {
            try image.writePNG(to: directory + "/" + name(for: source))
            return nil
        } catch {
            return "\(error)"
        }
    }

    private mutating func name(for source: String) -> String {
        // `source` is a path, a path#fragment, or - for standard input.
        let parts = source.split(separator: "#", maxSplits: 1).map(String.init)
        let file = parts.first ?? source
        var base = file == "-" ? "stdin" : (file as NSString).lastPathComponent
        base = (base as NSString).deletingPathExtension
        if base.isEmpty { base = "image" }
        if parts.count > 1 { base += "." + parts[1].replacingOccurrences(of: "=", with: "") }
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
