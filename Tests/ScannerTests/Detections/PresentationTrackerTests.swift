import Foundation
import Testing
@testable import Scanner

// Synthetic detections at 30 fps: the tracker is pure logic over detections
// and capture times, so no image or decoder is involved.

private let ean = "4006381333931"

/// The capture time of frame `index` of a 30 fps stream.
private func time(_ index: Int) -> Duration { .nanoseconds(Int64(index) * 1_000_000_000 / 30) }

private func symbol(
    _ symbology: Symbology, _ text: String, x: Double = 320, y: Double = 240, width: Double = 200,
    height: Double = 100
) -> Detection {
    let (left, top, right, bottom) = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
    return Detection(
        symbology: symbology, bytes: Array(text.utf8), text: text,
        corners: [Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom)],
        engine: .zbar)
}

private func qr(_ text: String = "https://example.com", x: Double = 320) -> Detection {
    symbol(.qr, text, x: x, width: 150, height: 150)
}

/// Feeds one frame per element, frame `i` captured at `time(i)`, then
/// finishes the stream; returns every event.
private func run(_ frames: [[Detection]], _ configuration: TrackerConfiguration = TrackerConfiguration()) -> [DetectionEvent] {
    var tracker = PresentationTracker(configuration: configuration)
    return feed(frames, to: &tracker) + tracker.finish()
}

private func feed(_ frames: [[Detection]], to tracker: inout PresentationTracker, from start: Int = 0) -> [DetectionEvent] {
    frames.enumerated().flatMap { offset, detections in
        tracker.update(frameDetections: detections, sequence: UInt64(start + offset), captureTime: time(start + offset))
    }
}

private func repeated(_ detections: [Detection], _ count: Int) -> [[Detection]] {
    Array(repeating: detections, count: count)
}

private func appearances(_ events: [DetectionEvent]) -> [DetectionEvent.Appearance] {
    events.compactMap { if case .appeared(let appearance) = $0 { appearance } else { nil } }
}

private func departures(_ events: [DetectionEvent]) -> [DetectionEvent.Departure] {
    events.compactMap { if case .left(let departure) = $0 { departure } else { nil } }
}

@Test func itemHeldStillForThreeSecondsIsOneEvent() throws {
    let shown = appearances(run(repeated([symbol(.ean13, ean)], 90)))
    try #require(shown.count == 1)
    // Confirmed by the second frame; first seen in the first.
    #expect(shown[0].sequence == 1)
    #expect(shown[0].captureTime == time(1))
    #expect(shown[0].firstSeen == time(0))
    #expect(shown[0].sinceFirstSeen == time(1))
    #expect(shown[0].gtin == "0" + ean)
    #expect(shown[0].detection.corners.count == 4)
}

@Test func itemShownAgainAfterRearmIsTwoEvents() {
    let item = [symbol(.ean13, ean)]
    // 20 empty frames are 667 ms out of view, more than the 500 ms rearm.
    let twice = repeated(item, 30) + repeated([], 20) + repeated(item, 30)
    #expect(appearances(run(twice)).map(\.sequence) == [1, 51])
    // 12 empty frames (400 ms) are within the rearm: still one presentation.
    let once = repeated(item, 30) + repeated([], 12) + repeated(item, 30)
    #expect(appearances(run(once)).count == 1)
}

@Test func singleDroppedFramesDoNotSplitAPresentation() {
    var frames = repeated([symbol(.ean13, ean)], 90)
    frames[30] = []
    frames[60] = []
    #expect(appearances(run(frames)).count == 1)
}

@Test func twoIdenticalCodesSideBySideAreTwoItems() {
    let pair = [symbol(.ean13, ean, x: 200), symbol(.ean13, ean, x: 420)]
    let events = run(repeated(pair, 60), TrackerConfiguration(reportsLeft: true))
    let shown = appearances(events)
    #expect(shown.count == 2)
    #expect(Set(shown.map(\.trackID)).count == 2)
    #expect(Set(shown.map(\.detection.center.x)) == [200, 420])
    #expect(Set(departures(events).map(\.trackID)) == Set(shown.map(\.trackID)))
}

@Test func identicalCodesStackedAreTwoItems() {
    let pair = [symbol(.ean13, ean, y: 100), symbol(.ean13, ean, y: 220)]
    #expect(appearances(run(repeated(pair, 30))).count == 2)
}

@Test func wrongCheckDigitIsNeverReported() {
    let bad = [symbol(.ean13, "4006381333932")]
    #expect(run(repeated(bad, 90)).isEmpty)
    let eager = TrackerConfiguration(policy: .everyFrame, confirmLinear: 1, reportsLeft: true)
    #expect(run(repeated(bad, 90), eager).isEmpty)
}

@Test func wrongCheckDigitDoesNotCountTowardsConfirmation() {
    // One good read between bad ones never reaches two confirmations.
    let frames = [[symbol(.ean13, ean)], [symbol(.ean13, "4006381333932")], [symbol(.ean13, "4006381333932")]]
    #expect(run(frames).isEmpty)
}

@Test func linearCodeSeenInOneFrameIsNotReported() {
    #expect(run([[symbol(.code128, "ABC-123")]] + repeated([], 30)).isEmpty)
    #expect(run([[symbol(.ean13, ean)]] + repeated([], 30)).isEmpty)
}

/// A clearly printed code, read on many scan lines of one frame, is
/// confirmed by that frame alone.
@Test func linearCodeReadOnManyLinesIsReportedFromItsFirstFrame() throws {
    var clear = symbol(.ean13, ean)
    clear.evidence = 12
    let shown = appearances(run([[clear]] + repeated([], 30)))
    try #require(shown.count == 1)
    #expect(shown[0].sequence == 0)
}

/// One frame's wrong read of a 1D code, on a single line, among frames that
/// read it right on many: the wrong payload is never reported.
@Test func aOneLineMisreadInOneFrameIsNeverReported() {
    var right = symbol(.ean13, ean), wrong = symbol(.ean13, "4006381333948")
    right.evidence = 9
    let frames = [[wrong], [right], [wrong], [right], [right]]
    let shown = appearances(run(frames + repeated([], 30)))
    #expect(shown.map(\.detection.text) == [ean])
    #expect(appearances(run([[wrong]] + repeated([], 30))).isEmpty)
}

@Test func secondReadOfTheSameSymbolInOneFrameIsNotASecondItemNorASecondVote() {
    // Two engines or scales read one symbol with slightly different boxes.
    let reads = [symbol(.ean13, ean, x: 320, width: 200), symbol(.ean13, ean, x: 326, width: 190)]
    #expect(run([reads]).isEmpty)
    #expect(appearances(run(repeated(reads, 30))).count == 1)
}

@Test func majorityVoteDecidesDisagreeingLinearReads() throws {
    let frames = ["A-100", "B-100", "A-100", "A-100"].map { [symbol(.code128, $0)] }
    let shown = appearances(run(frames + repeated([], 30)))
    try #require(shown.count == 1)
    #expect(shown[0].detection.text == "A-100")
    #expect(shown[0].sequence == 2)
    #expect(shown[0].firstSeen == time(0))
}

@Test func tiedLinearReadsAreNotReported() {
    // Two engines disagree about one symbol in every frame: both payloads
    // are confirmed, neither leads.
    let frames = repeated([symbol(.code128, "A-100"), symbol(.code128, "B-100", x: 322)], 30)
    #expect(run(frames).isEmpty)
}

@Test func nextItemAtTheSameSpotIsReportedWithoutAGap() {
    // A fast cashier passes a second item over the same spot.
    let frames = repeated([symbol(.code128, "A-100")], 30) + repeated([symbol(.code128, "B-200")], 30)
    let events = run(frames, TrackerConfiguration(reportsLeft: true))
    let shown = appearances(events)
    #expect(shown.map(\.detection.text) == ["A-100", "B-200"])
    #expect(shown.map(\.firstSeen) == [time(0), time(30)])
    #expect(shown.last?.sequence == 32)
    let left = departures(events)
    #expect(left.map(\.detection.text) == ["A-100", "B-200"])
    #expect(left.first?.lastSeen == time(29))
    // The first item leaves before the second is reported.
    #expect(events.firstIndex { if case .left = $0 { true } else { false } } == 1)
}

@Test func qrCodeIsReportedInItsFirstFrame() throws {
    let shown = appearances(run(repeated([qr()], 10)))
    try #require(shown.count == 1)
    #expect(shown[0].sequence == 0)
    #expect(shown[0].captureTime == shown[0].firstSeen)
    #expect(shown[0].gtin == nil)
}

@Test func confirmationIsConfigurablePerKind() {
    let strict = TrackerConfiguration(confirmLinear: 3, confirmMatrix: 2)
    #expect(appearances(run(repeated([symbol(.ean13, ean)], 10), strict)).map(\.sequence) == [2])
    #expect(appearances(run(repeated([qr()], 10), strict)).map(\.sequence) == [1])
    let trusting = TrackerConfiguration(confirmLinear: 1)
    #expect(appearances(run(repeated([symbol(.ean13, ean)], 10), trusting)).map(\.sequence) == [0])
}

@Test func movingItemStaysOnePresentation() {
    let slow = (0..<90).map { [symbol(.ean13, ean, x: 100 + 4 * Double($0))] }
    #expect(appearances(run(slow)).count == 1)
    // A quick swipe: 60 px a frame for a symbol 200 px wide.
    let swipe = (0..<12).map { [symbol(.ean13, ean, x: 100 + 60 * Double($0))] }
    #expect(appearances(run(swipe)).count == 1)
}

@Test func farAwayDuplicateStartsANewTrack() {
    // The same QR jumps across the frame: a second item, not a move.
    let frames = [[qr(x: 100)], [qr(x: 100), qr(x: 600)], [qr(x: 600)]]
    #expect(appearances(run(frames)).map(\.sequence) == [0, 1])
}

@Test func windowPolicyReportsAPayloadOncePerWindow() {
    let window = TrackerConfiguration(policy: .window(.seconds(1)))
    // Shown at 0 s and again, elsewhere, at 0.67 s: within the window.
    let within = repeated([qr(x: 200)], 5) + repeated([], 15) + repeated([qr(x: 500)], 5)
    #expect(appearances(run(within, window)).map(\.sequence) == [0])
    // Shown again at 1.33 s: a new window.
    let after = within + repeated([], 15) + repeated([qr(x: 200)], 5)
    #expect(appearances(run(after, window)).map(\.sequence) == [0, 40])
    // Held for 3 s: once a second.
    #expect(appearances(run(repeated([qr()], 90), window)).map(\.sequence) == [0, 30, 60])
}

@Test func everyFramePolicyReportsEveryConfirmedRead() {
    let everyFrame = TrackerConfiguration(policy: .everyFrame)
    #expect(appearances(run(repeated([qr()], 10), everyFrame)).count == 10)
    #expect(appearances(run(repeated([qr(x: 100), qr(x: 500)], 10), everyFrame)).count == 20)
    // Linear reads still need their confirmation.
    #expect(appearances(run(repeated([symbol(.ean13, ean)], 10), everyFrame)).map(\.sequence) == Array(1...9))
}

@Test func oncePolicyReportsEachPayloadOnceUntilReset() {
    var tracker = PresentationTracker(configuration: TrackerConfiguration(policy: .once))
    let showings = repeated([qr()], 5) + repeated([], 30) + repeated([qr(x: 100)], 5)
    #expect(appearances(feed(showings, to: &tracker)).count == 1)
    #expect(appearances(feed(repeated([qr("other")], 5), to: &tracker, from: 40)).count == 1)
    tracker.reset()
    #expect(appearances(feed(repeated([qr()], 5), to: &tracker, from: 45)).count == 1)
}

@Test func leftEventsFollowTheRearmWhenEnabled() throws {
    var tracker = PresentationTracker(configuration: TrackerConfiguration(reportsLeft: true))
    let events = (0..<60).map { index in
        tracker.update(frameDetections: index < 30 ? [symbol(.ean13, ean)] : [], sequence: UInt64(index), captureTime: time(index))
    }
    // Last seen at frame 29; out of view for 500 ms at frame 44.
    #expect(events.indices.filter { !departures(events[$0]).isEmpty } == [44])
    let left = try #require(departures(events[44]).first)
    #expect(left.firstSeen == time(0))
    #expect(left.lastSeen == time(29))
    #expect(left.duration == time(29))
    #expect(left.trackID == appearances(events.flatMap { $0 }).first?.trackID)
    #expect(tracker.finish().isEmpty)

    #expect(departures(run(repeated([symbol(.ean13, ean)], 60))).isEmpty)
}

@Test func finishReportsItemsStillInView() {
    var tracker = PresentationTracker(configuration: TrackerConfiguration(reportsLeft: true))
    _ = feed(repeated([qr()], 10), to: &tracker)
    #expect(departures(tracker.finish()).map(\.lastSeen) == [time(9)])
    #expect(tracker.finish().isEmpty)
}

@Test func unconfirmedItemsLeaveSilently() {
    #expect(run([[symbol(.ean13, ean)]], TrackerConfiguration(reportsLeft: true)).isEmpty)
}

@Test func decodeLatencyIsPassedThrough() {
    var tracker = PresentationTracker()
    let events = tracker.update(frameDetections: [qr()], sequence: 7, captureTime: .seconds(3), decodeLatency: .milliseconds(12))
    #expect(appearances(events).map(\.decodeLatency) == [.milliseconds(12)])
    #expect(appearances(events).map(\.sequence) == [7])
}

@Test func cameraEventsShareTheStream() {
    let events: [DetectionEvent] = [.cameraLost(device: "/dev/video0", error: .deviceLost(path: "/dev/video0", errno: ENODEV)), .cameraRestored(device: "/dev/video0")]
    #expect(events[0] != events[1])
}

@Test func wallClockPacingDoesNotChangeTheEvents() {
    // The tracker reads no clock, only capture times: feeding the same
    // recording with pauses gives the same events.
    var frames = repeated([symbol(.ean13, ean), qr(x: 600)], 20) + repeated([], 20) + repeated([symbol(.code128, "X-1")], 10)
    frames[5] = []
    let configuration = TrackerConfiguration(reportsLeft: true)
    var paced = PresentationTracker(configuration: configuration)
    var pacedEvents: [DetectionEvent] = []
    for (index, detections) in frames.enumerated() {
        if index.isMultiple(of: 7) { Thread.sleep(forTimeInterval: 0.01) }
        pacedEvents += paced.update(frameDetections: detections, sequence: UInt64(index), captureTime: time(index))
    }
    pacedEvents += paced.finish()
    let fast = run(frames, configuration)
    #expect(pacedEvents == fast)
    #expect(appearances(fast).count == 3)
}

// MARK: Absence is observed, never inferred from silence

/// A 30 fps camera whose decoder keeps up with only every 8th frame: the
/// tracker sees frames 267 ms apart. `shown(i)` says whether frame `i`
/// shows the item; only the decoded frames are fed.
private func slowDecoder(frames: Int, shown: (Int) -> Bool, configuration: TrackerConfiguration = TrackerConfiguration(reportsLeft: true)) -> [DetectionEvent] {
    var tracker = PresentationTracker(configuration: configuration)
    var events: [DetectionEvent] = []
    for index in stride(from: 0, to: frames, by: 8) {
        events += tracker.update(
            frameDetections: shown(index) ? [symbol(.ean13, ean)] : [], sequence: UInt64(index), captureTime: time(index))
    }
    return events + tracker.finish()
}

/// Absence is evidence from decoded frames, never silence.
@Suite struct TrackerAbsenceTests {
    @Test func aDecoderThatFallsBehindNeverSplitsOnePresentation() {
        // 5 s in view; the reads of two decoded frames in a row fail (800 ms
        // between successful reads, more than the 500 ms rearm time).
        let events = slowDecoder(frames: 150) { $0 != 80 && $0 != 88 }
        #expect(appearances(events).count == 1)
        #expect(departures(events).count == 1, "left only when the stream ends")
    }

    @Test func aDecoderThatFallsBehindStillSeesTheItemLeaveAndReturn() {
        // In view 5 s, away 1 s (frames 150-179), in view again 5 s.
        let events = slowDecoder(frames: 330) { !(150..<180).contains($0) }
        let shown = appearances(events)
        #expect(shown.count == 2)
        // Gone once 3 decoded frames (152, 160, 168) missed it and 500 ms passed.
        let left = departures(events)
        try? #require(left.count == 2)
        #expect(left.first?.sequence == 168)
        #expect(left.first?.captureTime == time(168))
        #expect(left.first?.trackID == shown.first?.trackID)
        #expect(shown.last?.sequence == 192, "confirmed by its second read after the return (184, 192)")
    }

    @Test func timeAloneIsNotEvidenceOfAbsence() {
        // Two decoded frames 2 s apart without the item: still one presentation.
        var tracker = PresentationTracker()
        var events = tracker.update(frameDetections: [qr()], sequence: 0, captureTime: .zero)
        events += tracker.update(frameDetections: [], sequence: 1, captureTime: .seconds(2))
        events += tracker.update(frameDetections: [qr()], sequence: 2, captureTime: .seconds(4))
        #expect(appearances(events).count == 1)
        // With frames enough to see it gone, it is two.
        var configuration = TrackerConfiguration()
        configuration.absenceFrames = 1
        var eager = PresentationTracker(configuration: configuration)
        var again = eager.update(frameDetections: [qr()], sequence: 0, captureTime: .zero)
        again += eager.update(frameDetections: [], sequence: 1, captureTime: .seconds(2))
        again += eager.update(frameDetections: [qr()], sequence: 2, captureTime: .seconds(4))
        #expect(appearances(again).count == 2)
    }

    @Test func aFrameThatDidNotLookThereIsNoEvidence() {
        // The item sits at x 320; frames decoded over the right half only do
        // not count as missing it.
        let rightHalf = PixelRect(x: 500, y: 0, width: 500, height: 480)
        var tracker = PresentationTracker(configuration: TrackerConfiguration(reportsLeft: true))
        var events = tracker.update(frameDetections: [qr()], sequence: 0, captureTime: .zero)
        for index in 1...60 {
            events += tracker.update(frameDetections: [], sequence: UInt64(index), captureTime: time(index), covering: rightHalf)
        }
        #expect(departures(events).isEmpty)
        for index in 61...63 {
            events += tracker.update(frameDetections: [], sequence: UInt64(index), captureTime: time(index))
        }
        #expect(departures(events).map(\.sequence) == [63])
    }

    @Test func leftEventsCarryTheirFrameTimeAndTrack() {
        let events = run(repeated([qr()], 10) + repeated([], 30), TrackerConfiguration(reportsLeft: true))
        let shown = appearances(events)
        let left = departures(events)
        #expect(shown.count == 1 && left.count == 1)
        // Last seen at frame 9; gone at frame 24 (500 ms later, 15 misses).
        #expect(left.first?.sequence == 24)
        #expect(left.first?.captureTime == time(24))
        #expect(left.first?.lastSeen == time(9))
        #expect(left.first?.trackID == shown.first?.trackID)
    }
}
