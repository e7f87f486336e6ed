import ScannerTestSupport
import Testing
@testable import Scanner

/// MaxiCode seen at a slant: the bullseye's ellipse gives the symbol's scale and skew, an
/// affine map, and under a keystone the modules away from it drift off that map. Where the
/// refined grid does not decode, the fit is refined again with a tilt (`MaxiCodeSampler.Pose`).
@Suite struct MaxiCodeTiltTests {
    /// Modes 2 to 6 at 5 pixels a module, their right edge 15 % shorter than their left, turned
    /// 0° and 40°: each read (without the tilt, 2 of the 18).
    @Test(arguments: [0.0, 40.0])
    func readsMaxiCodeSeenAtASlant(_ degrees: Double) throws {
        for c in MaxiCodeRoundTripTests.cases.prefix(9) {
            let frame = MaxiCodeTestImage.transformed(try MaxiCodeTestImage.render(c), pixelsPerModule: 5, degrees: degrees).keystoned(0.15)
            #expect(MaxiCodeTestImage.read(frame).map(\.text) == [c.expected], "mode \(c.mode), turned \(degrees)°")
        }
    }
}
