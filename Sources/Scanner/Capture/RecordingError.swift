/// A recording (`.y4m`, MJPEG stream) that cannot be opened, read or written.
public enum RecordingError: Error, Equatable, CustomStringConvertible {
    case cannotOpenRecording(path: String, reason: String)
    case badRecording(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpenRecording(let path, let reason):
            "\(path): \(reason)"
        case .badRecording(let path, let reason):
            "\(path) is not a usable recording: \(reason); record one with scan --record FILE.y4m"
        }
    }
}
