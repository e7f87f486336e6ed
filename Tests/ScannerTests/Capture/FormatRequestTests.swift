import Testing
@testable import Scanner

/// Format choice over format lists shaped like the ones vivid and UVC
/// webcams report (see scripts/vivid for the real driver).
struct FormatRequestTests {
    static let rates: [Duration] = [.seconds(1) / 30, .seconds(1) / 15]
    static func sizes(_ list: [(Int, Int, [Duration])]) -> CaptureFormat.Sizes {
        .discrete(list.map { FrameSize(width: $0.0, height: $0.1, frameIntervals: $0.2) })
    }

    /// A typical UVC webcam: YUYV is slow at 720p, MJPEG is not.
    static let webcam = [
        CaptureFormat(pixelFormat: .yuyv, name: "YUYV 4:2:2", sizes: sizes([
            (640, 480, rates), (1280, 720, [.seconds(1) / 10]), (1920, 1080, [.seconds(1) / 5]),
        ])),
        CaptureFormat(pixelFormat: .mjpeg, name: "Motion-JPEG", sizes: sizes([
            (640, 480, rates), (1280, 720, rates), (1920, 1080, rates),
        ])),
        CaptureFormat(pixelFormat: .yu12, name: "Planar YUV 4:2:0", isEmulated: true, sizes: sizes([
            (640, 480, rates), (1280, 720, rates), (1920, 1080, rates),
        ])),
    ]

    @Test func automaticPrefersLargestFastSizeUpTo720p() throws {
        let choice = try FormatRequest().choose(from: Self.webcam, path: "/dev/video0")
        #expect(choice.format.pixelFormat == .mjpeg)
        #expect(choice.width == 1280 && choice.height == 720)
        #expect(choice.frameInterval == .seconds(1) / 30)
    }

    @Test func cheaperLumaWinsAtEqualSize() throws {
        let choice = try FormatRequest(width: 640, height: 480).choose(from: Self.webcam, path: "/dev/video0")
        #expect(choice.format.pixelFormat == .yuyv)
    }

    @Test func requestedRateIsMatched() throws {
        let choice = try FormatRequest(width: 640, height: 480, framesPerSecond: 15)
            .choose(from: Self.webcam, path: "/dev/video0")
        #expect(choice.frameInterval == .seconds(1) / 15)
    }

    @Test func requestedPixelFormatIsHonoured() throws {
        let choice = try FormatRequest(pixelFormat: .yuyv).choose(from: Self.webcam, path: "/dev/video0")
        #expect(choice.format.pixelFormat == .yuyv && choice.width == 640)
    }

    @Test func unofferedSizeIsAnErrorListingTheOffers() {
        #expect {
            try FormatRequest(width: 800, height: 600).choose(from: Self.webcam, path: "/dev/video0")
        } throws: { error in
            guard case CaptureError.unsupportedFormat(let path, let reason, let offered) = error else { return false }
            return path == "/dev/video0" && reason.contains("800x600") && offered.count == 3
        }
    }

    @Test func unusableFormatsOnlyIsAClearError() {
        let bayer = [CaptureFormat(pixelFormat: PixelFormat("BA81"), name: "8-bit Bayer", sizes: .unknown)]
        #expect(throws: CaptureError.unsupportedFormat(
            path: "/dev/video2", reason: "no offered format can be turned into luma",
            offered: ["BA81 (8-bit Bayer, unusable): sizes not listed"])) {
            try FormatRequest().choose(from: bayer, path: "/dev/video2")
        }
    }

    @Test func unlistedSizesLeaveTheSizeToTheDriver() throws {
        let hdmi = [CaptureFormat(pixelFormat: .nv12, name: "Y/UV 4:2:0", sizes: .unknown)]
        let choice = try FormatRequest().choose(from: hdmi, path: "/dev/video0")
        #expect(choice.width == 1280 && choice.height == 720 && choice.frameInterval == nil)
    }
}
