import Glibc

/// Why a camera could not be found, opened, configured or read. Every case
/// names the device and carries the data behind the failure; its
/// description says what happened in the library's terms. Advice in a
/// program's own terms (which option to pass) is the program's to add.
public enum CaptureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No /dev/video* node exists at all.
    case noCamera
    /// Video nodes exist, but none of them captures video.
    case noCaptureDevice(checked: [String])
    /// A device given by path does not exist.
    case noSuchDevice(path: String)
    /// A device given by index is not in the list of capture devices.
    case noDeviceAtIndex(Int, available: [String])
    /// The node exists but is not a single-planar streaming video capture device.
    case notACaptureDevice(path: String, card: String)
    /// The user may not open the device node.
    case permissionDenied(path: String)
    /// Another program holds the device.
    case busy(path: String)
    /// The device offers no format this library can turn into luma, or not
    /// the requested one.
    case unsupportedFormat(path: String, reason: String, offered: [String])
    /// The device went away or failed for good while in use (unplugged,
    /// ENODEV/EIO): reopen it with back-off.
    case deviceLost(path: String, errno: Int32)
    /// No frame arrived within the timeout.
    case timeout(path: String, waited: Duration)
    /// Any other failed system call.
    case systemCall(path: String, operation: String, errno: Int32)
    /// The camera has no control by that name.
    case unknownControl(path: String, name: String, available: [String])
    /// The value lies outside the control's minimum...maximum.
    case controlOutOfRange(path: String, name: String, value: Int, minimum: Int, maximum: Int)
    /// The control can be read but not set.
    case controlReadOnly(path: String, name: String)
    /// The value is not one the control understands (menu entry, boolean).
    case invalidControlValue(path: String, name: String, value: String, accepted: [String])
    /// The camera has no control for a feature (zoom, torch, focus, ...).
    case featureUnsupported(path: String, feature: String)
    /// The driver granted fewer buffers than streaming needs (two: one
    /// being filled while another is read).
    case tooFewBuffers(path: String, granted: Int)

    /// The message for a person: what failed, on which device, and what
    /// can be done about it outside the program.
    public var description: String {
        switch self {
        case .noCamera:
            return "no camera found: /dev/video* does not exist"
        case .noCaptureDevice(let checked):
            return "no camera found: \(checked.joined(separator: ", ")) cannot capture video"
        case .noSuchDevice(let path):
            return "\(path): no such device"
        case .noDeviceAtIndex(let index, let available):
            let list = available.isEmpty ? "there is none" : "there are \(available.count): \(available.joined(separator: ", "))"
            return "no camera number \(index): \(list)"
        case .notACaptureDevice(let path, let card):
            return "\(path) (\(card)) is not a video capture device with streaming I/O"
        case .permissionDenied(let path):
            return "\(path): permission denied; add your user to the video group (sudo usermod -aG video $USER) and log in again"
        case .busy(let path):
            return "\(path) is busy: another program is using the camera; close it and retry"
        case .unsupportedFormat(let path, let reason, let offered):
            let list = offered.isEmpty ? "nothing" : offered.joined(separator: ", ")
            return "\(path): \(reason); the camera offers \(list)"
        case .deviceLost(let path, let code):
            return "\(path): the camera was lost (\(Errno(code))); reconnect it"
        case .timeout(let path, let waited):
            return "\(path): no frame arrived within \(waited); the camera may be stalled or covered by another program"
        case .systemCall(let path, let operation, let code):
            return "\(path): \(operation) failed: \(Errno(code))"
        case .unknownControl(let path, let name, let available):
            return "\(path) has no control '\(name)'; it has: \(available.joined(separator: ", "))"
        case .controlOutOfRange(let path, let name, let value, let minimum, let maximum):
            return "\(path): \(value) is out of range for '\(name)' (\(minimum)...\(maximum))"
        case .controlReadOnly(let path, let name):
            return "\(path): control '\(name)' is read-only"
        case .invalidControlValue(let path, let name, let value, let accepted):
            return "\(path): '\(value)' is not a value of control '\(name)'; use one of: \(accepted.joined(separator: ", "))"
        case .featureUnsupported(let path, let feature):
            return "\(path) has no \(feature) control"
        case .tooFewBuffers(let path, let granted):
            return "\(path): the driver granted \(granted) capture buffer\(granted == 1 ? "" : "s") and streaming needs 2; "
                + "another program may hold the camera's memory: close it and retry"
        }
    }

    /// The error for `failure` from `operation` on `path`: the causes a
    /// user can act on get their own case.
    static func from(_ failure: Errno, path: String, operation: String) -> CaptureError {
        switch failure.meaning {
        case .notFound: .noSuchDevice(path: path)
        case .permissionDenied: .permissionDenied(path: path)
        case .busy: .busy(path: path)
        case .deviceGone: .deviceLost(path: path, errno: failure.code)
        case .isDirectory, .other: .systemCall(path: path, operation: operation, errno: failure.code)
        }
    }
}
