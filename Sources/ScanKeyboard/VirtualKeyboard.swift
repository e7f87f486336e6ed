import Scanner
import CUInput
import Glibc

/// A keyboard made with /dev/uinput: what it types reaches whatever program
/// has the focus, exactly as from a USB scanner. Owns the uinput descriptor.
public final class VirtualKeyboard {
    public enum Failure: Error, CustomStringConvertible {
        case open(path: String, errno: Int32)
        case device(operation: String, errno: Int32)

        public var description: String {
            switch self {
            case .open(let path, let code) where code == EACCES || code == EPERM:
                return "\(path): permission denied; run as root or give the user write access to \(path) (a udev rule)"
            case .open(let path, let code) where code == ENOENT:
                return "\(path): no such device; load the uinput module (modprobe uinput)"
            case .open(let path, let code):
                return "\(path): \(Errno(code).description)"
            case .device(let operation, let code):
                return "uinput \(operation): \(Errno(code).description)"
            }
        }
    }

    private let descriptor: Int32

    /// Creates a keyboard named `name` with `keys` (Linux key codes).
    public init(name: String = "scan keyboard wedge", keys: Set<UInt16>, path: String = "/dev/uinput") throws(Failure) {
        var descriptor: Int32
        repeat { descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw .open(path: path, errno: errno) }
        self.descriptor = descriptor
        for key in keys.sorted() {
            try Self.check("UI_SET_KEYBIT") { scan_uinput_enable_key(descriptor, Int32(key)) }
        }
        try Self.check("UI_DEV_CREATE") { scan_uinput_create(descriptor, name) }
    }

    deinit {
        _ = scan_uinput_destroy(descriptor)
        close(descriptor)
    }

    /// Presses and releases `key`, holding `modifier` meanwhile.
    public func type(_ stroke: KeyboardLayout.Stroke) throws(Failure) {
        let modifier: UInt16? = switch stroke.modifier {
        case .none: nil
        case .shift: KeyCode.leftShift
        case .altGr: KeyCode.rightAlt
        }
        var events: [input_event] = []
        if let modifier { events += [Self.key(modifier, 1), Self.sync] }
        events += [Self.key(stroke.key, 1), Self.sync, Self.key(stroke.key, 0), Self.sync]
        if let modifier { events += [Self.key(modifier, 0), Self.sync] }
        try write(events)
    }

    private func write(_ events: [input_event]) throws(Failure) {
        let bytes = events.withUnsafeBytes { Array($0) }
        guard LineWriter(descriptor: descriptor).write(bytes) else { throw .device(operation: "write", errno: errno) }
    }

    private static func key(_ code: UInt16, _ value: Int32) -> input_event {
        var event = input_event()
        event.type = UInt16(EV_KEY)
        event.code = code
        event.value = value
        return event
    }

    private static var sync: input_event {
        var event = input_event()
        event.type = UInt16(EV_SYN)
        event.code = UInt16(SYN_REPORT)
        return event
    }

    private static func check(_ operation: String, _ call: () -> Int32) throws(Failure) {
        var result: Int32
        repeat { result = call() } while result == -EINTR
        if result < 0 { throw .device(operation: operation, errno: -result) }
    }
}
