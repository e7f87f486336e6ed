import Glibc

/// A mutex with a condition variable, both on the heap.
///
/// The pthread objects live in memory this class allocates, never in a
/// Swift stored property: Swift does not promise a stable address for a
/// property passed with `&`, and a mutex must not move. The condition waits
/// on the monotonic clock, so a change of the wall clock cannot stretch a
/// timed wait. This is the package's one lock type (`package`: the
/// command and the preview use it too; clients of the library do not see it).
package final class Lock: @unchecked Sendable {
    // Sendable: the pthread objects are made for sharing between threads.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        precondition(pthread_cond_init(condition, &attributes) == 0, "pthread_cond_init failed")
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    package func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Releases the lock until `broadcast()`, then takes it again. Call it
    /// inside `withLock`, in a loop that checks what it waits for.
    package func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Like `wait()`, but returns by `deadline` (on `ContinuousClock`) at
    /// the latest. Returns false when the deadline passed.
    @discardableResult
    package func wait(until deadline: ContinuousClock.Instant) -> Bool {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return false }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let (seconds, attoseconds) = left.components
        var nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
        var wholeSeconds = Int(now.tv_sec) + Int(seconds)
        if nanoseconds >= 1_000_000_000 {
            wholeSeconds += 1
            nanoseconds -= 1_000_000_000
        }
        var absolute = timespec(tv_sec: wholeSeconds, tv_nsec: nanoseconds)
        return pthread_cond_timedwait(condition, mutex, &absolute) != ETIMEDOUT
    }

    /// Wakes every thread waiting in `wait`. Call it holding the lock.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
