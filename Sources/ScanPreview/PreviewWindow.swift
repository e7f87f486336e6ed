import CSDL2
import FoundationEssentials
import Scanner
import ScanOverlay
import Synchronization

/// Why there is no preview window; scanning goes on without one.
public struct PreviewUnavailable: Error, CustomStringConvertible, Sendable {
    /// What is missing, for one line on standard error.
    public let reason: String
    public var description: String { reason }
}

/// What a person did in the preview window, in frame pixels.
enum PreviewInput: Equatable {
    /// A press and release in one place.
    case click(Point)
    /// The mouse moved with the button held, from `from` to `to`.
    case dragging(from: Point, to: Point)
    /// The button was released after moving.
    case dragged(from: Point, to: Point)
    /// A key, as the character on it ("+" for both + and =).
    case key(Character)
    /// The window was closed.
    case close
}

/// The one owner of SDL: the window, its software renderer and the frame
/// texture. SDL's video and events belong to the thread that initialised
/// them, so a window is made and used on the main thread only.
final class PreviewWindow {
    /// A press that moves less than this (in frame pixels) is a click.
    static let clickSlop = 4.0

    private let sdl: SDLLibrary
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = (width: 0, height: 0)
    private var pressedAt: Point?
    /// The event another thread pushes to wake `inputs(waiting:)`.
    private static let wakeEvent = Mutex<UInt32?>(nil)

    /// Opens a window titled `title`, sized for `width`×`height` images and
    /// scaled down to fit the screen. Throws when there is no display.
    init(title: String, width: Int, height: Int) throws(PreviewUnavailable) {
        let display = try DisplayChoice(environment: ProcessInfo.processInfo.environment)
        let sdl = try SDLLibrary.shared.get()
        if let drivers = display.drivers { _ = sdl.setHint("SDL_VIDEODRIVER", drivers) }
        // The command handles SIGINT itself; the software renderer needs no
        // GL, so a bare X server (Xvfb) or a framebuffer will do.
        _ = sdl.setHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        _ = sdl.setHint(SDL_HINT_RENDER_DRIVER, "software")
        _ = sdl.setHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        _ = sdl.setHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        guard sdl.initialise(SDL_INIT_VIDEO) == 0 else {
            // SDL's own message here is its clean-up's ("Video subsystem has
            // not been initialized") when it chose the drivers; say which displays.
            let reason = display.drivers == nil ? Self.lastError(sdl) : "none answers (is the display running, and yours to use?)"
            throw PreviewUnavailable(reason: "cannot open a window on \(display.names): \(reason)")
        }
        let wake = sdl.registerEvents(1)
        Self.wakeEvent.withLock { $0 = wake == UInt32.max ? nil : wake }
        let centred = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        let size = Self.fitted(width: width, height: height, sdl)
        guard let window = sdl.createWindow(
            title, centred, centred, size.width, size.height, SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue)
        else {
            let reason = Self.lastError(sdl)
            sdl.quit()
            throw PreviewUnavailable(reason: "cannot open a window: \(reason)")
        }
        guard let renderer = sdl.createRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            let reason = Self.lastError(sdl)
            sdl.destroyWindow(window)
            sdl.quit()
            throw PreviewUnavailable(reason: "cannot draw in a window: \(reason)")
        }
        self.sdl = sdl
        self.window = window
        self.renderer = renderer
    }

    deinit {
        Self.wakeEvent.withLock { $0 = nil }
        if let texture { sdl.destroyTexture(texture) }
        sdl.destroyRenderer(renderer)
        sdl.destroyWindow(window)
        sdl.quit()
    }

    private static func lastError(_ sdl: SDLLibrary) -> String { sdl.getError().map { String(cString: $0) } ?? "unknown error" }

    /// `width`×`height`, scaled down with its aspect kept to fit the screen.
    private static func fitted(width: Int, height: Int, _ sdl: SDLLibrary) -> (width: Int32, height: Int32) {
        var usable = SDL_Rect()
        var scale = 1.0
        if sdl.getDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 {
            scale = min(1, Double(usable.w) / Double(width), Double(usable.h) / Double(height))
        }
        return (Int32(max(1, (Double(width) * scale).rounded(.down))), Int32(max(1, (Double(height) * scale).rounded(.down))))
    }

    /// Lowers the calling thread's priority for good (nice 19 on Linux:
    /// raising it back needs CAP_SYS_NICE), so that under load the decode
    /// thread wins the CPU. For the painter's thread, never the window's.
    static func lowerThisThreadsPriority() {
        guard case .success(let sdl) = SDLLibrary.shared else { return }
        _ = sdl.setThreadPriority(SDL_THREAD_PRIORITY_LOW)
    }

    /// Wakes the thread in `inputs(waiting:)`: safe from any thread. The
    /// event is pushed under the lock that `deinit` takes before it closes
    /// the window: pushed after, SDL's X11 wake-up went to a window already
    /// gone, and Xlib ended the process (BadWindow, exit status 1).
    static func wake() {
        wakeEvent.withLock { type in
            guard let type, case .success(let sdl) = SDLLibrary.shared else { return }
            var event = SDL_Event()
            event.type = type
            _ = sdl.pushEvent(&event)
        }
    }

    /// Shows `image`, scaled to the window with its aspect kept.
    func show(_ image: RGBAImage) {
        if texture == nil || textureSize != (image.width, image.height) {
            if let texture { sdl.destroyTexture(texture) }
            texture = sdl.createTexture(
                renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                Int32(image.width), Int32(image.height))
            textureSize = (image.width, image.height)
            let size = Self.fitted(width: image.width, height: image.height, sdl)
            sdl.setWindowSize(window, size.width, size.height)
            // Mouse positions arrive in the image's pixels however the window is scaled.
            _ = sdl.renderSetLogicalSize(renderer, Int32(image.width), Int32(image.height))
        }
        guard let texture else { return }
        image.bytes.withUnsafeBytes { bytes in
            _ = sdl.updateTexture(texture, nil, bytes.baseAddress, Int32(image.width * 4))
        }
        _ = sdl.renderClear(renderer)
        _ = sdl.renderCopy(renderer, texture, nil, nil)
        sdl.renderPresent(renderer)
    }

    /// What the person did, waiting up to `timeout` for the first event
    /// (or a `wake()`); nothing when the wait ends without one.
    func inputs(waiting timeout: Duration) -> [PreviewInput] {
        var inputs: [PreviewInput] = []
        var event = SDL_Event()
        let milliseconds = Int32(clamping: Int((timeout / .milliseconds(1)).rounded(.up)))
        guard sdl.waitEventTimeout(&event, milliseconds) == 1 else { return [] }
        repeat {
            if let input = translate(event) { inputs.append(input) }
        } while sdl.pollEvent(&event) == 1
        return inputs
    }

    private func translate(_ event: SDL_Event) -> PreviewInput? {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .close
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_CLOSE.rawValue):
            return .close
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            pressedAt = Point(x: Double(event.button.x), y: Double(event.button.y))
            return nil
        case SDL_MOUSEMOTION:
            guard let start = pressedAt else { return nil }
            return .dragging(from: start, to: Point(x: Double(event.motion.x), y: Double(event.motion.y)))
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
            guard let start = pressedAt else { return nil }
            pressedAt = nil
            let end = Point(x: Double(event.button.x), y: Double(event.button.y))
            let moved = max(abs(end.x - start.x), abs(end.y - start.y))
            return moved < Self.clickSlop ? .click(end) : .dragged(from: start, to: end)
        case SDL_KEYDOWN:
            let symbol = UInt32(bitPattern: event.key.keysym.sym)
            switch symbol {
            case SDLK_PLUS.rawValue, SDLK_EQUALS.rawValue, SDLK_KP_PLUS.rawValue: return .key("+")
            case SDLK_MINUS.rawValue, SDLK_KP_MINUS.rawValue: return .key("-")
            case SDLK_ESCAPE.rawValue: return .key("q")
            default:
                guard (0x20..<0x7F).contains(symbol), let scalar = Unicode.Scalar(symbol) else { return nil }
                return .key(Character(scalar))
            }
        default:
            return nil
        }
    }
}
