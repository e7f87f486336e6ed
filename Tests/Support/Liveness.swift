import Dispatch

/// How long a test waits for something that must happen (an event, a
/// frame, the end of a run) before it calls it lost: far longer than it
/// takes, so that a loaded machine or a sanitizer build, which decodes a
/// frame many times slower, changes no result. A wait that ends early
/// costs nothing.
public enum Liveness {
    public static let seconds = 120.0
    public static var deadline: DispatchTime { .now() + seconds }
}
