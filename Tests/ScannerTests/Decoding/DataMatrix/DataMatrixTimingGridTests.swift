import Testing
import ScannerTestSupport
@testable import Scanner

/// A Data Matrix on a curved or bent surface is read on the grid its timing lines show
/// (`DataMatrixTimingGrid`), where one homography through its corners does not decode.
@Suite struct DataMatrixTimingGridTests {
    /// 36x36, four data regions: the internal timing lines are followed too.
    static let payload = String(repeating: "DATAMATRIX-TIMING-", count: 6)

    /// Whether any candidate decodes through one homography, as before the timing grid.
    static func homographyDecodes(_ frame: Frame) -> Bool {
        guard let binarization = frame.binarization else { return false }
        return binarization.polarities.contains { image in
            DataMatrixDetector.detect(image).contains { candidate in
                candidate.sizes.contains { size in
                    let fit = DataMatrixGridFit.fit(image, corners: candidate.corners, size: size)
                    return fit.score >= DataMatrixReader.minFitScore
                        && DataMatrixGridFit.sample(image, corners: fit.corners, size: size).flatMap(DataMatrixSymbolDecoder.decode) != nil
                }
            }
        }
    }

    @Test(arguments: ["bowed", "on a cylinder"])
    func bentSymbolReads(_ bend: String) throws {
        let symbol = try ZintRenderer.render(.dataMatrix, .text(Self.payload), moduleSize: 4, margin: 24).frame
        let frame = bend == "bowed" ? symbol.bowed(by: 4) : symbol.wrappedOnCylinder(radius: Double(symbol.width) / 2)
        #expect(!Self.homographyDecodes(frame), "the bend should defeat one homography")
        let reads = frame.matrixReads(DataMatrixReader.read)
        #expect(reads.map(\.text) == [Self.payload])
        #expect(reads.first.map { [$0.columns, $0.rows] } == [36, 36])
    }

    /// A flat symbol still reads through the homography, the timing grid untouched.
    @Test func flatSymbolNeedsNoTimingGrid() throws {
        let frame = try ZintRenderer.render(.dataMatrix, .text(Self.payload), moduleSize: 4, margin: 24).frame
        #expect(Self.homographyDecodes(frame))
        #expect(frame.matrixReads(DataMatrixReader.read).map(\.text) == [Self.payload])
    }
}
