import Foundation
import Scanner

/// Runs the built `scan` binary, as a user would, for end-to-end tests.
public enum ScanCommand {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        public var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    }

    /// The package root, found from this file's location.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `scan` sits beside the test bundle in the build products directory.
    public static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("scan")
    }

    /// Makes the built `scan` the helper of this test process's reads that
    /// need one (`ReadHelper`): the test runner cannot serve them itself.
    public static func serveReadsFromScan() {
        ReadHelper.use(executable: binary.path)
    }

    /// Runs `scan arguments` (or another `executable`) with `input` on
    /// standard input, in `directory`, with `environment` (default: this
    /// process's).
    public static func run(
        _ arguments: [String], input: Data? = nil, in directory: URL? = nil, executable: URL? = nil,
        environment: [String: String]? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.currentDirectoryURL = directory ?? packageRoot
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        // Read both pipes concurrently so a chatty child never blocks on a full pipe.
        let errorData = LockedData()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        if let input { stdin.fileHandleForWriting.write(input) }
        try? stdin.fileHandleForWriting.close()
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errorData.get(), as: UTF8.self))
    }

    private final class LockedData: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ value: Data) { lock.withLock { data = value } }
        func get() -> Data { lock.withLock { data } }
    }
}

/// A scratch directory removed when the value is released.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("scan-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
