import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// End-to-end: the `checkout` sample, which embeds the library, on the
/// recording in `Samples/` (a machine with no camera).
@Suite struct CheckoutSampleTests {
    var checkout: URL { ScanCommand.binary.deletingLastPathComponent().appendingPathComponent("checkout") }

    /// A till that embeds the engine links none of the satellites' C
    /// libraries: MQTT, the keyboard and the overlay are libraries of their own.
    @Test func theSampleLinksNeitherMosquittoNorCairoNorSDL() throws {
        let libraries = try ScanCommand.run([checkout.path], executable: URL(fileURLWithPath: "/usr/bin/ldd"))
        #expect(libraries.status == 0, "\(libraries.stderr)")
        #expect(libraries.stdout.contains("libzbar.so"), "ldd listed nothing: \(libraries.stdout)")
        for library in ["libmosquitto", "libcairo", "libSDL2"] {
            #expect(!libraries.stdout.contains(library), "checkout links \(library)")
        }
    }

    @Test func billsEachItemOnceAndKeepsARunningTotal() throws {
        let result = try ScanCommand.run(["--input", "Samples/checkout.mjpeg", "--fast"], executable: checkout)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == [
            "+ Tomato soup 400 g            1.29   total 1.29",
            "+ Sliced bread                 2.15   total 3.44",
            "+ Tomato soup 400 g            1.29   total 4.73",
            "+ Coupon                      -1.00   total 3.73",
            "4 items, total 3.73",
        ])
    }

    @Test func billsLabelsProduceAndMagazinesFromARecording() throws {
        let directory = try TemporaryDirectory()
        var clip = RecordingBuilder()
        let items: [RenderedSymbol] = [
            // Cheese counter, item 12345, priced 1.23 on its label (layout item5-price5 on 20).
            try ZintRenderer.render(.ean13, .text("201234500123"), moduleSize: 2),
            // Loose bananas, GS1 DataBar with GTIN 09501101530003.
            try ZintRenderer.render(.databar, .text("0950110153000"), moduleSize: 2),
            // A magazine (ISSN 1234-5679 as EAN-13 977...) with its issue number as an EAN-2.
            try ZintRenderer.render(.ean2, .text("977123456700+07"), moduleSize: 2),
            // Apples, item 54321, 0.750 kg at 2.40 a kg (layout item5-weight5 on 25).
            try ZintRenderer.render(.ean13, .text("255432100750"), moduleSize: 2),
        ]
        for item in items {
            clip.show(RecordingBuilder.Placement(item, x: 150, y: 100), frames: 8)
            clip.showNothing(frames: 20)
        }
        let path = try clip.write("till.y4m", in: directory)
        let result = try ScanCommand.run(["--input", path, "--fast"], executable: checkout)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == [
            "+ Cheese counter               1.23   total 1.23",
            "+ Bananas loose                0.35   total 1.58",
            "+ Weekly magazine issue 07     3.50   total 5.08",
            "+ Apples 0.750 kg              1.80   total 6.88",
            "4 items, total 6.88",
        ])
    }

    @Test func aMissingPriceListIsAClearError() throws {
        let result = try ScanCommand.run(["--prices", "/nonexistent/prices.csv", "--input", "Samples/checkout.mjpeg"], executable: checkout)
        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent/prices.csv") && result.stderr.contains("--prices"))
    }
}

/// `scan | head -1`: the reader goes away and scan ends quietly, at once.
@Suite struct ClosedPipeTests {
    @Test func scanStopsQuietlyWhenItsReaderGoesAway() throws {
        let script = "\"$0\" --input Samples/checkout.mjpeg | head -1; echo \"status=${PIPESTATUS[0]}\""
        let result = try ScanCommand.run(["-c", script, ScanCommand.binary.path], executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.lines == ["EAN-13:5012345678900", "status=0"], "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}
