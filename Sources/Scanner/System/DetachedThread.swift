import Glibc

/// Runs `body` on a new thread that nobody joins; `name` says which in the
/// message should the thread fail to start.
///
/// A pthread, not Foundation's `Thread`: the library, the command and the
/// preview import only FoundationEssentials, as full Foundation and its ICU
/// cost every process about 3 ms of CPU to load, in scan and in each reader
/// helper it starts. Failing to start a thread (out of processes or memory)
/// is as fatal as it was with `Thread`.
package func detachThread(named name: String, _ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(ThreadBody(run: body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { raw in
        let body = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
        body.run()
        return nil
    }, box)
    precondition(started == 0, "cannot start the \(name) thread: \(Errno(started))")
    pthread_detach(thread)
}

private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void

    init(run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}
