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

    /// A blurred UPC-A (the corpus's upca-4/1) that zbar misreads as the
    /// EAN-13 9074932437075 on many lines, and again in its own views of
    /// the area, where our reader reads it right: disagreement drops both,
    /// and with no helper here zxing cannot side with ours, so nothing is
    /// confirmed. Without our reader's say, zbar's views confirm the misread.
    @Test func ourReaderContradictingZbarOnTheAreaDropsItsRead() throws {
        let frame = try ImageLoader().load(contentsOf: try ImageFixtures.corpusPath("upca-4/1.webp"))
        let zbar = ZBarEngine().decode(frame, symbologies: [.ean13, .upca], options: EngineOptions(tryHarder: true))
        #expect(zbar.map(\.text) == ["9074932437075"], "zbar no longer misreads upca-4/1: the test shows nothing")
        let confirmation = LinearConfirmation(symbologies: Symbology.standard)
        var meter = WorkMeter(timeLimit: nil)
        #expect(confirmation.confirmed(zbar, in: frame, &meter).isEmpty)
    }
}
