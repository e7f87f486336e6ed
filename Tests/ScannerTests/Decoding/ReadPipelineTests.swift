import ScannerTestSupport
import Testing
@testable import Scanner

/// The first pass's groups after a read: ours look at what it left
/// unexplained, zbar and zxing (second opinions) only where ours read nothing.
@Suite struct ReadPipelineTests {
    /// A stand-in that reads nothing and counts the frames it is asked to read.
    final class CountingEngine: BarcodeEngine, @unchecked Sendable {
        // @unchecked: `count` is only touched under `lock`.
        let name: EngineName
        let kind = Detection.Engine.zbar
        let supported = Symbology.standard
        private let lock = Lock()
        private var count = 0

        init(_ name: EngineName) { self.name = name }

        var calls: Int { lock.withLock { count } }

        func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
            lock.withLock { count += 1 }
            return []
        }
    }

    /// Squares of 6 pixels, dark or light at random: code-like to the
    /// localizer, a code to no reader.
    static func texture(side: Int, seed: UInt64) -> Frame {
        var state = seed
        var pixels = [UInt8](repeating: 255, count: side * side)
        for row in stride(from: 12, to: side - 12, by: 6) {
            for column in stride(from: 12, to: side - 12, by: 6) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                guard state >> 63 == 1 else { continue }
                for y in row..<row + 6 { for x in column..<column + 6 { pixels[y * side + x] = 0 } }
            }
        }
        return Frame(width: side, height: side, pixels: pixels)
    }

    /// An EAN-13 beside a texture: our linear reader reads it, our MaxiCode
    /// reader still looks at the texture it left unexplained, zbar does not.
    @Test func secondOpinionsSkipWhatOurReadLeft() throws {
        let ean = try ZintRenderer.render(.ean13, .text("400638133393"), moduleSize: 3, margin: 24).frame
        let page = FrameMosaic.grid([ean, Self.texture(side: ean.height, seed: 7)], columns: 2)
        let (zbar, maxiCode) = (CountingEngine(.zbar), CountingEngine(.maxiCode))
        let pipeline = ReadPipeline(configuration: DecoderConfiguration(), engines: [LinearEngine(), maxiCode, zbar])
        #expect(pipeline.read(page).detections.map(\.text) == ["4006381333931"])
        #expect(maxiCode.calls > 0, "nothing was left unexplained: the test shows nothing")
        #expect(zbar.calls == 0)
    }

    /// Where ours read nothing, zbar looks.
    @Test func secondOpinionsLookWhereOursReadNothing() {
        let zbar = CountingEngine(.zbar)
        let pipeline = ReadPipeline(configuration: DecoderConfiguration(), engines: [LinearEngine(), zbar])
        #expect(pipeline.read(Self.texture(side: 240, seed: 7)).detections.isEmpty)
        #expect(zbar.calls > 0)
    }
}
