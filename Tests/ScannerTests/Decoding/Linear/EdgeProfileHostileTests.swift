import Testing
@testable import Scanner

/// Grey profiles no sampler makes (it gives 0-255), which the edge finder must still survive.
@Suite struct EdgeProfileHostileTests {
    /// Found by Fuzz/Linear (raw Float samples). The profile is finite, so it passes `runs`'
    /// NaN/infinity check, but `noiseFloor`'s `bin` converted `range / 0.5` to Int before clamping
    /// it to the last bin, and 2e30 trapped ("Float value cannot be converted to Int").
    @Test func hugeFiniteSamplesEndCleanly() async {
        await #expect(processExitsWith: .success) {
            _ = EdgeProfile.runs([0, 0, 0, 1e30, 0, 0])
        }
    }
}
