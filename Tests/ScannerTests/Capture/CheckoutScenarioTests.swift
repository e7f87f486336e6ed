import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// The checkout scenarios, replayed through a `CaptureSession` from 30 fps
/// recordings of zint-rendered symbols: one `appeared` per presentation.
@Suite struct CheckoutScenarioTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test func itemHeldStillForThreeSecondsIsOneEvent() async throws {
        var clip = RecordingBuilder(noise: 12)
        clip.show(try SessionReplay.item(), frames: 90)
        let events = try await SessionReplay.events(of: try clip.write("held.y4m", in: directory))
        let shown = events.appearances
        try #require(shown.count == 1, "\(events)")
        #expect(shown[0].detection.symbology == .ean13)
        #expect(shown[0].gtin == "0" + SessionReplay.gtin)
        // A clean read on many scan lines confirms a linear code in its first
        // frame: seen and reported in frame 0.
        #expect(shown[0].sequence == 0)
        #expect(shown[0].firstSeen == frameTime(0))
        #expect(shown[0].captureTime == frameTime(0))
    }

    @Test func recordingRunsAtThirtyFramesPerSecond() throws {
        var clip = RecordingBuilder()
        clip.show(try SessionReplay.item(), frames: 2)
        let path = try clip.write("rate.y4m", in: directory)
        let header = try String(decoding: Data(contentsOf: URL(fileURLWithPath: path)).prefix(64), as: UTF8.self)
        #expect(header.hasPrefix("YUV4MPEG2 W640 H360 F30:1 "), "\(header)")
        let reader = try Y4MReader(path: path, realTime: false)
        #expect(reader.frameInterval == .seconds(1) / 30)
        _ = try reader.nextFrame()
        #expect(try reader.nextFrame()?.captureTime == frameTime(1))
    }

    @Test func itemRemovedAndShownAgainIsTwoEvents() async throws {
        var clip = RecordingBuilder()
        let item = try SessionReplay.item()
        clip.show(item, frames: 30)
        clip.showNothing(frames: 20)  // 667 ms, past the 500 ms rearm time
        clip.show(item, frames: 30)
        let shown = try await SessionReplay.events(of: try clip.write("again.y4m", in: directory)).appearances
        #expect(shown.map(\.sequence) == [0, 50])
        #expect(shown.map(\.gtin) == ["0" + SessionReplay.gtin, "0" + SessionReplay.gtin])
        #expect(Set(shown.map(\.trackID)).count == 2)
    }

    @Test func itemLostInTwoSingleFramesIsOneEvent() async throws {
        var clip = RecordingBuilder()
        let item = try SessionReplay.item()
        clip.show(item, frames: 30)
        clip.showNothing(frames: 1)
        clip.show(item, frames: 29)
        clip.showNothing(frames: 1)
        clip.show(item, frames: 29)
        let shown = try await SessionReplay.events(of: try clip.write("flicker.y4m", in: directory)).appearances
        #expect(shown.map(\.sequence) == [0])
    }

    @Test func itemSlidAcrossTheViewIsOneEvent() async throws {
        var clip = RecordingBuilder()
        clip.move(try SessionReplay.item(x: 10, y: 60), toX: 380, y: 160, frames: 60)
        let shown = try await SessionReplay.events(of: try clip.write("slide.y4m", in: directory)).appearances
        #expect(shown.count == 1)
        #expect(shown.first?.gtin == "0" + SessionReplay.gtin)
    }

    @Test func twoIdenticalCodesSideBySideAreTwoEvents() async throws {
        var clip = RecordingBuilder()
        let item = try SessionReplay.item(x: 40)
        clip.show([item, item.at(x: 360, y: 120)], frames: 45)
        let shown = try await SessionReplay.events(of: try clip.write("pair.y4m", in: directory)).appearances
        try #require(shown.count == 2)
        #expect(shown.allSatisfy { $0.gtin == "0" + SessionReplay.gtin })
        #expect(shown[0].trackID != shown[1].trackID)
        let centres = shown.map(\.detection.center.x).sorted()
        #expect(centres[0] < 320 && centres[1] > 320, "one on each side: \(centres)")
    }

    /// zint refuses a wrong check digit, so both symbols are drawn from the
    /// EAN tables; the correct one shows the drawing decodes.
    @Test(arguments: [("5012345678900", 1), ("5012345678901", 0)])
    func checkDigitDecidesWhetherAnItemIsReported(digits: String, expected: Int) async throws {
        let symbol = try #require(EAN13Bars.render(digits))
        var clip = RecordingBuilder()
        clip.show(RecordingBuilder.Placement(symbol, x: 200, y: 120), frames: 30)
        let shown = try await SessionReplay.events(of: try clip.write("check.y4m", in: directory)).appearances
        #expect(shown.count == expected, "\(digits): \(shown)")
        #expect(shown.allSatisfy { $0.detection.text == digits })
    }

    /// A misread in one frame: between frames that show the item, one frame
    /// in which the decoder reads another valid EAN-13 at the item's place
    /// on a single scan line (a two-pixel strip of it), as a misread on one
    /// line looks to the tracker. Only the item is reported, never the
    /// wrong payload.
    @Test func oneFramesWrongReadOfALinearCodeIsNeverReported() async throws {
        let item = try ZintRenderer.render(.ean13, .text(SessionReplay.gtin), moduleSize: 2).frame
        let other = try ZintRenderer.render(.ean13, .text("400638133393"), moduleSize: 2).frame
        let strip = other.cropped(to: PixelRect(x: 0, y: other.height / 3, width: other.width, height: 2))
        var glitch = RecordingBuilder()
        glitch.show(RecordingBuilder.Placement(Frame(width: strip.width, height: 2, pixels: strip.packedPixels), x: 200, y: 150), frames: 1)
        // zbar reads the wrong payload in that frame; our linear decoder,
        // which the frame's two lines give no second independent line, does not.
        let misread = BarcodeReader(configuration: DecoderConfiguration(effort: .fast)).read(glitch.frame(0)).detections
        #expect(misread.allSatisfy { $0.text == "4006381333931" })
        var clip = RecordingBuilder()
        clip.show(RecordingBuilder.Placement(item, x: 200, y: 120), frames: 10)
        clip.show(RecordingBuilder.Placement(Frame(width: strip.width, height: 2, pixels: strip.packedPixels), x: 200, y: 150), frames: 1)
        clip.show(RecordingBuilder.Placement(item, x: 200, y: 120), frames: 10)
        let shown = try await SessionReplay.events(of: try clip.write("glitch.y4m", in: directory)).appearances
        #expect(shown.map(\.detection.text) == [SessionReplay.gtin], "\(shown.map(\.detection.text))")
    }

    /// Confirmation counts evidence, the scan lines of one frame up to the
    /// number asked: a one-frame glimpse read on many lines is confirmed,
    /// one that would need a thousand pieces of evidence is not.
    @Test(arguments: [(2, 1), (1000, 0)])
    func codeSeenInOneFrameIsConfirmedByItsScanLines(confirm: Int, expected: Int) async throws {
        var clip = RecordingBuilder()
        clip.showNothing(frames: 10)
        clip.show(try SessionReplay.item(), frames: 1)
        clip.showNothing(frames: 10)
        let events = try await SessionReplay.events(
            of: try clip.write("glimpse.y4m", in: directory),
            configuration: SessionReplay.tracker(.default, confirm: confirm))
        #expect(events.appearances.map(\.sequence) == Array(repeating: 10, count: expected))
    }
}
