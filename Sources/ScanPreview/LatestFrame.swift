import Scanner
import Synchronization

/// The hand-off from the decode thread to the window: one decoded frame,
/// the newest. A window slower than decoding skips frames here, counted;
/// decoding never waits for it.
final class LatestFrame: Sendable {
    private struct State {
        var frame: DecodedFrame?
        var skipped = 0
    }

    private let state = Mutex(State())

    /// Leaves `frame` for the window, replacing one it has not taken.
    /// Returns whether the slot was empty (the window needs waking).
    func put(_ frame: DecodedFrame) -> Bool {
        state.withLock { state in
            let wasEmpty = state.frame == nil
            if !wasEmpty { state.skipped += 1 }
            state.frame = frame
            return wasEmpty
        }
    }

    /// The newest frame, if one came since the last call.
    func take() -> DecodedFrame? {
        state.withLock { state in
            defer { state.frame = nil }
            return state.frame
        }
    }

    /// Frames replaced before the window took them.
    var skipped: Int { state.withLock { $0.skipped } }
}
