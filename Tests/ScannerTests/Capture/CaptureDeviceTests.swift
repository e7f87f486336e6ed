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

    /// Library errors carry data and say what happened; advice in terms of
    /// a program's options (`--device`, `--size`) is the program's to add.
    @Test func messagesSayWhatHappenedWithoutCommandLineAdvice() {
        #expect(CaptureError.noCamera.description == "no camera found: /dev/video* does not exist")
        #expect(CaptureError.notACaptureDevice(path: "/dev/video1", card: "vivid").description
            == "/dev/video1 (vivid) is not a video capture device with streaming I/O")
        #expect(!CaptureError.systemCall(path: "/dev/video0", operation: "VIDIOC_S_FMT", errno: 22).description.contains("--"))
        #expect(CaptureError.permissionDenied(path: "/dev/video0").description.contains("video group"))
        #expect(CaptureError.deviceLost(path: "/dev/video0", errno: 19).description.contains("/dev/video0"))
        #expect(CaptureError.tooFewBuffers(path: "/dev/video0", granted: 1).description
            == "/dev/video0: the driver granted 1 capture buffer and streaming needs 2; another program may hold the camera's memory: close it and retry")
    }

    @Test func controlNamesAreNormalisedLikeV4L2Ctl() {
        #expect(CameraControl.normalise("Focus, Absolute") == "focus_absolute")
        #expect(CameraControl.normalise("White Balance Temperature, Auto") == "white_balance_temperature_auto")
        #expect(CameraControl.normalise("Integer 32 Bits") == "integer_32_bits")
        #expect(CameraControl.normalise("Limited RGB Range (16-235)") == "limited_rgb_range_16_235")
    }
}
