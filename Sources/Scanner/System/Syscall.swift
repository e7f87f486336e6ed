import Glibc

/// An `errno` value from a failed system call, in the style of
/// swift-system's `Errno`: its text, and the meaning callers act on, are
/// worked out here and nowhere else (`package`: the command's messages
/// use it too).
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The raw value, such as `ENOENT`.
    package let code: Int32

    package init(_ code: Int32) { self.code = code }

    /// The calling thread's `errno` now.
    package static var current: Errno { Errno(errno) }

    /// The C library's text for the code ("No such file or directory").
    package var description: String { String(cString: strerror(code)) }

    /// What a failure means to a caller, for the causes a user can act on.
    enum Meaning: Sendable, Hashable {
        /// ENOENT, ENOTDIR: the path names nothing.
        case notFound
        /// EACCES, EPERM.
        case permissionDenied
        /// EISDIR.
        case isDirectory
        /// EBUSY: another program holds it.
        case busy
        /// ENODEV, ENXIO, EIO: the device went away or failed for good.
        case deviceGone
        /// Anything else.
        case other
    }

    var meaning: Meaning {
        switch code {
        case ENOENT, ENOTDIR: .notFound
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .isDirectory
        case EBUSY: .busy
        case ENODEV, ENXIO, EIO: .deviceGone
        default: .other
        }
    }
}

/// System calls with their error handling in one place: retried when a
/// signal interrupts them (EINTR), failures thrown as `Errno`. Modelled on
/// swift-system's `valueOrErrno` and swift-nio's `syscall(blocking:)`.
package enum Syscall {
    /// Runs `call`, which follows the C convention (-1 and `errno` on
    /// failure), until no signal interrupts it; returns its result.
    @discardableResult
    package static func retrying<Result: FixedWidthInteger>(_ call: () -> Result) throws(Errno) -> Result {
        while true {
            let result = call()
            if result != -1 { return result }
            let failure = Errno.current
            if failure.code != EINTR { throw failure }
        }
    }

    /// Runs `call`, which returns a negated errno on failure (the style of
    /// this package's libv4l2 shim), until no signal interrupts it.
    @discardableResult
    package static func retryingNegated(_ call: () -> Int32) throws(Errno) -> Int32 {
        while true {
            let result = call()
            if result >= 0 { return result }
            if result != -EINTR { throw Errno(-result) }
        }
    }

    /// Waits until `descriptor` has one of `events` (POLLIN, POLLOUT) or
    /// `timeout` passes, resuming after signals with the time left. Returns
    /// the events that occurred, or nil when the time ran out.
    package static func poll(_ descriptor: Int32, for events: Int16, timeout: Duration) throws(Errno) -> Int16? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let left = max(.zero, clock.now.duration(to: deadline))
            let milliseconds = left.components.seconds * 1000 + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = Glibc.poll(&entry, 1, Int32(clamping: milliseconds))
            if ready > 0 { return entry.revents }
            if ready == 0 { return nil }
            let failure = Errno.current
            if failure.code != EINTR { throw failure }
        }
    }
}
