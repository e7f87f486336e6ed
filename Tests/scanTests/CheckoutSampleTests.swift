import Foundation
import ScannerTestSupport
import Testing

/// End-to-end: the `checkout` sample, which embeds the library, on the
/// recording in `Samples/` (a machine with no camera).
@Suite struct CheckoutSampleTests {
    var checkout: URL { ScanCommand.binary.deletingLastPathComponent().appendingPathComponent("checkout") }

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
