import Glibc
import Scanner

/// The paths of a `--files-from` list, read one at a time as the workers
/// ask for them, so that a list of millions of paths costs one line of
/// memory. One path a line, or NUL-separated with `--null` (as `tar` and
/// `rsync` read them); empty entries are skipped. Paths are taken exactly as
/// written: no trimming, and a directory is not walked (it is reported), so
/// that every entry gets exactly one record.
final class PathList: IteratorProtocol {
    private let file: UnsafeMutablePointer<FILE>
    private let separator: Int32
    private let closes: Bool
    private var line: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    /// Why a list could not be opened.
    struct OpenError: Error, CustomStringConvertible {
        let description: String
    }

    /// Opens the list at `path`, or standard input for `-`.
    init(path: String, nullSeparated: Bool) throws(OpenError) {
        separator = nullSeparated ? 0 : 0x0A
        if path == "-" {
            guard let input = fdopen(STDIN_FILENO, "r") else {
                throw OpenError(description: "cannot read the list from standard input: \(Errno.current)")
            }
            file = input
            closes = false  // fclose would close descriptor 0 too
        } else {
            guard let opened = fopen(path, "re") else {
                throw OpenError(description: "cannot read the list \(path): \(Errno.current); check the path")
            }
            file = opened
            closes = true
        }
    }

    deinit {
        free(line)
        if closes { fclose(file) }
    }

    func next() -> ImageInputs.Input? {
        while true {
            let count = getdelim(&line, &capacity, separator, file)
            guard count >= 0, let line else { return nil }
            var bytes = UnsafeRawBufferPointer(start: line, count: count)
            if count > 0 && bytes[count - 1] == UInt8(separator) { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
            if bytes.isEmpty { continue }
            return .file(String(decoding: bytes, as: UTF8.self))
        }
    }
}
