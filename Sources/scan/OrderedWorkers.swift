import Foundation

/// Runs jobs on several threads and hands their results back in job order,
/// each as soon as it and every earlier one are done, so output streams
/// while the order stays that of the command line.
enum OrderedWorkers {
    /// Calls `work` for every index in `0..<count` on `threads` threads, each
    /// with its own state from `makeState` (a decoder is not thread-safe),
    /// and `consume` on the calling thread in index order. `consume`
    /// returning false stops the run early.
    static func run<State, Output: Sendable>(
        count: Int, threads: Int,
        makeState: @escaping @Sendable () -> State,
        work: @escaping @Sendable (inout State, Int) -> Output,
        consume: (Int, Output) -> Bool
    ) {
        let shared = Shared<Output>(count: count)
        for _ in 0..<max(1, min(threads, count)) {
            Thread.detachNewThread {
                var state = makeState()
                while let index = shared.claim() {
                    shared.finish(index, work(&state, index))
                }
            }
        }
        for index in 0..<count {
            guard consume(index, shared.wait(for: index)) else {
                shared.cancel()
                return
            }
        }
    }

    private final class Shared<Output: Sendable>: @unchecked Sendable {
        // Sendable: every field is guarded by `condition`.
        private let condition = NSCondition()
        private var results: [Output?]
        private var next = 0
        private var cancelled = false

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func claim() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard !cancelled, next < results.count else { return nil }
            next += 1
            return next - 1
        }

        func finish(_ index: Int, _ output: Output) {
            condition.lock()
            results[index] = output
            condition.broadcast()
            condition.unlock()
        }

        func wait(for index: Int) -> Output {
            condition.lock()
            defer { condition.unlock() }
            while results[index] == nil { condition.wait() }
            defer { results[index] = nil }  // release each result once consumed
            return results[index]!
        }

        func cancel() {
            condition.lock()
            cancelled = true
            condition.unlock()
        }
    }
}
