import Foundation
import Scanner
import ScanOverlay
import ScannerTestSupport
import Synchronization
import Testing

/// The overlay renderer with real cairo, over symbols zint draws and the
/// decoders read.
@Suite struct OverlayRendererTests {
    static func region() throws -> RegionOfInterest { try RegionOfInterest(x: 0.1, y: 0.1, width: 0.8, height: 0.8) }

    /// A QR code rendered by zint and decoded, with its detection.
    static func decodedQR() throws -> (frame: Frame, detection: Detection) {
        let symbol = try ZintRenderer.render(.qr, .text("overlay test 42"), moduleSize: 6, margin: 60)
        let detections = BarcodeReader().read(symbol.frame).detections
        let detection = try #require(detections.first)
        #expect(detections.count == 1)
        #expect(detection.text == "overlay test 42")
        return (symbol.frame, detection)
    }

    @Test func outlineLiesOnTheCornersAndNothingElseIsPainted() throws {
        let (frame, detection) = try Self.decodedQR()
        let renderer = OverlayRenderer()
        let overlay = try renderer.render(frame, detections: [detection], regionOfInterest: try Self.region())
        #expect(overlay.image.width == frame.width && overlay.image.height == frame.height)
        let inspection = OverlayInspection(overlay.image)
        for corner in detection.corners {
            #expect(inspection.hasPixel(of: renderer.freshColour, near: corner, within: 3), "no outline at \(corner)")
        }
        // Not the tracked colour: freshness shows.
        #expect(!detection.corners.contains { inspection.hasPixel(of: renderer.trackedColour, near: $0, within: 3) })
        let roi = try Self.region().pixelRect(width: frame.width, height: frame.height)
        let roiOutline = OverlayInspection.outline(roi)
        // The ROI rectangle: its colour halfway along each edge, just inside.
        let midpoints = [
            Point(x: Double(roi.x) + 1, y: Double(roi.y + roi.height / 2)),
            Point(x: Double(roi.x + roi.width) - 1, y: Double(roi.y + roi.height / 2)),
            Point(x: Double(roi.x + roi.width / 2), y: Double(roi.y) + 1),
            Point(x: Double(roi.x + roi.width / 2), y: Double(roi.y + roi.height) - 1),
        ]
        for point in midpoints {
            #expect(inspection.hasPixel(of: renderer.regionColour, near: point, within: 1.5), "no ROI edge at \(point)")
        }
        // The label sits on the image, next to the code, holding text.
        let box = try #require(overlay.labelBoxes.first)
        #expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= frame.width && box.y + box.height <= frame.height)
        let bounds = detection.boundingBox
        #expect(Double(box.y + box.height) <= bounds.minY || Double(box.y) >= bounds.maxY, "label covers the code")
        #expect(abs(Double(box.x) - bounds.minX) <= 1)
        let textPixels = (box.y..<box.y + box.height).flatMap { y in (box.x..<box.x + box.width).map { (x: $0, y: y) } }
            .filter { overlay.image[$0.x, $0.y] == renderer.labelTextColour }
        #expect(textPixels.count > 20, "the label has no text")
        // Far from the lines and the label, the picture is the frame, untouched.
        let altered = inspection.alteredPixels(
            of: frame, outlines: [detection.corners, roiOutline], margin: 4, excluding: overlay.labelBoxes)
        #expect(altered == 0)
    }

    @Test func theCheckFailsWhenTheOutlineIsMisplaced() throws {
        let (frame, detection) = try Self.decodedQR()
        var moved = detection
        moved.corners = detection.corners.map { Point(x: $0.x + 8, y: $0.y + 8) }
        let renderer = OverlayRenderer()
        let overlay = try renderer.render(frame, detections: [moved])
        let inspection = OverlayInspection(overlay.image)
        #expect(!detection.corners.allSatisfy { inspection.hasPixel(of: renderer.freshColour, near: $0, within: 3) })
        #expect(inspection.alteredPixels(of: frame, outlines: [detection.corners], margin: 4, excluding: overlay.labelBoxes) > 0)
    }

    @Test func trackedCodesTakeTheTrackedColour() throws {
        let (frame, detection) = try Self.decodedQR()
        let renderer = OverlayRenderer()
        let overlay = try renderer.render(frame, marks: [OverlayMark(detection, .tracked)])
        let inspection = OverlayInspection(overlay.image)
        #expect(detection.corners.allSatisfy { inspection.hasPixel(of: renderer.trackedColour, near: $0, within: 3) })
        #expect(!detection.corners.contains { inspection.hasPixel(of: renderer.freshColour, near: $0, within: 3) })
        // A full-frame region draws no rectangle.
        #expect(!inspection.hasPixel(of: renderer.regionColour, near: Point(x: 1, y: Double(frame.height / 2)), within: 2))
    }

    @Test func withNoRoomAboveTheLabelGoesBelowTheCode() throws {
        // zint's default 20-pixel margin leaves no room for a label above.
        let symbol = try ZintRenderer.render(.qr, .text("label below"))
        let detection = try #require(BarcodeReader().read(symbol.frame).detections.first)
        let box = try OverlayRenderer().render(symbol.frame, detections: [detection]).labelBoxes[0]
        #expect(Double(box.y) >= detection.boundingBox.maxY)
        #expect(box.y + box.height <= symbol.frame.height)
    }

    @Test func threadsRenderTheSameImage() throws {
        // `scan --annotate` draws on every core at once, text included.
        let (frame, detection) = try Self.decodedQR()
        let renderer = OverlayRenderer()
        let expected = try renderer.render(frame, detections: [detection]).image
        let differing = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let image = try? renderer.render(frame, detections: [detection]).image
            if image != expected { differing.withLock { $0 += 1 } }
        }
        #expect(differing.withLock { $0 } == 0)
    }

    @Test func labelsEscapeControlCharactersAndStayShort() throws {
        let (frame, detection) = try Self.decodedQR()
        var hostile = detection
        hostile.text = "\u{1B}]0;pwned\u{07}" + String(repeating: "x", count: 200)
        var renderer = OverlayRenderer()
        let plain = try renderer.render(frame, detections: [detection]).labelBoxes[0]
        let long = try renderer.render(frame, detections: [hostile]).labelBoxes[0]
        // Cut at the maximum length: never wider than the image.
        #expect(long.width > plain.width && long.x + long.width <= frame.width)
        renderer.maximumLabelCharacters = 8
        let short = try renderer.render(frame, detections: [hostile]).labelBoxes[0]
        #expect(short.width < long.width)
    }

    @Test func pngRoundTripsThroughCairo() throws {
        let (frame, detection) = try Self.decodedQR()
        let image = try OverlayRenderer().render(frame, detections: [detection], regionOfInterest: try Self.region()).image
        let dir = try TemporaryDirectory()
        let path = dir.file("overlay.png").path
        try image.writePNG(to: path)
        #expect(try RGBAImage(contentsOfPNG: path) == image)
        // The library's own decoder reads the annotated PNG, code and all.
        let reread = try ImageLoader().load(contentsOf: path)
        #expect(BarcodeReader().read(reread).detections.map(\.text) == ["overlay test 42"])
    }

    @Test func unwritablePathsAreTypedErrorsNamingTheFile() throws {
        let image = RGBAImage(width: 2, height: 2, bytes: [UInt8](repeating: 255, count: 16))
        let path = "/nonexistent-dir/overlay.png"
        #expect {
            try image.writePNG(to: path)
        } throws: { error in
            guard case .writePNG(let named, _) = error as? OverlayError else { return false }
            return named == path && "\(error)".contains(path)
        }
        #expect(throws: OverlayError.self) { try RGBAImage(contentsOfPNG: "/nonexistent-dir/missing.png") }
    }
}
