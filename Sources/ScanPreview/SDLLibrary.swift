import CSDL2
import Glibc

/// SDL2's functions, loaded (dlopen) when the first preview window opens,
/// not at start-up: SDL2 and the libraries it pulls in (X11, Wayland,
/// PulseAudio, ALSA...) are a third of the program's, and loading them cost
/// every run of scan, and every reader helper it starts, about 3 ms of CPU
/// for a window few runs open. The headers still give SDL's types.
struct SDLLibrary: @unchecked Sendable {
    /// SDL2's soname on Debian 12, and the package that installs it.
    static let library = (soname: "libSDL2-2.0.so.0", package: "libsdl2-2.0-0")

    /// SDL2, loaded once, or why it cannot be.
    static let shared = load(library.soname)

    typealias Window = OpaquePointer
    typealias Renderer = OpaquePointer
    typealias Texture = OpaquePointer

    let setHint: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> SDL_bool
    let initialise: @convention(c) (UInt32) -> Int32
    let quit: @convention(c) () -> Void
    let getError: @convention(c) () -> UnsafePointer<CChar>?
    let registerEvents: @convention(c) (Int32) -> UInt32
    let createWindow: @convention(c) (UnsafePointer<CChar>?, Int32, Int32, Int32, Int32, UInt32) -> Window?
    let destroyWindow: @convention(c) (Window?) -> Void
    let setWindowSize: @convention(c) (Window?, Int32, Int32) -> Void
    let getDisplayUsableBounds: @convention(c) (Int32, UnsafeMutablePointer<SDL_Rect>?) -> Int32
    let createRenderer: @convention(c) (Window?, Int32, UInt32) -> Renderer?
    let destroyRenderer: @convention(c) (Renderer?) -> Void
    let renderSetLogicalSize: @convention(c) (Renderer?, Int32, Int32) -> Int32
    let renderClear: @convention(c) (Renderer?) -> Int32
    let renderCopy: @convention(c) (Renderer?, Texture?, UnsafePointer<SDL_Rect>?, UnsafePointer<SDL_Rect>?) -> Int32
    let renderPresent: @convention(c) (Renderer?) -> Void
    let createTexture: @convention(c) (Renderer?, UInt32, Int32, Int32, Int32) -> Texture?
    let destroyTexture: @convention(c) (Texture?) -> Void
    let updateTexture: @convention(c) (Texture?, UnsafePointer<SDL_Rect>?, UnsafeRawPointer?, Int32) -> Int32
    let setThreadPriority: @convention(c) (SDL_ThreadPriority) -> Int32
    let pushEvent: @convention(c) (UnsafeMutablePointer<SDL_Event>?) -> Int32
    let pollEvent: @convention(c) (UnsafeMutablePointer<SDL_Event>?) -> Int32
    let waitEventTimeout: @convention(c) (UnsafeMutablePointer<SDL_Event>?, Int32) -> Int32

    /// The library `soname` with every function above, or why not: the
    /// loader's message and the package to install.
    static func load(_ soname: String) -> Result<SDLLibrary, PreviewUnavailable> {
        func missing(_ reason: String) -> PreviewUnavailable {
            PreviewUnavailable(reason: "SDL2 cannot be loaded (\(reason)); install it: sudo apt install \(library.package)")
        }
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(missing(dlerror().map { String(cString: $0) } ?? soname))
        }
        do throws(PreviewUnavailable) {
            func function<T>(_ name: String) throws(PreviewUnavailable) -> T {
                guard let address = dlsym(handle, name) else { throw missing("\(soname) has no \(name)") }
                return unsafeBitCast(address, to: T.self)
            }
            return .success(try SDLLibrary(
                setHint: function("SDL_SetHint"), initialise: function("SDL_Init"), quit: function("SDL_Quit"),
                getError: function("SDL_GetError"), registerEvents: function("SDL_RegisterEvents"),
                createWindow: function("SDL_CreateWindow"), destroyWindow: function("SDL_DestroyWindow"),
                setWindowSize: function("SDL_SetWindowSize"), getDisplayUsableBounds: function("SDL_GetDisplayUsableBounds"),
                createRenderer: function("SDL_CreateRenderer"), destroyRenderer: function("SDL_DestroyRenderer"),
                renderSetLogicalSize: function("SDL_RenderSetLogicalSize"), renderClear: function("SDL_RenderClear"),
                renderCopy: function("SDL_RenderCopy"), renderPresent: function("SDL_RenderPresent"),
                createTexture: function("SDL_CreateTexture"), destroyTexture: function("SDL_DestroyTexture"),
                updateTexture: function("SDL_UpdateTexture"), setThreadPriority: function("SDL_SetThreadPriority"),
                pushEvent: function("SDL_PushEvent"), pollEvent: function("SDL_PollEvent"),
                waitEventTimeout: function("SDL_WaitEventTimeout")))
        } catch {
            dlclose(handle)
            return .failure(error)
        }
    }
}
