import Foundation
import ScannerTestSupport
import Testing

/// `scan`'s camera errors on this machine, which has no camera at all: the
/// messages must name the device (or option) and say what to do.
@Suite struct NoCameraTests {
    static var hasVideoNodes: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []).contains { $0.hasPrefix("video") }
    }

    @Test func aMissingDeviceIsNamedWithTheWayToListCameras() throws {
        try #require(!FileManager.default.fileExists(atPath: "/dev/video9"))
        let result = try ScanCommand.run(["--device", "/dev/video9", "--oneshot"])
        #expect(result.status == 1)
        #expect(result.stderr == "scan: /dev/video9: no such device; list cameras with --list-devices\n")
        #expect(result.stdout.isEmpty)
    }

    @Test(.enabled(if: !hasVideoNodes, "this machine has /dev/video* nodes"))
    func noCameraAtAllSaysToConnectOneOrPassAFile() throws {
        let result = try ScanCommand.run(["--oneshot"])
        #expect(result.status == 1)
        #expect(result.stderr == "scan: no camera found: /dev/video* does not exist; connect a camera or pass FILE\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aPixelFormatMustBeAFourCharacterCode() throws {
        let result = try ScanCommand.run(["--pixel-format", "YUYV2", "--oneshot"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("scan: invalid pixel format 'YUYV2': use a four-character code such as YUYV"))
    }

    /// A focus or exposure the camera could never take is a usage error at
    /// once, before any camera is looked for, not a warning once one opens.
    @Test(arguments: ["--focus", "--exposure"])
    func aFocusOrExposureIsAutoOrANumber(option: String) throws {
        let result = try ScanCommand.run([option, "near", "--device", "/dev/video9", "--oneshot"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("scan: \(option) takes auto or a whole number, not 'near'"))
    }
}
