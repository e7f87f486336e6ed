import Foundation
import Scanner
import ScanOverlay
import ScannerTestSupport
import Testing

/// End-to-end: `scan --annotate DIR`, its PNGs held against the JSON corners.
@Suite struct AnnotateTests {
    static let regionArgument = "0.05,0.05,0.9,0.9"

    /// A 3-page TIFF: QR codes on pages 1 and 3, page 2 blank.
    private func pages(in dir: TemporaryDirectory) throws -> String {
        for name in ["one", "three"] {
            try ImageTools.writePGM(ZintRenderer.render(.qr, .text("annotated \(name)")).frame, named: name, in: dir.url)
        }
        try ImageTools.writePGM(ImageTools.blank(), named: "two", in: dir.url)
        try ImageTools.shell("""
            for p in one two three; do pnmtotiff $p.pgm > $p.tif || exit 1; done \
            && tiffcp one.tif two.tif three.tif pages.tif && rm one.tif two.tif three.tif *.pgm
            """, in: dir.url)
        return dir.file("pages.tif").path
    }

    @Test func annotatedPNGsOutlineTheJSONCorners() throws {
        let dir = try TemporaryDirectory()
        let tiff = try pages(in: dir)
        let out = dir.file("annotated").path
        let ean = ScanCommand.packageRoot.appendingPathComponent("Samples/ean13.png").path
        let result = try ScanCommand.run(
            ["--annotate", out, "--format", "json", "--roi", Self.regionArgument, ean, tiff])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        // One PNG per input page, blank pages too, named for the input.
        let written = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(written == [
            "ean13.annotated.png", "pages.page1.annotated.png", "pages.page2.annotated.png", "pages.page3.annotated.png",
        ])
        let records = try result.lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let coded = records.filter { $0["corners"] != nil }
        #expect(coded.count == 3, "\(records)")
        let renderer = OverlayRenderer()
        let region = try RegionOfInterest(parsing: Self.regionArgument)
        let pngNames = [ean: "ean13", tiff + "#page=1": "pages.page1", tiff + "#page=3": "pages.page3"]
        for record in coded {
            let source = try #require(record["source"] as? String)
            let name = try #require(pngNames[source], "unexpected source \(source)")
            let image = try RGBAImage(contentsOfPNG: out + "/" + name + ".annotated.png")
            let corners = try #require(record["corners"] as? [[Double]]).map { Point(x: $0[0], y: $0[1]) }
            #expect(corners.count == 4)
            let inspection = OverlayInspection(image)
            for corner in corners {
                #expect(inspection.hasPixel(of: renderer.freshColour, near: corner, within: 3), "\(source): no outline at \(corner)")
            }
            // The ROI rectangle, just inside its left edge, halfway down.
            let roi = region.pixelRect(width: image.width, height: image.height)
            #expect(
                inspection.hasPixel(of: renderer.regionColour, near: Point(x: Double(roi.x) + 1, y: Double(roi.y + roi.height / 2)), within: 1.5),
                "\(source): no ROI edge")
            // Away from the outline, the ROI and the label, the image is the input's luma.
            let detection = Detection(
                symbology: try #require(Symbology(rawValue: record["symbology"] as? String ?? "")), bytes: [],
                text: try #require(record["text"] as? String), corners: corners, engine: .zbar)
            let frame = try luma(of: source)
            let labels = try renderer.render(frame, detections: [detection], regionOfInterest: region).labelBoxes
            let altered = inspection.alteredPixels(
                of: frame, outlines: [corners, OverlayInspection.outline(roi)], margin: 4, excluding: labels)
            #expect(altered == 0, "\(source)")
        }
        // The blank page: the picture and the ROI only.
        let blank = try RGBAImage(contentsOfPNG: out + "/pages.page2.annotated.png")
        let roi = region.pixelRect(width: blank.width, height: blank.height)
        #expect(OverlayInspection(blank).alteredPixels(
            of: ImageTools.blank(), outlines: [OverlayInspection.outline(roi)], margin: 4, excluding: []) == 0)
    }

    @Test func namesStayDistinctAndInputsAreNeverOverwritten() throws {
        let dir = try TemporaryDirectory()
        let qr = try Data(contentsOf: ScanCommand.packageRoot.appendingPathComponent("Samples/qr.png"))
        try FileManager.default.createDirectory(at: dir.file("a"), withIntermediateDirectories: false)
        try qr.write(to: dir.file("qr.png"))
        try qr.write(to: dir.file("a/qr.png"))
        // A # in a file's name is not a page fragment.
        try qr.write(to: dir.file("#1086.png"))
        // DIR is the inputs' own directory.
        let result = try ScanCommand.run(
            ["--annotate", dir.url.path, dir.file("qr.png").path, dir.file("a/qr.png").path, dir.file("#1086.png").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: dir.file("qr.png")) == qr)
        #expect(FileManager.default.fileExists(atPath: dir.file("qr.annotated.png").path))
        #expect(FileManager.default.fileExists(atPath: dir.file("qr-2.annotated.png").path))
        #expect(FileManager.default.fileExists(atPath: dir.file("#1086.annotated.png").path))
    }

    @Test func anUnwritableDirectoryIsACommandLineError() throws {
        let dir = try TemporaryDirectory()
        try Data("a file, not a directory\n".utf8).write(to: dir.file("taken"))
        let result = try ScanCommand.run(["--annotate", dir.file("taken").path + "/out", "Samples/qr.png"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("taken/out"))
        let cameraRun = try ScanCommand.run(["--annotate", dir.url.path])
        #expect(cameraRun.status == 2)
        #expect(cameraRun.stderr.contains("--annotate"))
    }

    @Test func helpDescribesAnnotate() throws {
        let help = try ScanCommand.run(["--help"])
        #expect(help.stdout.contains("--annotate DIR") && help.stdout.contains(".annotated.png"))
    }

    /// The luma `scan` decoded for `source` (a path, or path#page=N).
    private func luma(of source: String) throws -> Frame {
        let parts = source.split(separator: "#").map(String.init)
        var found: Frame?
        try ImageLoader().forEachPage(contentsOf: parts[0]) { page in
            if page.fragment == parts.dropFirst().first, case .success(let frame) = page.frame { found = frame }
            return found == nil
        }
        return try #require(found, "no page \(source)")
    }
}
