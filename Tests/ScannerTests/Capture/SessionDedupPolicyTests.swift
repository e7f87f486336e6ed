import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// Each `DedupPolicy` as documented, on recordings replayed through a
/// `CaptureSession`.
@Suite struct SessionDedupPolicyTests {
    let directory: TemporaryDirectory
    /// Held for 3 s.
    let held: String
    /// Held 1 s, away 667 ms, back for 1 s.
    let returned: String

    init() throws {
        directory = try TemporaryDirectory()
        let item = try SessionReplay.item()
        var clip = RecordingBuilder()
        clip.show(item, frames: 90)
        held = try clip.write("held.y4m", in: directory)
        clip = RecordingBuilder()
        clip.show(item, frames: 30)
        clip.showNothing(frames: 20)
        clip.show(item, frames: 30)
        returned = try clip.write("returned.y4m", in: directory)
    }

    @Test func windowReportsAgainEachWindowWhileHeld() async throws {
        let shown = try await SessionReplay.events(of: held, configuration: SessionReplay.tracker(.window(.milliseconds(950))))
            .appearances
        // Confirmed at frame 0 by its scan lines, then each time 950 ms (29
        // frames, 967 ms) have passed.
        #expect(shown.map(\.sequence) == [0, 29, 58, 87])
    }

    @Test func everyFrameReportsEveryConfirmedFrame() async throws {
        let shown = try await SessionReplay.events(of: held, configuration: SessionReplay.tracker(.everyFrame)).appearances
        #expect(shown.map(\.sequence) == Array(0...89))
        #expect(Set(shown.map(\.trackID)).count == 1)
    }

    @Test func onceReportsOnceEvenAfterRemovalAndReturn() async throws {
        let shown = try await SessionReplay.events(of: returned, configuration: SessionReplay.tracker(.once)).appearances
        #expect(shown.map(\.sequence) == [0])
    }

    @Test func oncePerPresentationRearmsAfterTheRearmTime() async throws {
        let shortRearm = try await SessionReplay.events(of: returned, configuration: SessionReplay.tracker(.default))
        #expect(shortRearm.appearances.map(\.sequence) == [0, 50])
        // A rearm time longer than the 667 ms absence keeps one presentation.
        let longRearm = try await SessionReplay.events(
            of: returned, configuration: SessionReplay.tracker(.oncePerPresentation(rearm: .seconds(1))))
        #expect(longRearm.appearances.map(\.sequence) == [0])
    }

    @Test func leftCarriesHowLongTheItemWasPresented() async throws {
        let events = try await SessionReplay.events(of: returned, configuration: SessionReplay.tracker(.default, left: true))
        let kinds = events.map { if case .appeared = $0 { "appeared" } else if case .left = $0 { "left" } else { "other" } }
        #expect(kinds == ["appeared", "left", "appeared", "left"])
        // Frames 0–29, then frames 50–79 (the second ends with the stream).
        #expect(events.departures.map(\.duration) == [frameTime(29), frameTime(29)])
        #expect(events.departures.map(\.trackID) == events.appearances.map(\.trackID))
    }
}
