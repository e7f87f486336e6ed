import Foundation

/// A table derived from zint's renders by a committed script: what the script prints now must
/// be the committed source file, byte for byte.
public enum DerivedTable {
    /// The script's output and the committed file, both relative to the package root, and the
    /// script's exit status.
    public static func derive(script: String, committed: String) throws -> (derived: Data, committed: Data, status: Int32) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let process = Process()
        process.executableURL = root.appendingPathComponent(script)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let derived = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (derived, try Data(contentsOf: root.appendingPathComponent(committed)), process.terminationStatus)
    }
}
