/// Something wrong with an image that still gave pixels: they are scanned,
/// and the warning goes beside what they held, so that a file cut short is
/// neither silently half-read nor thrown away with its codes.
public enum ImageLoadWarning: Sendable, Hashable, CustomStringConvertible {
    /// The data ends before the image does (a download or a copy cut
    /// short); the part that did not arrive is gray.
    case truncated(name: String, format: ImageFormat)

    /// The message for a person: which file, what was read and what to do.
    public var description: String {
        switch self {
        case .truncated(let name, let format):
            "\(name) is a truncated \(format.rawValue) image: its data ends before its last row, so only the part "
                + "that arrived was scanned; get the whole file again to read the rest"
        }
    }
}
