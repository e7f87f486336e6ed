import Foundation
import ScannerTestSupport
import Testing

/// `scan` on a GS1 Composite drawn by the zint CLI: one JSON record, the linear symbology with
/// the 2D component's data joined.
@Suite struct CompositeScanTests {
    @Test func jsonJoinsTheComponent() throws {
        let directory = try TemporaryDirectory()
        let png = directory.url.appendingPathComponent("composite.png").path
        _ = try ScanCommand.run(["-b", "EANX_CC", "--mode=2", "--primary=331234567890", "-d", "[17]261231[10]LOT42", "--scale=2", "-o", png],
                                executable: URL(fileURLWithPath: "/usr/bin/zint"))
        let result = try ScanCommand.run(["--format", "json", png])
        #expect(try RecordSchema.violations(in: result.lines) == [])
        let records = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        try #require(records.count == 1, "\(result.stdout)")
        #expect(records[0]["symbology"] as? String == "ean13")
        #expect(records[0]["composite"] as? String == "cc-b")
        #expect(records[0]["text"] as? String == "01033123456789031726123110LOT42")
        #expect(records[0]["hri"] as? String == "(01)03312345678903(17)261231(10)LOT42")
        #expect(records[0]["gtin"] as? String == "03312345678903")
    }
}
