import Foundation
import Testing
@testable import Scanner

@Suite struct DetectionTests {
    /// An embedder can store a detection and get the same one back, add-on,
    /// GS1 flag and evidence included, read from a real render.
    @Test func aDetectionSurvivesJSONCoding() throws {
        var reader = BarcodeReader()
        reader.configuration.symbologies = Symbology.standard.union([.ean2, .ean5])
        let frame = try ImageLoader().load(contentsOf: ImageFixtures.packageRoot.appendingPathComponent("Samples/magazine.png").path)
        let detections = reader.read(frame).detections
        #expect(detections.contains { $0.addOn != nil }, "\(detections)")
        let decoded = try JSONDecoder().decode([Detection].self, from: JSONEncoder().encode(detections))
        #expect(decoded == detections)
    }
}
