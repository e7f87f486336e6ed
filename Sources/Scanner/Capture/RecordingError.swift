/// A recording (`.y4m`, MJPEG stream) that cannot be opened, read or written.
public enum RecordingError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be opened, read, created or written; `reason` says why.
    case cannotOpenRecording(path: String, reason: String)
    /// A recording would replace this existing file, and replacing was not asked for.
    case recordingExists(path: String)
    /// The file is not a recording this library can read, or a frame does not fit it.
    case badRecording(path: String, reason: String)

    /// The message for a person: which file, what failed and what to do.
    public var description: String {
        switch self {
        case .cannotOpenRecording(let path, let reason):
            "\(path): \(reason)"
        case .recordingExists(let path):
            "\(path) already exists and was left as it is; record to a new file, or allow replacing it (--force)"
        case .badRecording(let path, let reason):
            "\(path) is not a usable recording: \(reason); record one with scan --record FILE.y4m"
        }
    }
}
