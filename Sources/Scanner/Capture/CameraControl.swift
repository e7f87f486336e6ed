import CV4L2
import Glibc

/// One camera control (VIDIOC_QUERYCTRL), with its current value.
public struct CameraControl: Sendable, Hashable, CustomStringConvertible {
    /// The control's type (V4L2_CTRL_TYPE_*), named as v4l2-ctl prints it.
    public enum Kind: String, Sendable, Hashable {
        case integer = "int", boolean = "bool", menu, integerMenu = "intmenu", button
        case integer64 = "int64", string = "str", bitmask, other
    }

    /// One entry of a menu control.
    public struct MenuItem: Sendable, Hashable {
        /// The value that selects this entry.
        public let value: Int
        /// The driver's name for the entry; for an integer menu, its number.
        public let name: String
    }

    /// The driver's control ID (V4L2_CID_*).
    public let id: UInt32
    /// The driver's name normalised as v4l2-ctl does ("Focus, Absolute" →
    /// focus_absolute): this is the name to get and set it by.
    public let name: String
    /// The driver's own name.
    public let label: String
    /// The control's type.
    public let kind: Kind
    /// The smallest value the driver accepts.
    public let minimum: Int
    /// The largest value the driver accepts.
    public let maximum: Int
    /// The spacing between accepted values, from `minimum`.
    public let step: Int
    /// The value the driver starts with.
    public let defaultValue: Int
    /// The entries of a menu control (only those the driver offers).
    public let menu: [MenuItem]
    /// The control can be read but not set.
    public let isReadOnly: Bool
    /// Currently ignored by the driver, e.g. manual focus while autofocus is on.
    public let isInactive: Bool
    /// The current value; nil for buttons and for kinds read otherwise
    /// (64-bit, string).
    public let value: Int?

    /// One line for a person: name, type, range, value and flags.
    public var description: String {
        var text = "\(name) (\(kind.rawValue))"
        switch kind {
        case .integer, .integer64, .bitmask: text += " min=\(minimum) max=\(maximum) step=\(step) default=\(defaultValue)"
        case .boolean, .menu, .integerMenu: text += " default=\(defaultValue)"
        default: break
        }
        if let value { text += " value=\(value)" }
        if !menu.isEmpty { text += " [" + menu.map { "\($0.value): \($0.name)" }.joined(separator: ", ") + "]" }
        if isReadOnly { text += " read-only" }
        if isInactive { text += " inactive" }
        return text
    }

    /// v4l2-ctl's name2var: lowercase letters and digits, each run of
    /// anything else (after the first letter) becoming one underscore.
    static func normalise(_ label: String) -> String {
        var name = ""
        var pendingUnderscore = false
        for character in label.unicodeScalars {
            if character.properties.isAlphabetic && character.isASCII || ("0"..."9").contains(character) {
                if pendingUnderscore { name += "_" }
                pendingUnderscore = false
                name.unicodeScalars.append(contentsOf: String(character).lowercased().unicodeScalars)
            } else if !name.isEmpty {
                pendingUnderscore = true
            }
        }
        return name
    }
}

/// A focus or exposure mode, as AVCaptureDevice's focusMode/exposureMode.
public enum CameraSetting: Sendable, Hashable {
    /// The camera adjusts continuously.
    case automatic
    /// A fixed value in the control's own units (focus: the driver's lens
    /// position; exposure: 100 µs units).
    case manual(Int)
}

/// The controls of one open camera: listing, get and set by name, and
/// AVFoundation-like conveniences. Shares the descriptor of the frame source
/// it came from, so settings apply while streaming.
public final class CameraControls: Sendable {
    let handle: V4L2Handle

    init(handle: V4L2Handle) {
        self.handle = handle
    }

    /// The camera's device node, e.g. /dev/video0.
    public var path: String { handle.path }

    /// Every control, in the driver's order (VIDIOC_QUERYCTRL with
    /// V4L2_CTRL_FLAG_NEXT_CTRL). Class headings and disabled controls are
    /// left out.
    public func all() throws(CaptureError) -> [CameraControl] {
        var controls: [CameraControl] = []
        var query = v4l2_queryctrl()
        query.id = UInt32(V4L2_CTRL_FLAG_NEXT_CTRL)
        while true {
            do {
                try handle.control(SCAN_VIDIOC_QUERYCTRL, &query)
            } catch where error.code == EINVAL || error.code == ENOTTY {
                break
            } catch {
                throw CaptureError.from(error, path: path, operation: "VIDIOC_QUERYCTRL")
            }
            if query.type != V4L2_CTRL_TYPE_CTRL_CLASS.rawValue && query.flags & UInt32(V4L2_CTRL_FLAG_DISABLED) == 0 {
                controls.append(try control(from: query))
            }
            query.id |= UInt32(V4L2_CTRL_FLAG_NEXT_CTRL)
        }
        return controls
    }

    /// The control called `name` (normalised, as `all()` lists it).
    public func control(named name: String) throws(CaptureError) -> CameraControl {
        let controls = try all()
        guard let control = controls.first(where: { $0.name == name }) else {
            throw CaptureError.unknownControl(path: path, name: name, available: controls.map(\.name))
        }
        return control
    }

    /// Sets control `name` to `value` (any value presses a button).
    public func set(_ name: String, to value: Int) throws(CaptureError) {
        try set(control(named: name), to: value)
    }

    /// Sets control `name` from text, as on a command line: a number, a
    /// boolean word (on/off, true/false, yes/no) or a menu entry's name.
    public func set(_ name: String, to text: String) throws(CaptureError) {
        let control = try control(named: name)
        let word = CameraControl.normalise(text)
        if let number = Int(text) {
            try set(control, to: number)
        } else if control.kind == .boolean, let flag = ["on": 1, "true": 1, "yes": 1, "off": 0, "false": 0, "no": 0][word] {
            try set(control, to: flag)
        } else if let item = control.menu.first(where: { CameraControl.normalise($0.name) == word }) {
            try set(control, to: item.value)
        } else {
            let accepted = control.menu.isEmpty
                ? ["an integer from \(control.minimum) to \(control.maximum)"]
                : control.menu.map { "\($0.value) (\(CameraControl.normalise($0.name)))" }
            throw CaptureError.invalidControlValue(path: path, name: name, value: text, accepted: accepted)
        }
    }

    private func set(_ control: CameraControl, to value: Int) throws(CaptureError) {
        guard !control.isReadOnly else { throw CaptureError.controlReadOnly(path: path, name: control.name) }
        switch control.kind {
        case .integer, .boolean, .bitmask:
            guard (control.minimum...control.maximum).contains(value) else {
                throw CaptureError.controlOutOfRange(
                    path: path, name: control.name, value: value, minimum: control.minimum, maximum: control.maximum)
            }
        case .menu, .integerMenu:
            guard control.menu.contains(where: { $0.value == value }) else {
                throw CaptureError.invalidControlValue(
                    path: path, name: control.name, value: String(value), accepted: control.menu.map { String($0.value) })
            }
        case .button:
            break
        case .integer64, .string, .other:
            throw CaptureError.invalidControlValue(
                path: path, name: control.name, value: String(value), accepted: ["(\(control.kind.rawValue) controls cannot be set here)"])
        }
        var setting = v4l2_control(id: control.id, value: Int32(clamping: value))
        do {
            try handle.control(SCAN_VIDIOC_S_CTRL, &setting)
        } catch {
            switch error.code {
            case EACCES: throw CaptureError.controlReadOnly(path: path, name: control.name)
            case ERANGE:
                throw CaptureError.controlOutOfRange(
                    path: path, name: control.name, value: value, minimum: control.minimum, maximum: control.maximum)
            default:
                if error.meaning == .deviceGone { throw CaptureError.deviceLost(path: path, errno: error.code) }
                throw CaptureError.systemCall(path: path, operation: "setting \(control.name)", errno: error.code)
            }
        }
    }

    private func control(from query: v4l2_queryctrl) throws(CaptureError) -> CameraControl {
        let kind: CameraControl.Kind = switch v4l2_ctrl_type(query.type) {
        case V4L2_CTRL_TYPE_INTEGER: .integer
        case V4L2_CTRL_TYPE_BOOLEAN: .boolean
        case V4L2_CTRL_TYPE_MENU: .menu
        case V4L2_CTRL_TYPE_INTEGER_MENU: .integerMenu
        case V4L2_CTRL_TYPE_BUTTON: .button
        case V4L2_CTRL_TYPE_INTEGER64: .integer64
        case V4L2_CTRL_TYPE_STRING: .string
        case V4L2_CTRL_TYPE_BITMASK: .bitmask
        default: .other
        }
        let flags = query.flags
        var value: Int?
        if [.integer, .boolean, .menu, .integerMenu, .bitmask].contains(kind), flags & UInt32(V4L2_CTRL_FLAG_WRITE_ONLY) == 0 {
            var reading = v4l2_control(id: query.id, value: 0)
            try handle.control(SCAN_VIDIOC_G_CTRL, &reading, operation: "VIDIOC_G_CTRL")
            value = Int(kind == .bitmask ? Int64(UInt32(bitPattern: reading.value)) : Int64(reading.value))
        }
        // A bitmask's limits are unsigned 32-bit patterns.
        func limit(_ value: Int32) -> Int { kind == .bitmask ? Int(UInt32(bitPattern: value)) : Int(value) }
        let label = v4l2String(query.name)
        return CameraControl(
            id: query.id, name: CameraControl.normalise(label), label: label, kind: kind,
            minimum: limit(query.minimum), maximum: limit(query.maximum), step: Int(query.step),
            defaultValue: limit(query.default_value),
            menu: kind == .menu || kind == .integerMenu ? menu(of: query, kind: kind) : [],
            isReadOnly: flags & UInt32(V4L2_CTRL_FLAG_READ_ONLY) != 0,
            isInactive: flags & UInt32(V4L2_CTRL_FLAG_INACTIVE) != 0,
            value: value)
    }

    /// The entries a menu control offers; drivers leave gaps (EINVAL).
    private func menu(of query: v4l2_queryctrl, kind: CameraControl.Kind) -> [CameraControl.MenuItem] {
        guard query.minimum >= 0, query.maximum >= query.minimum else { return [] }
        return (Int(query.minimum)...Int(query.maximum)).compactMap { index in
            var item = v4l2_querymenu()
            item.id = query.id
            item.index = UInt32(index)
            guard (try? handle.control(SCAN_VIDIOC_QUERYMENU, &item)) != nil else { return nil }
            let name = kind == .integerMenu ? String(item.value) : v4l2String(item.name)
            return CameraControl.MenuItem(value: index, name: name)
        }
    }
}

extension CaptureDevice {
    /// The controls of this camera, through a descriptor of their own.
    /// (Settings stay after it closes; a running `CameraFrameSource` has
    /// `controls` on its own descriptor.)
    public func controls() throws(CaptureError) -> CameraControls {
        try CameraControls(handle: V4L2Handle(path: path))
    }
}
