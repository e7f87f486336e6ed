import Foundation
import Scanner
import ScanOverlay
import ScannerTestSupport

/// A private X server (Xvfb) for window tests, on a display number it picks
/// itself (`-displayfd`), with xdotool and ImageMagick's `import` to drive
/// and photograph windows on it. Ended by its own PID when released.
///
/// scripts/setup installs them all: a missing tool fails the test, loudly.
final class XServer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `:N`, for DISPLAY.
    let display: String
    private let server: Process

    /// The X tools the window tests use, with their Debian packages.
    static let tools = [
        ("/usr/bin/Xvfb", "xvfb"), ("/usr/bin/xdotool", "xdotool"), ("/usr/bin/import", "imagemagick"),
        ("/usr/bin/convert", "imagemagick"), ("/usr/bin/xwd", "x11-apps"),
    ]

    /// Fails unless every one of `tools` is installed (also for the vivid
    /// VM's X server, which runs the host's).
    static func requireTools() throws {
        for (tool, package) in tools where !FileManager.default.isExecutableFile(atPath: tool) {
            throw Failure(description: "\(tool) is missing: run scripts/setup (Debian package \(package))")
        }
    }

    init() throws {
        try Self.requireTools()
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
        let announced = Pipe()
        server.standardOutput = announced
        server.standardError = FileHandle.nullDevice
        try server.run()
        // Xvfb writes its display number once it accepts clients; EOF if it died.
        var text = ""
        while !text.hasSuffix("\n") {
            let data = announced.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(server.processIdentifier, SIGKILL)
            throw Failure(description: "Xvfb did not start (it said '\(text)')")
        }
        display = ":\(number)"
    }

    deinit {
        // SIGKILL: a child of the test runner may inherit SIGTERM blocked.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
    }

    /// This process's environment, pointed at this server.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        return environment
    }

    /// Runs an X tool against this server, killed after `limit` seconds.
    @discardableResult
    func run(_ tool: String, _ arguments: [String], limit: Int = 30) throws -> ScanCommand.Result {
        let result = try ScanCommand.run(
            ["-s", "KILL", String(limit), tool] + arguments, executable: URL(fileURLWithPath: "/usr/bin/timeout"),
            environment: environment)
        guard result.status == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
        }
        return result
    }

    /// Waits for a window whose title matches `pattern`; returns its id.
    func window(named pattern: String) throws -> String {
        let found = try run("/usr/bin/xdotool", ["search", "--sync", "--onlyvisible", "--name", pattern])
        guard let id = found.lines.first else { throw Failure(description: "no window named \(pattern)") }
        return id
    }

    /// Asks `window` to close, as a window manager does when its close
    /// button is pressed: a WM_DELETE_WINDOW client message. (Xvfb runs no
    /// window manager, and xdotool's windowclose destroys the window instead.)
    /// XSync, not XFlush: the server must have handled the message before
    /// the script exits. A busy Xvfb that sees the connection closed with
    /// the request still unread drops both, and the close was lost (a scan
    /// left running in a loaded CI run).
    func close(_ window: String) throws {
        try run("/usr/bin/python3", ["-c", Self.closeScript, window])
    }

    private static let closeScript = """
        import ctypes, sys
        x = ctypes.CDLL("libX11.so.6")
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XInternAtom.restype = ctypes.c_ulong
        x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        class ClientMessage(ctypes.Structure):
            _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                        ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                        ("format", ctypes.c_int), ("data", ctypes.c_long * 5), ("pad", ctypes.c_long * 12)]
        x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.POINTER(ClientMessage)]
        x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        d = x.XOpenDisplay(None)
        if not d: sys.exit("cannot open the display")
        w = int(sys.argv[1])
        e = ClientMessage(type=33, send_event=1, display=d, window=w, format=32,
                          message_type=x.XInternAtom(d, b"WM_PROTOCOLS", 0))
        e.data[0] = x.XInternAtom(d, b"WM_DELETE_WINDOW", 0)
        if not x.XSendEvent(d, w, 0, 0, ctypes.byref(e)): sys.exit("XSendEvent failed")
        x.XSync(d, 0)
        """

    /// The window's pixels now, also kept as `path`.
    func screenshot(of window: String, to path: String) throws -> RGBAImage {
        try run("/usr/bin/import", ["-window", window, "png:" + path])
        return try RGBAImage(contentsOfPNG: path)
    }
}
