import Testing
@testable import Scanner

/// Real libv4l2 calls on nodes every Linux host has. Streaming from a real
/// driver is tested in the vivid VM (scripts/vivid).
struct CaptureDeviceTests {
    @Test func missingNodeIsNamed() {
        #expect(throws: CaptureError.noSuchDevice(path: "/dev/video-missing")) {
            try CaptureDevice(path: "/dev/video-missing")
        }
    }

    @Test func nonVideoNodeIsRejected() {
        #expect(throws: CaptureError.notACaptureDevice(path: "/dev/null", card: "not a V4L2 device")) {
            try CaptureDevice(path: "/dev/null")
        }
    }

    @Test func messagesSayWhatToDo() {
        #expect(CaptureError.noCamera.description
            == "no camera found: /dev/video* does not exist; connect a camera or pass FILE")
        #expect(CaptureError.permissionDenied(path: "/dev/video0").description.contains("video group"))
        #expect(CaptureError.deviceLost(path: "/dev/video0", errno: 19).description.contains("/dev/video0"))
    }

    @Test func controlNamesAreNormalisedLikeV4L2Ctl() {
        #expect(CameraControl.normalise("Focus, Absolute") == "focus_absolute")
        #expect(CameraControl.normalise("White Balance Temperature, Auto") == "white_balance_temperature_auto")
        #expect(CameraControl.normalise("Integer 32 Bits") == "integer_32_bits")
        #expect(CameraControl.normalise("Limited RGB Range (16-235)") == "limited_rgb_range_16_235")
    }
}
