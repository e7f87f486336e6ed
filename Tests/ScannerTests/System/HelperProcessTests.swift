import Foundation
import Glibc
import Testing
@testable import Scanner

/// The helper process and its pool, with stand-ins for a helper that
/// answers (cat echoes each request back, which is a well-formed reply),
/// hangs, aborts or exits. These tests run in the test process itself: a
/// helper's abort that escaped would end the whole run.
@Suite struct HelperProcessTests {
    /// A stand-in helper; `name` (its argv[0]) finds its processes and keeps
    /// each test's pool apart from the others'.
    static func shell(_ name: String, _ script: String) -> HelperProcess.Program {
        HelperProcess.Program(path: "/bin/sh", arguments: [name, "-c", script])
    }

    static func echo(_ name: String) -> HelperProcess.Program {
        HelperProcess.Program(path: "/bin/cat", arguments: [name])
    }

    static func exchange(_ request: [UInt8], with program: HelperProcess.Program, timeout: Duration? = .seconds(10)) -> Result<[UInt8], HelperProcess.Failure> {
        request.withUnsafeBytes { HelperPool.exchange([$0], with: program, timeout: timeout) }
    }

    /// The children of `parent` (this process) whose argv[0] is `name`, by pid.
    static func children(named name: String, of parent: Int32 = getpid()) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")"),
                  let command = try? String(contentsOfFile: "/proc/\(entry)/cmdline", encoding: .utf8)
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[1]) == parent && command.split(separator: "\0").first.map(String.init) == name ? pid : nil
        }
    }

    /// A helper answers, is kept, and answers the next request: one process
    /// for both. A request larger than the pipes goes through too.
    @Test func anAnsweredHelperIsKeptForTheNextRequest() throws {
        let program = Self.echo("helper-test-reuse")
        #expect(try Self.exchange([1, 2, 3], with: program).get() == [1, 2, 3])
        #expect(HelperPool.idleCount(of: program) == 1)
        let first = Self.children(named: "helper-test-reuse")
        let large = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        #expect(try Self.exchange(large, with: program).get() == large)
        #expect(try Self.exchange([], with: program).get() == [])
        #expect(first.count == 1 && Self.children(named: "helper-test-reuse") == first)
        #expect(HelperPool.idleCount(of: program) == 1)
    }

    /// A helper that never answers is killed at the deadline, counted from
    /// the request, and reaped: nothing of it is left, not even a zombie.
    @Test func aHangingHelperIsKilledAtTheDeadlineAndReaped() throws {
        let program = HelperProcess.Program(path: "/bin/sleep", arguments: ["helper-test-hang", "60"])
        let clock = ContinuousClock(), started = clock.now
        let outcome = Self.exchange([1, 2, 3], with: program, timeout: .milliseconds(300))
        let waited = clock.now - started
        #expect(outcome == .failure(.timedOut(.milliseconds(300))))
        #expect(waited >= .milliseconds(300) && waited < .seconds(5), "\(waited)")
        #expect(Self.children(named: "helper-test-hang").isEmpty)
        #expect(HelperPool.idleCount(of: program) == 0)

        let helper = try HelperProcess.start(program)
        #expect(helper.exchange([], until: clock.now + .milliseconds(50)).failure == .timedOut)
        let status = helper.end(killing: true)
        #expect(status & 0x7F == SIGKILL)
        // A zombie would still take signal 0.
        #expect(kill(helper.pid, 0) == -1 && errno == ESRCH)
        if case .failure(let failure) = outcome { #expect(failure.description.contains("did not answer within 0.3 seconds")) }
    }

    /// A helper that aborts (as zxing 1.4 does) or exits without an answer
    /// costs one request; the next gets a new helper.
    @Test(arguments: [("helper-test-crash", "head -c 8 >/dev/null; kill -ABRT $$", "aborted on this image (signal 6)"),
                      ("helper-test-exit", "exit 0", "ended without an answer"),
                      ("helper-test-nonsense", "head -c 11 >/dev/null; printf '\\377\\377\\377\\377\\377\\377\\377\\377'; sleep 60", "ended without an answer")])
    func aDyingHelperCostsOneRequest(name: String, script: String, expected: String) throws {
        let outcome = Self.exchange([1, 2, 3], with: Self.shell(name, script))
        guard case .failure(.died(let how)) = outcome else {
            Issue.record("\(name): \(outcome)")
            return
        }
        #expect(how.contains(expected), "\(name): \(how)")
        #expect(Self.children(named: name).isEmpty)
        #expect(try Self.exchange([4], with: Self.echo("helper-test-after-\(name)")).get() == [4])
    }

    /// An idle helper that died while it waited never took the request,
    /// which goes to a new helper.
    @Test func aRequestAnIdleHelperNeverTookGoesToANewOne() throws {
        let program = Self.echo("helper-test-idle-death")
        #expect(try Self.exchange([1], with: program).get() == [1])
        let idle = try #require(Self.children(named: "helper-test-idle-death").first)
        kill(idle, SIGKILL)
        // Dead, not yet reaped: a zombie, its pipe ends closed.
        for _ in 0..<200 where !((try? String(contentsOfFile: "/proc/\(idle)/stat", encoding: .utf8))?.contains(") Z ") ?? true) {
            usleep(10_000)
        }
        #expect(try Self.exchange([2], with: program).get() == [2])
        #expect(Self.children(named: "helper-test-idle-death").count == 1)
    }

    /// No program, no helper: the failure says so and nothing is left.
    @Test func aMissingProgramIsUnavailable() {
        let outcome = Self.exchange([1], with: HelperProcess.Program(path: "/nonexistent/helper", arguments: ["helper-test-missing"]))
        guard case .failure(.unavailable(let why)) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(why.contains("/nonexistent/helper"))
    }

    /// A helper holds its standard input, output and error and nothing
    /// else: not a descriptor this process opened without O_CLOEXEC.
    @Test func aHelperHoldsOnlyItsOwnPipes() throws {
        let leaky = open("/dev/null", O_RDONLY)
        defer { close(leaky) }
        #expect(leaky > 2)
        let program = Self.echo("helper-test-descriptors")
        #expect(try Self.exchange([1], with: program).get() == [1])
        let helper = try #require(Self.children(named: "helper-test-descriptors").first)
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(helper)/fd")
        #expect(descriptors.sorted() == ["0", "1", "2"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(helper)/fd/2") == "/dev/null")
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
