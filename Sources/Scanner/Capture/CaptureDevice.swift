import CV4L2
import Glibc

/// A V4L2 video capture device, like AVCaptureDevice: what it is and where.
/// Discovering a device does not keep it open; `open(format:)` starts a
/// capture session on it, `formats()` and `controls()` inspect it.
public struct CaptureDevice: Sendable, Hashable, CustomStringConvertible {
    /// The device node, e.g. /dev/video0.
    public let path: String
    /// The kernel driver, e.g. uvcvideo or vivid.
    public let driver: String
    /// The device's name, e.g. "HD Pro Webcam C920".
    public let card: String
    /// Where it is attached, e.g. usb-0000:00:14.0-1.
    public let bus: String

    /// Reads the identity of the device at `path` and checks that it can
    /// stream video frames.
    public init(path: String) throws(CaptureError) {
        try self.init(handle: V4L2Handle(path: path))
    }

    init(handle: V4L2Handle) throws(CaptureError) {
        var capability = v4l2_capability()
        try handle.control(SCAN_VIDIOC_QUERYCAP, &capability, operation: "VIDIOC_QUERYCAP")
        path = handle.path
        driver = v4l2String(capability.driver)
        card = v4l2String(capability.card)
        bus = v4l2String(capability.bus_info)
        // device_caps describes this node; capabilities the whole device.
        let caps = capability.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0
            ? capability.device_caps : capability.capabilities
        let needed = UInt32(V4L2_CAP_VIDEO_CAPTURE) | UInt32(V4L2_CAP_STREAMING)
        guard caps & needed == needed else { throw CaptureError.notACaptureDevice(path: path, card: card) }
    }

    /// One line for a person: node, name, driver and bus.
    public var description: String {
        "\(path): \(card) (\(driver), \(bus))"
    }

    /// The capture devices present, in node order (/dev/video0 first).
    /// Nodes that cannot capture (output, metadata, codecs) are left out.
    public static func discover() -> [CaptureDevice] {
        videoNodes().compactMap { try? CaptureDevice(path: $0) }
    }

    /// Chooses a device: `nil` is the first capture device, a number is the
    /// n-th capture device (from 0), anything else is a device path.
    public static func select(_ choice: String?) throws(CaptureError) -> CaptureDevice {
        guard let choice else { return try first() }
        guard let index = Int(choice) else { return try CaptureDevice(path: choice) }
        let devices = discover()
        guard devices.indices.contains(index) else {
            throw CaptureError.noDeviceAtIndex(index, available: devices.map(\.description))
        }
        return devices[index]
    }

    /// The first capture device, or the error that best explains why there
    /// is none (no nodes, no permission, only non-capture nodes).
    private static func first() throws(CaptureError) -> CaptureDevice {
        let nodes = videoNodes()
        guard !nodes.isEmpty else { throw CaptureError.noCamera }
        var firstProblem: CaptureError?
        for node in nodes {
            do {
                return try CaptureDevice(path: node)
            } catch {
                if case .notACaptureDevice = error {} else { firstProblem = firstProblem ?? error }
            }
        }
        throw firstProblem ?? CaptureError.noCaptureDevice(checked: nodes)
    }

    /// /dev/video<N> paths, sorted by N.
    static func videoNodes() -> [String] {
        guard let directory = opendir("/dev") else { return [] }
        defer { closedir(directory) }
        var numbers: [Int] = []
        while let entry = readdir(directory) {
            let name = v4l2String(entry.pointee.d_name)
            if name.hasPrefix("video"), let number = Int(name.dropFirst(5)) { numbers.append(number) }
        }
        return numbers.sorted().map { "/dev/video\($0)" }
    }
}
