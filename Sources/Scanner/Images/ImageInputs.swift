import Foundation

/// Expands command-line paths into the images to scan.
///
/// A named file is always scanned, whatever its name; a directory
/// contributes the image files below it, recursively, in code-point order of
/// their paths, so runs are repeatable. `-` is standard input.
public enum ImageInputs {
    /// File name endings a directory walk picks up.
    public static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "webp", "pgm", "ppm", "pnm", "pbm", "tif", "tiff", "gif", "bmp", "dib", "pdf",
    ]

    /// One image to scan.
    public enum Input: Sendable, Hashable {
        /// The image file at this path.
        case file(String)
        /// Image bytes read from standard input (`-`).
        case standardInput
    }

    /// The images `paths` name, in order: files as given, directories
    /// expanded, `-` as standard input. Each directory is listed only when
    /// the walk reaches it, so that a run starts at once and its memory does not
    /// hold every name at the start.
    public struct Expansion: IteratorProtocol, Sendable {
        private var paths: ArraySlice<String>
        private var listed: ArraySlice<String> = []

        public init(_ paths: [String]) {
            self.paths = paths[...]
        }

        public mutating func next() -> Input? {
            while true {
                if let file = listed.popFirst() { return .file(file) }
                guard let path = paths.popFirst() else { return nil }
                if path == "-" { return .standardInput }
                if Self.isDirectory(path) {
                    listed = imageFiles(under: path)[...]
                } else {
                    // Missing and unreadable files are reported when loaded.
                    return .file(path)
                }
            }
        }

        /// Whether `path` names a directory (following links), which is how
        /// a command-line path is told apart from an image.
        public static func isDirectory(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    private static func imageFiles(under directory: String) -> [String] {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let entries = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
        return entries
            .filter { imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .map { base + $0 }
            .filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
            .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }
}
