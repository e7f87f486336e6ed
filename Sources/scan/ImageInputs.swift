import Glibc
import Scanner

/// Expands command-line paths into the images to scan.
///
/// A named file is always scanned, whatever its name; a directory
/// contributes the image files below it, recursively, in code-point order of
/// their paths, so runs are repeatable. `-` is standard input. A directory
/// that cannot be listed is an input of its own that fails, and a named
/// directory without an image file is one that found nothing: every path
/// given ends in at least one record, never silence.
enum ImageInputs {
    /// File name endings a directory walk picks up.
    static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "webp", "pgm", "ppm", "pnm", "pbm", "tif", "tiff", "gif", "bmp", "dib", "pdf",
    ]

    /// One image to scan.
    enum Input: Sendable, Hashable {
        /// The image file at this path.
        case file(String)
        /// Image bytes read from standard input (`-`).
        case standardInput
        /// The directory at this path, whose entries could not be listed.
        case unlistable(String, ImageLoadError)
        /// The directory at this path, named on the command line, with no
        /// image file below it.
        case emptyDirectory(String)

        /// The name its records carry.
        var source: String {
            switch self {
            case .file(let path), .unlistable(let path, _), .emptyDirectory(let path): path
            case .standardInput: "-"
            }
        }
    }

    /// The images `paths` name, in order: files as given, directories
    /// expanded, `-` as standard input. Each directory is listed only when
    /// the walk reaches it, so that a run starts at once and its memory does not
    /// hold every name at the start.
    struct Expansion: IteratorProtocol, Sendable {
        private var paths: ArraySlice<String>
        private var listed: ArraySlice<Input> = []

        init(_ paths: [String]) {
            self.paths = paths[...]
        }

        mutating func next() -> Input? {
            while true {
                if let input = listed.popFirst() { return input }
                guard let path = paths.popFirst() else { return nil }
                if path == "-" { return .standardInput }
                if Self.isDirectory(path) {
                    listed = Self.inputs(under: path)[...]
                    if listed.isEmpty { return .emptyDirectory(path) }
                } else {
                    // Missing and unreadable files are reported when loaded.
                    return .file(path)
                }
            }
        }

        /// Whether `path` names a directory (following links), which is how
        /// a command-line path is told apart from an image.
        static func isDirectory(_ path: String) -> Bool {
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        }

        /// The inputs below the directory `path`: its image files, in code-point
        /// order, and any directory that cannot be listed.
        private static func inputs(under path: String) -> [Input] {
            var found: [(path: String, input: Input)] = []
            walk(path.hasSuffix("/") ? path : path + "/", into: &found)
            return found.sorted { $0.path.unicodeScalars.lexicographicallyPrecedes($1.path.unicodeScalars) }.map(\.input)
        }
    }

    /// Adds the image files below `directory` (ending in `/`) and the
    /// directories that cannot be listed. Symbolic links to directories are
    /// not followed, so a link loop cannot trap the walk.
    private static func walk(_ directory: String, into found: inout [(path: String, input: Input)]) {
        guard let stream = opendir(directory) else {
            let path = String(directory.dropLast())
            found.append((path, .unlistable(path, .unreadable(path: path, reason: .init(errno: errno)))))
            return
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != "." && name != ".." else { continue }
            let path = directory + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                walk(path + "/", into: &found)
            } else if imageExtensions.contains(PathName.fileExtension(name).lowercased()) {
                // A link to a directory named like an image is not one.
                guard stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { continue }
                found.append((path, .file(path)))
            }
        }
    }
}
