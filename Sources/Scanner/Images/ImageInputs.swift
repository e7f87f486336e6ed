import Foundation

/// Expands command-line paths into the images to scan.
///
/// A named file is always scanned, whatever its name; a directory
/// contributes the image files below it, recursively, in code-point order of
/// their paths, so runs are repeatable. `-` is standard input.
public enum ImageInputs {
    /// File name endings a directory walk picks up.
    public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "jpe", "webp", "pgm", "ppm", "pnm", "pbm"]

    /// One image to scan.
    public enum Input: Sendable, Hashable {
        /// The image file at this path.
        case file(String)
        /// Image bytes read from standard input (`-`).
        case standardInput
    }

    /// The images `paths` name, in order: files as given, directories expanded, `-` as
    /// standard input.
    public static func expand(_ paths: [String]) -> [Input] {
        paths.flatMap { path -> [Input] in
            if path == "-" { return [.standardInput] }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                // Missing and unreadable files are reported when loaded.
                return [.file(path)]
            }
            return imageFiles(under: path).map(Input.file)
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
