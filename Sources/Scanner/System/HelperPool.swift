import Glibc

/// The helpers that answered, kept for the next request of their program
/// (starting one costs more than a read), and the one way to send a request:
/// to an idle helper, or to a new one. A helper that misses the deadline or
/// dies is ended, never kept. At this process's exit the idle ones are ended
/// too, so that none outlives it and their CPU time counts as its own (a
/// parent's wait4, time(1)).
package enum HelperPool {
    /// Idle helpers kept per program; more are ended after their answer.
    package static let maxIdle = 4

    private final class State: @unchecked Sendable {
        // Sendable: every field is guarded by `lock`.
        let lock = Lock()
        var idle: [HelperProcess.Program: [HelperProcess]] = [:]
        var endsAtExit = false
    }

    private static let state = State()

    /// `parts` as one request to a helper running `program`, answered
    /// within `timeout` of now (nil: no limit). A request that an idle
    /// helper never took (it died while it waited) goes once more, to a
    /// new helper.
    package static func exchange(
        _ parts: [UnsafeRawBufferPointer], with program: HelperProcess.Program, timeout: Duration?
    ) -> Result<[UInt8], HelperProcess.Failure> {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        var reused = take(program)
        while true {
            let helper: HelperProcess
            if let idle = reused {
                helper = idle
            } else {
                do { helper = try start(program) } catch { return .failure(error) }
            }
            switch helper.exchange(parts, until: deadline) {
            case .success(let reply):
                keep(helper, of: program)
                return .success(reply)
            case .failure(.notTaken) where reused != nil:
                helper.end(killing: true)
                reused = nil
            case .failure(.timedOut):
                helper.end(killing: true)
                return .failure(.timedOut(timeout ?? .zero))
            case .failure(.notTaken), .failure(.ended):
                return .failure(.died(HelperProcess.ending(helper.end(killing: false))))
            }
        }
    }

    /// How many helpers of `program` wait idle now.
    package static func idleCount(of program: HelperProcess.Program) -> Int {
        state.lock.withLock { state.idle[program]?.count ?? 0 }
    }

    /// Ends every idle helper: each sees its input end, exits and is reaped.
    package static func endIdle() {
        let idle = state.lock.withLock {
            defer { state.idle = [:] }
            return state.idle.values.flatMap { $0 }
        }
        for helper in idle { helper.end(killing: false) }
    }

    private static func start(_ program: HelperProcess.Program) throws(HelperProcess.Failure) -> HelperProcess {
        let register = state.lock.withLock {
            defer { state.endsAtExit = true }
            return !state.endsAtExit
        }
        if register { atexit { HelperPool.endIdle() } }
        return try HelperProcess.start(program)
    }

    private static func take(_ program: HelperProcess.Program) -> HelperProcess? {
        state.lock.withLock { state.idle[program]?.popLast() }
    }

    private static func keep(_ helper: HelperProcess, of program: HelperProcess.Program) {
        let kept = state.lock.withLock {
            guard state.idle[program, default: []].count < maxIdle else { return false }
            state.idle[program, default: []].append(helper)
            return true
        }
        // One too many idle: a surplus, not a failure.
        if !kept { helper.end(killing: true) }
    }
}
