import ScannerTestSupport
import Testing
@testable import Scanner

/// Still images confirm each EAN/UPC read on its area and on views of it,
/// zxing before zbar in each (`LinearConfirmation`).
@Suite struct LinearConfirmationTests {
    /// zxing confirms in the helper, which the test runner cannot be.
    init() { ScanCommand.serveReadsFromScan() }

    /// Blurred photos of one UPC-A that zbar misreads as the EAN-13
    /// 9074932437075 (a valid check digit) on many scan lines, in the first
    /// pass or a second chance, and in its turned and enlarged views, while
    /// zxing reads nothing on the area itself. Our reader reads the UPC-A
    /// (4/2 in the first pass, 4/1 on the area, where zxing seconds it) or
    /// zxing does on a view turned 3°, and that reading stands: the misread
    /// is never reported, the code is.
    @Test(arguments: [("upca-4/1.webp", true), ("upca-4/2.webp", true), ("upca-4/7.webp", false)])
    func zxingOnAViewCorrectsZbarsConsistentMisread(_ name: String, zbarAloneMisreads: Bool) throws {
        let frame = try ImageLoader().load(contentsOf: try ImageFixtures.corpusPath(name))
        var zbar = DecoderConfiguration()
        zbar.singleEngine = .zbar
        if zbarAloneMisreads {
            #expect(BarcodeReader(configuration: zbar).read(frame).detections.map(\.text) == ["9074932437075"],
                    "zbar alone no longer misreads \(name): the test shows nothing")
        }
        let texts = BarcodeReader().read(frame).detections.map(\.text)
        #expect(texts == ["023942431015"], "\(name): \(texts)")
    }

    /// A blurred UPC-A that defeats both engines at full strength; enlarged
    /// x2 and scanned on every line, zbar misreads it as 4006178017785, and
    /// again on the views of its area, where zxing reads nothing. (The x2
    /// second chance itself now scans only the original's lines and does
    /// not misread it; the pass here keeps the misread as the case.) In a
    /// second chance zbar agreeing with itself does not confirm an EAN/UPC,
    /// so nothing is reported rather than the misread.
    @Test func zbarAloneCannotConfirmARetailReadFromASecondChance() throws {
        let frame = try ImageLoader().load(contentsOf: try ImageFixtures.corpusPath("upca-4/14.webp"))
        let reader = BarcodeReader()
        let pipeline = ReadPipeline(configuration: reader.configuration)
        let enlarged = Pass([.upscaled], EngineOptions(tryHarder: true))
        var meter = WorkMeter(timeLimit: nil)
        #expect(pipeline.run(enlarged, on: frame, &meter).map(\.text) == ["4006178017785"],
                "zbar's views no longer confirm the misread: the test shows nothing")
        #expect(pipeline.run(enlarged, on: frame, &meter, secondChance: true).isEmpty)
        let texts = reader.read(frame).detections.map(\.text)
        #expect(!texts.contains("4006178017785"), "\(texts)")
    }

    /// zbar checks a read on views of its area with scan lines across the
    /// read's bars only: its outline's top edge runs along the code.
    @Test func viewsAreScannedAcrossTheReadsBars() {
        func read(_ corners: [(Double, Double)]) -> Detection {
            Detection(symbology: .ean13, bytes: [], text: "", corners: corners.map { Point(x: $0.0, y: $0.1) }, engine: .zbar)
        }
        #expect(LinearConfirmation.lines(across: read([(10, 10), (200, 14), (200, 80), (10, 76)])) == .rows)
        #expect(LinearConfirmation.lines(across: read([(80, 10), (84, 200), (10, 200), (6, 10)])) == .columns)
        #expect(LinearConfirmation.lines(across: read([(0, 0), (100, 100), (50, 150), (-50, 50)])) == .both)
        #expect(LinearConfirmation.lines(across: read([(0, 0), (100, 0)])) == .both)
        // The bounds are those of the localizer's bars (Pass.scanning): rows
        // to 35° from horizontal, both from there to 55°.
        #expect(LinearConfirmation.lines(across: read([(0, 0), (87, 50), (62, 93), (-25, 43)])) == .rows)
        #expect(LinearConfirmation.lines(across: read([(0, 0), (77, 64), (45, 102), (-32, 38)])) == .both)
    }
}
