import ScannerTestSupport
import Testing
@testable import Scanner

/// Bars that our linear reader misses in the first pass get a second look
/// on the area at twice the size, where its lines lie twice as close and
/// sample each module twice as often; zbar's passes come after it. zint
/// renders at one pixel a module, read by our reader alone, so that zbar
/// cannot stand in for it.
@Suite struct LinearEnlargedTests {
    static let payloads = ["SMALL39", "CODE-39", "A1B2C3", "HELLO WORLD", "12345"]

    /// A Code 39 at one pixel a module: our reader reads none on the
    /// frame as it is, each on the frame enlarged, and the pipeline of our
    /// reader alone reads each through that second chance.
    @Test(arguments: payloads)
    func aCode39AtOnePixelAModuleIsReadEnlarged(_ data: String) throws {
        let frame = try ZintRenderer.render(.code39, .text(data), moduleSize: 4, margin: 40).frame.scaled(by: 0.25)
        let engine = LinearEngine(), options = EngineOptions(tryHarder: true)
        #expect(engine.decode(frame, symbologies: [.code39], options: options).isEmpty, "read as it is: the test shows nothing")
        #expect(engine.decode(frame.upscaledByTwo(), symbologies: [.code39], options: options).map(\.text) == [data])
        let pipeline = ReadPipeline(configuration: DecoderConfiguration(effort: .thorough), engines: [engine])
        #expect(pipeline.read(frame).detections.map(\.text) == [data])
    }
}
