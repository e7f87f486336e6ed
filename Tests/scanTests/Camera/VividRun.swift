import Foundation
import Scanner
import ScannerTestSupport

/// One boot of the vivid test VM (scripts/vivid/run) that runs every camera
/// scenario of `VividCameraTests` in sequence: booting costs ~10 s under
/// emulation, so the tests share this single run and judge its results.
///
/// `boot` serves other guest scripts too (VividPreviewTests). The share
/// (.build/vivid-tests, replaced on each run and kept afterwards for a look
/// at failures) holds the `scan` under test, the frames to show
/// the camera, and what scripts/vivid/scenarios.sh leaves in `results/`:
/// NAME.out, NAME.err and NAME.rc for each scenario.
struct VividRun: Sendable {
    let share: URL

    /// The run, started by the first test that asks; the others wait for it.
    static let shared = Task<VividRun, any Error> { try await VividRun.boot() }

    /// `SCAN_SKIP_VIVID=1` skips the VM for a quick local run; without it, a
    /// VM that cannot run fails the tests.
    static let skipped = ProcessInfo.processInfo.environment["SCAN_SKIP_VIVID"] == "1"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What one command of the guest script did.
    struct Result: Sendable, CustomStringConvertible {
        let name: String
        let status: Int32
        let stdout: String
        let stderr: String

        var lines: [String] { stdout.split(separator: "\n").map(String.init) }

        /// Each stdout line as a JSON object; throws on any line that is not one.
        func records() throws -> [[String: Any]] {
            try lines.map { line in
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                    throw Failure(description: "\(name): not a JSON object: \(line)")
                }
                return object
            }
        }

        /// The `appeared` events' texts, in order.
        func appearedTexts() throws -> [String] {
            try records().filter { $0["event"] as? String == "appeared" }.compactMap { $0["text"] as? String }
        }

        var description: String { "\(name): exit \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
    }

    func result(_ name: String) throws -> Result {
        let base = share.appendingPathComponent("results/\(name)")
        func read(_ suffix: String) throws -> String {
            do {
                return try String(contentsOf: base.appendingPathExtension(suffix), encoding: .utf8)
            } catch {
                throw Failure(description: "scenario \(name) left no .\(suffix) (see \(share.path)/console.log)")
            }
        }
        let code = try read("rc").trimmingCharacters(in: .whitespacesAndNewlines)
        guard let status = Int32(code) else { throw Failure(description: "\(name): exit code '\(code)'") }
        return Result(name: name, status: status, stdout: try read("out"), stderr: try read("err"))
    }

    /// A file the guest script wrote in results/.
    func file(_ name: String) -> URL { share.appendingPathComponent("results/\(name)") }

    /// The camera scenarios' share: every frame, `scan`, and the programs
    /// embedding the library.
    private static func boot() async throws -> VividRun {
        try await boot("scenarios.sh", share: "vivid-tests", binaries: .copied) { share in
            let files = FileManager.default
            // The guest drops to an unprivileged user for the permission
            // scenario, which must still reach ./scan through the share.
            try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: share.path)
            for scene in CameraScene.formats {
                try Data(RawFrameWriter.bytes(of: scene.render().frame, as: scene.format))
                    .write(to: share.appendingPathComponent("frames/\(scene.fileName)"))
            }
            for (name, scene) in [("before.grey", CameraScene.before), ("after.grey", CameraScene.after), ("product.grey", CameraScene.product)] {
                try Data(scene.render().frame.packedPixels).write(to: share.appendingPathComponent("frames/\(name)"))
            }
            let built = ScanCommand.binary.deletingLastPathComponent()
            // The checkout sample, which embeds the library, runs there too.
            try files.copyItem(at: built.appendingPathComponent("checkout"), to: share.appendingPathComponent("checkout"))
            try files.copyItem(
                at: ScanCommand.packageRoot.appendingPathComponent("Samples/Checkout/prices.csv"),
                to: share.appendingPathComponent("prices.csv"))
            // start, stop, start on one session (Tests/SessionRestart).
            try files.copyItem(at: built.appendingPathComponent("session-restart"), to: share.appendingPathComponent("session-restart"))
        }
    }

    /// How the guest runs `scan`: with its libraries copied into the VM, or
    /// on the host's own userspace (`run --host-system`, for programs such
    /// as Xvfb that bring many files).
    enum Binaries {
        case copied, hostSystem
    }

    /// Boots the VM on scripts/vivid/`script` with a fresh share,
    /// .build/`name`, holding `scan`, an empty frames/, and what `prepare`
    /// adds. One VM at a time: two emulated machines on the same cores
    /// slow each other past their time limit.
    static func boot(
        _ script: String, share name: String, binaries: Binaries, prepare: @escaping @Sendable (URL) throws -> Void
    ) async throws -> VividRun {
        try await turns.next {
            let root = ScanCommand.packageRoot
            let share = root.appendingPathComponent(".build/\(name)")
            let files = FileManager.default
            try? files.removeItem(at: share)
            try files.createDirectory(at: share.appendingPathComponent("frames"), withIntermediateDirectories: true)
            let scan = share.appendingPathComponent("scan")
            try files.copyItem(at: ScanCommand.binary, to: scan)
            try prepare(share)

            let process = Process()
            process.executableURL = root.appendingPathComponent("scripts/vivid/run")
            // Each program copied in brings its own libraries: the samples
            // that embed the library import full Foundation, which scan does not.
            let programs = [scan] + ["checkout", "session-restart"].map { share.appendingPathComponent($0) }
                .filter { files.fileExists(atPath: $0.path) }
            let libraries = binaries == .copied ? programs.flatMap { ["--libs-for", $0.path] } : ["--host-system", scan.path]
            process.arguments = libraries + [root.appendingPathComponent("scripts/vivid/\(script)").path, share.path]
            var environment = ProcessInfo.processInfo.environment
            environment["VIVID_TIMEOUT"] = environment["VIVID_TIMEOUT"] ?? "420"
            process.environment = environment
            let console = share.appendingPathComponent("console.log")
            _ = files.createFile(atPath: console.path, contents: nil)
            let log = try FileHandle(forWritingTo: console)
            process.standardOutput = log
            process.standardError = log
            process.standardInput = FileHandle.nullDevice
            // Wait without holding a thread of the test pool.
            let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
                process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
                do { try process.run() } catch { continuation.resume(throwing: error) }
            }
            try? log.close()
            guard status == 0 else {
                let tail = (try? String(contentsOf: console, encoding: .utf8))?.split(separator: "\n").suffix(30).joined(separator: "\n") ?? ""
                throw Failure(description: """
                    the vivid VM failed on \(script) (scripts/vivid/run exit \(status)); the camera tests need it \
                    (SCAN_SETUP_VM=1 scripts/setup installs it; SCAN_SKIP_VIVID=1 skips them). Console:
                    \(tail)
                    """)
            }
            return VividRun(share: share)
        }
    }

    private static let turns = Turns()

    /// Runs jobs one after another, in the order asked.
    private actor Turns {
        private var last: Task<Void, Never>?

        func next<T: Sendable>(_ job: @escaping @Sendable () async throws -> T) async throws -> T {
            let previous = last
            let task = Task {
                await previous?.value
                return try await job()
            }
            last = Task { _ = try? await task.value }
            return try await task.value
        }
    }
}
