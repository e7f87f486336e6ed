import Glibc
import Scanner

/// Runs jobs on several threads and hands their results back in job order,
/// each as soon as it and every earlier one are done, so output streams
/// while the order stays that of the input.
///
/// Jobs are pulled from an iterator as workers become free, and workers stay
/// at most a small window ahead of the consumer, so memory stays flat however
/// long the input is (a `--files-from` list of millions of paths).
enum OrderedWorkers {
    /// Calls `work` for every job `jobs` yields on `threads` threads, each
    /// with its own state from `makeState` (a decoder is not thread-safe),
    /// and `consume` on the calling thread in job order. `consume` returning
    /// false stops the run early.
    static func run<Jobs: IteratorProtocol & SendableMetatype, State, Output: Sendable>(
        jobs: Jobs, threads: Int,
        makeState: @escaping @Sendable () -> State,
        work: @escaping @Sendable (inout State, Jobs.Element) -> Output,
        consume: (Output) -> Bool
    ) {
        let threads = max(1, threads)
        // A few jobs in hand per thread keep every core busy while one slow
        // image holds up the output.
        let shared = Shared<Jobs, Output>(jobs: jobs, window: threads * 4)
        for _ in 0..<threads {
            detachThread(named: "file worker") {
                var state = makeState()
                while let (index, job) = shared.claim() {
                    shared.finish(index, work(&state, job))
                }
            }
        }
        var index = 0
        while let output = shared.wait(for: index) {
            guard consume(output) else {
                shared.cancel()
                return
            }
            index += 1
        }
    }

    private final class Shared<Jobs: IteratorProtocol, Output: Sendable>: @unchecked Sendable {
        // Sendable: the results and counters are guarded by `lock`, the
        // iterator by `input`. Reading the next job holds only `input`, so a
        // slow list on standard input never holds up finished output.
        private let lock = Lock()
        private let input = Lock()
        private var jobs: Jobs
        private var nextIndex = 0
        private var inputDone = false
        private let window: Int
        private var results: [Int: Output] = [:]
        private var reserved = 0
        private var consumed = 0
        private var total: Int?
        private var cancelled = false

        init(jobs: Jobs, window: Int) {
            self.jobs = jobs
            self.window = window
        }

        /// The next job and its index, waiting while the workers are a full
        /// window ahead; nil when there are no more.
        func claim() -> (Int, Jobs.Element)? {
            let stop = lock.withLock {
                while !cancelled && total == nil && reserved - consumed >= window { lock.wait() }
                let stop = cancelled || total != nil
                if !stop { reserved += 1 }
                return stop
            }
            if stop { return nil }

            // The index is taken with the job, under one lock, so that job
            // order is input order.
            let (index, job) = input.withLock { () -> (Int, Jobs.Element?) in
                let index = nextIndex
                let job = inputDone ? nil : jobs.next()
                if job == nil { inputDone = true } else { nextIndex += 1 }
                return (index, job)
            }
            guard let job else {
                lock.withLock {
                    total = index
                    lock.broadcast()
                }
                return nil
            }
            return (index, job)
        }

        func finish(_ index: Int, _ output: Output) {
            lock.withLock {
                results[index] = output
                lock.broadcast()
            }
        }

        /// The output of job `index` once it is done, or nil past the last job.
        func wait(for index: Int) -> Output? {
            lock.withLock {
                while results[index] == nil && !(total.map { index >= $0 } ?? false) { lock.wait() }
                guard let output = results.removeValue(forKey: index) else { return nil }
                consumed += 1
                lock.broadcast()
                return output
            }
        }

        func cancel() {
            lock.withLock {
                cancelled = true
                lock.broadcast()
            }
        }
    }
}
