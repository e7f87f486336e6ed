import CSpawn
import Glibc

/// A program started to answer requests one at a time, for work that may
/// crash or hang (zxing 1.4's 1D readers abort the process on some images).
///
/// A request and a reply are each one message: its length (8 bytes,
/// little-endian) and its bytes, on the helper's standard input and output.
/// The helper is started with posix_spawn from pipes made with O_CLOEXEC and
/// every other descriptor closed, so it holds its own two pipe ends and
/// nothing else of this process's; its standard error is /dev/null. Our ends
/// never block: every wait is a poll against the request's deadline, and a
/// helper that misses it is killed and reaped (`end`).
package struct HelperProcess: Sendable {
    /// What to start: an executable and its arguments, the first its name.
    package struct Program: Sendable, Hashable {
        package var path: String
        package var arguments: [String]

        package init(path: String, arguments: [String]) {
            self.path = path
            self.arguments = arguments
        }
    }

    /// Why a request got no reply.
    package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// No helper could be started (no such program, no processes left).
        case unavailable(String)
        /// The deadline passed: the helper was killed.
        case timedOut(Duration)
        /// The helper died on the request, or answered nonsense: how.
        case died(String)

        package var description: String {
            switch self {
            case .unavailable(let why): "cannot start the helper process: \(why)"
            case .timedOut(let limit): "the helper did not answer within \(limit); it was stopped and its reading discarded"
            case .died(let how): "the helper \(how); its reading was discarded"
            }
        }
    }

    /// How a request ended, short of a reply.
    package enum Interruption: Error, Sendable {
        /// The helper's input was closed before it took the request: an idle
        /// helper that died while it waited. The request may go to another.
        case notTaken
        /// The helper closed its end, or its reply's length was out of range.
        case ended
        case timedOut
    }

    /// The longest message either way: a 100-megapixel frame and its request.
    package static let maxMessage = 1 << 28
    /// A pipe holds 64 KiB; a 720p frame is 900 KiB. A larger pipe (up to
    /// the system's pipe-max-size, 1 MiB by default) takes a frame in a few
    /// writes instead of a dozen round trips between the two processes.
    private static let pipeSize: Int32 = 1 << 20
    /// F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7, linux/fcntl.h), a GNU name.
    private static let setPipeSize: Int32 = 1031

    package let pid: pid_t
    /// Our end of the helper's standard input.
    private let requests: Int32
    /// Our end of the helper's standard output.
    private let replies: Int32

    /// Starts `program`. Its Swift backtracer is off: a helper that aborts
    /// ends at once, without a report nobody reads.
    package static func start(_ program: Program) throws(Failure) -> HelperProcess {
        var requests: [Int32] = [-1, -1], replies: [Int32] = [-1, -1]
        guard pipe2(&requests, O_CLOEXEC) == 0 else { throw .unavailable("pipe2: \(Errno.current)") }
        guard pipe2(&replies, O_CLOEXEC) == 0 else {
            let failure = Errno.current
            close(requests[0])
            close(requests[1])
            throw .unavailable("pipe2: \(failure)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears O_CLOEXEC on the copies, so the helper keeps exactly
        // these; descriptors other code opened without O_CLOEXEC are closed.
        posix_spawn_file_actions_adddup2(&actions, requests[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, replies[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var environment = ["SWIFT_BACKTRACE=enable=no"]
        var entry = environ
        while let variable = entry.pointee {
            let text = String(cString: variable)
            if !text.hasPrefix("SWIFT_BACKTRACE=") { environment.append(text) }
            entry += 1
        }
        var pid = pid_t()
        let started = withCStrings(program.arguments) { arguments in
            withCStrings(environment) { environment in
                posix_spawn(&pid, program.path, &actions, &attributes, arguments, environment)
            }
        }
        close(requests[0])
        close(replies[1])
        guard started == 0 else {
            close(requests[1])
            close(replies[0])
            throw .unavailable("posix_spawn \(program.path): \(Errno(started))")
        }
        _ = fcntl(requests[1], setPipeSize, pipeSize)
        for descriptor in [requests[1], replies[0]] { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        return HelperProcess(pid: pid, requests: requests[1], replies: replies[0])
    }

    /// Sends one request, `parts` one after another, and returns the reply,
    /// all before `deadline` (nil: none).
    package func exchange(_ parts: [UnsafeRawBufferPointer], until deadline: ContinuousClock.Instant?) -> Result<[UInt8], Interruption> {
        let length = parts.reduce(0) { $0 + $1.count }
        let sent = withoutSigpipe { () -> Interruption? in
            if let failed = Self.littleEndian(length).withUnsafeBytes({ send($0, until: deadline) }) { return failed }
            // Once the length went through, the helper has taken the request.
            for part in parts {
                if let failed = send(part, until: deadline) { return failed == .notTaken ? .ended : failed }
            }
            return nil
        }
        if let sent { return .failure(sent) }
        var header = [UInt8](repeating: 0, count: 8)
        if let failed = header.withUnsafeMutableBytes({ receive(into: $0, until: deadline) }) { return .failure(failed) }
        let replyLength = header.withUnsafeBytes { Int(Int64(littleEndian: $0.loadUnaligned(as: Int64.self))) }
        guard replyLength >= 0, replyLength <= Self.maxMessage else { return .failure(.ended) }
        var reply = [UInt8](repeating: 0, count: replyLength)
        if let failed = reply.withUnsafeMutableBytes({ receive(into: $0, until: deadline) }) { return .failure(failed) }
        return .success(reply)
    }

    /// Ends the helper for good and returns its wait status: killed at once
    /// (`killing`), or given a moment to exit by itself first, as one that
    /// closed its end is doing; then reaped, and our ends closed.
    @discardableResult
    package func end(killing: Bool) -> Int32 {
        close(requests)
        close(replies)
        var status: Int32 = 0
        if !killing {
            for _ in 0..<200 {
                let done = waitpid(pid, &status, WNOHANG)
                if done == pid { return status }
                if done < 0, errno != EINTR { break }
                usleep(1000)
            }
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }

    /// What a wait status says of how the helper ended.
    package static func ending(_ status: Int32) -> String {
        let signal = status & 0x7F
        return signal != 0 && signal != 0x7F && signal != SIGKILL
            ? "aborted on this image (signal \(signal))" : "ended without an answer"
    }

    /// Writes all of `bytes`; nil when done.
    private func send(_ bytes: UnsafeRawBufferPointer, until deadline: ContinuousClock.Instant?) -> Interruption? {
        Self.transfer(bytes.count, on: requests, events: Int16(POLLOUT), until: deadline, closed: .notTaken) { at in
            write(requests, bytes.baseAddress! + at, bytes.count - at)
        }
    }

    /// Fills `buffer`; nil when done.
    private func receive(into buffer: UnsafeMutableRawBufferPointer, until deadline: ContinuousClock.Instant?) -> Interruption? {
        Self.transfer(buffer.count, on: replies, events: Int16(POLLIN), until: deadline, closed: .ended) { at in
            read(replies, buffer.baseAddress! + at, buffer.count - at)
        }
    }

    /// Moves `count` bytes through `descriptor` with `step` (a read or a
    /// write from an offset, returning what it moved), waiting for `events`
    /// whenever it would block; nil when done, `closed` when the other end is.
    private static func transfer(
        _ count: Int, on descriptor: Int32, events: Int16, until deadline: ContinuousClock.Instant?, closed: Interruption,
        _ step: (Int) -> Int
    ) -> Interruption? {
        var at = 0
        while at < count {
            let moved = step(at)
            if moved > 0 {
                at += moved
                continue
            }
            let failure = errno
            if moved < 0, failure == EINTR { continue }
            guard moved < 0, failure == EAGAIN || failure == EWOULDBLOCK else { return closed }
            // Ready, or hung up: the next step tells which.
            if let waited = wait(descriptor, for: events, until: deadline) { return waited }
        }
        return nil
    }

    /// Waits for `events` on `descriptor`; nil when they came (or the
    /// descriptor hung up, which the next call reports).
    private static func wait(_ descriptor: Int32, for events: Int16, until deadline: ContinuousClock.Instant?) -> Interruption? {
        while true {
            // Without a deadline, an hour at a time.
            let left = deadline.map { ContinuousClock.now.duration(to: $0) } ?? .seconds(3600)
            guard left > .zero else { return .timedOut }
            do {
                if try Syscall.poll(descriptor, for: events, timeout: left) != nil { return nil }
            } catch {
                return .ended
            }
        }
    }

    private static func littleEndian(_ value: Int) -> [UInt8] {
        withUnsafeBytes(of: Int64(value).littleEndian) { Array($0) }
    }

    /// Runs `body` with SIGPIPE blocked on this thread, and swallows the
    /// SIGPIPE that a write to a dead helper raised: a dead helper is a
    /// failed write (EPIPE), never the end of this process.
    private func withoutSigpipe<R>(_ body: () -> R) -> R {
        var pipe = sigset_t(), previous = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipe, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1, sigismember(&previous, SIGPIPE) == 0 {
                var zero = timespec()
                while sigtimedwait(&pipe, nil, &zero) < 0, errno == EINTR {}
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return body()
    }
}

extension HelperProcess {
    /// The helper's side: answers each request on standard input with
    /// `answer`'s reply on standard output until the input ends, then ends
    /// its own idle helpers (so that their work counts as its own) and exits.
    package static func serve(_ answer: (UnsafeRawBufferPointer) -> [UInt8]) -> Never {
        // An abort must end the helper at once, through no handler a runtime installed.
        for signal in [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGPIPE] { Glibc.signal(signal, SIG_DFL) }
        while true {
            var length = [UInt8](repeating: 0, count: 8)
            guard length.withUnsafeMutableBytes(readRequest) else { finish(0) }
            let count = length.withUnsafeBytes { Int(Int64(littleEndian: $0.loadUnaligned(as: Int64.self))) }
            guard count >= 0, count <= maxMessage else { finish(3) }
            var request = [UInt8](repeating: 0, count: count)
            guard request.withUnsafeMutableBytes(readRequest) else { finish(0) }
            let reply = request.withUnsafeBytes(answer)
            let sent = (littleEndian(reply.count) + reply).withUnsafeBytes { bytes in
                transfer(bytes.count, on: STDOUT_FILENO, events: Int16(POLLOUT), until: nil, closed: .ended) { at in
                    write(STDOUT_FILENO, bytes.baseAddress! + at, bytes.count - at)
                }
            }
            guard sent == nil else { finish(0) }
        }
    }

    /// Fills `buffer` from standard input; false when it ended first.
    private static func readRequest(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
        transfer(buffer.count, on: STDIN_FILENO, events: Int16(POLLIN), until: nil, closed: .ended) { at in
            read(STDIN_FILENO, buffer.baseAddress! + at, buffer.count - at)
        } == nil
    }

    private static func finish(_ status: Int32) -> Never {
        HelperPool.endIdle()
        _exit(status)
    }
}

/// `strings` as a NULL-terminated array of C strings for the length of `body`.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) } + [nil]
    defer { for copy in copies { free(copy) } }
    return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
}
