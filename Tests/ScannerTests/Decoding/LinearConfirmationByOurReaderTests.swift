import ScannerTestSupport
import Testing
@testable import Scanner

/// Our own reader confirms zbar's EAN/UPC reads before zxing is asked
/// (`LinearConfirmation`). This suite names no read helper: run alone, zxing's
/// 1D readers read nothing in it.
@Suite struct LinearConfirmationByOurReaderTests {
    /// Our reader on the area of a zbar EAN/UPC read confirms it, so no
    /// helper process is needed for it: this suite names none, so (run
    /// alone) zxing's 1D readers read nothing here, and in a second chance
    /// zbar agreeing with itself would not confirm. Our reader reading another payload
    /// there does not confirm either.
    @Test func ourReaderOnTheAreaConfirmsAZbarRead() throws {
        let frame = try ZintRenderer.render(.ean13, .text("590123412345"), moduleSize: 2).frame
        let zbar = ZBarEngine().decode(frame, symbologies: [.ean13], options: EngineOptions(tryHarder: true))
        #expect(zbar.map(\.text) == ["5901234123457"])
        let confirmation = LinearConfirmation(symbologies: Symbology.standard, zbarConfirmsRetail: false)
        var meter = WorkMeter(timeLimit: nil)
        #expect(confirmation.confirmed(zbar, in: frame, &meter).map(\.text) == ["5901234123457"])
        let other = try ZintRenderer.render(.ean13, .text("400638133393"), moduleSize: 2).frame
        #expect(!confirmation.confirmed(zbar, in: other, &meter).map(\.text).contains("5901234123457"))
    }
}
