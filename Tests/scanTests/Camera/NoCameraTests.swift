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

    /// A directory or a node that is not V4L2 is said to be no video
    /// device, in one line of ours (libv4l2 printed its own first).
    @Test(arguments: [("/tmp", "/tmp (a directory, not a device) is not a video capture device"),
                      ("/dev/null", "/dev/null (not a V4L2 device) is not a video capture device")])
    func aPathThatIsNoVideoDeviceIsSaidToBeNone(path: String, message: String) throws {
        let result = try ScanCommand.run(["--device", path, "--oneshot"])
        #expect(result.status == 1)
        #expect(result.stderr == "scan: \(message) with streaming I/O; choose another with --device\n", "\(result.stderr)")
    }

    /// Listing cameras where there is none advises connecting one, not
    /// scanning a FILE, which has nothing to do with listing.
    @Test(.enabled(if: !hasVideoNodes, "this machine has /dev/video* nodes"))
    func listingNoCameraAdvisesConnectingOne() throws {
        for listing in ["--list-devices", "--list-formats"] {
            let result = try ScanCommand.run([listing])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("scan: no camera found: /dev/video* does not exist; connect a camera;"), "\(result.stderr)")
            #expect(!result.stderr.contains("FILE"), "\(result.stderr)")
        }
    }

    @Test func aMissingRecordingSaysWhatInputTakes() throws {
        let result = try ScanCommand.run(["--input", "missing.mjpeg"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("scan: missing.mjpeg: No such file or directory; check the path: --input replays"), "\(result.stderr)")
    }
}
