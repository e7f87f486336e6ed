import Scanner

/// Why an overlay could not be drawn, or an image read or written.
public enum OverlayError: Error, CustomStringConvertible, Sendable, Equatable {
    /// cairo could not make a canvas of this size (too large, or out of memory).
    case canvas(width: Int, height: Int, reason: String)
    /// cairo could not write the PNG file at `path`.
    case writePNG(path: String, reason: String)
    /// cairo could not read `path` as a PNG.
    case readPNG(path: String, reason: String)

    /// The message for a person: what failed, cairo's reason, and what to do.
    public var description: String {
        switch self {
        case .canvas(let width, let height, let reason):
            "cannot draw on a \(width)x\(height) image: \(reason); use a smaller image (each side at most 32767)"
        case .writePNG(let path, let reason):
            "cannot write \(path): \(reason); check that its directory exists and is writable, and the disk has room"
        case .readPNG(let path, let reason):
            "cannot read \(path) as a PNG: \(reason); check that the file exists and is a PNG"
        }
    }
}
