import Foundation
import ScannerTestSupport

/// Runs the built `scan` with standard input from a path (a device, a
/// directory, a file) and reports how long it took and its peak memory, from
/// the kernel's accounting of that one child. A run that hangs is killed
/// after `limit` seconds, so a regression fails instead of stalling the suite.
struct BoundedRun {
    let status: Int32
    let stdout: String
    let stderr: String
    /// Wall-clock time; on a loaded machine it says more about the others.
    let seconds: Double
    /// User and system CPU time: what the input cost.
    let cpuSeconds: Double
    let peakMegabytes: Int

    init(_ arguments: [String], standardInput: String = "/dev/null", limit: Double = 20) throws {
        let directory = try TemporaryDirectory()
        let out = directory.file("stdout").path, err = directory.file("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([ScanCommand.binary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let clock = ContinuousClock(), started = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, ScanCommand.binary.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        let child = pid
        let watchdog = DispatchWorkItem { kill(child, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        watchdog.cancel()
        seconds = Double((clock.now - started) / .milliseconds(1)) / 1000
        self.status = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        cpuSeconds = [usage.ru_utime, usage.ru_stime].map { Double($0.tv_sec) + Double($0.tv_usec) / 1e6 }.reduce(0, +)
        peakMegabytes = usage.ru_maxrss / 1024
        stdout = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
    }
}
