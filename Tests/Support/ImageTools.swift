import Foundation
import Scanner

/// Makes test images in other formats with the tools made for them: netpbm
/// (`pnmtotiff`, `pamtogif`, `ppmtobmp`), libtiff's `tiffcp`, `tiffset` and
/// `tiff2pdf`, and `gifsicle`, all from Debian (see scripts/setup).
public enum ImageTools {
    /// A tool that failed, with what it said.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `command` with `/bin/sh` in `directory`; throws with its
    /// standard error when it fails.
    public static func shell(_ command: String, in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "`\(command)` failed (\(process.terminationStatus)): " + String(decoding: message, as: UTF8.self))
        }
    }

    /// A binary PGM of `frame`: the input every netpbm converter takes.
    public static func pgm(_ frame: Frame) -> Data {
        Data("P5\n\(frame.width) \(frame.height)\n255\n".utf8) + Data(frame.packedPixels)
    }

    /// Writes `frame` as `name.pgm` in `directory` and returns the file name.
    @discardableResult
    public static func writePGM(_ frame: Frame, named name: String, in directory: URL) throws -> String {
        try pgm(frame).write(to: directory.appendingPathComponent(name + ".pgm"))
        return name + ".pgm"
    }

    /// A white frame with nothing on it.
    public static func blank(width: Int = 200, height: Int = 200) -> Frame {
        Frame(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height))
    }
}
