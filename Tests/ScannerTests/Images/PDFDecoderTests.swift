import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// PDF through poppler: three pages made with libtiff's `tiff2pdf`, codes on
/// pages 1 and 3 and nothing on page 2.
@Suite struct PDFDecoderTests {
    private func document() throws -> PageFixtures {
        let fixtures = try PageFixtures()
        try fixtures.qr("pdf page one", named: "one")
        try ImageTools.writePGM(ImageTools.blank(), named: "two", in: fixtures.url)
        try fixtures.qr("pdf page three", named: "three")
        // 72 dpi images: one image pixel per point, so 200 dpi renders at 2.8x.
        try fixtures.shell("""
            for p in one two three; do pnmtotiff -lzw -xresolution 72 -yresolution 72 $p.pgm > $p.tif || exit 1; done \
            && tiffcp one.tif two.tif three.tif pages.tif && tiff2pdf -o pages.pdf pages.tif
            """)
        return fixtures
    }

    @Test func rendersEveryPage() throws {
        let pages = try document().pages("pages.pdf")
        #expect(pages.map(\.fragment) == ["page=1", "page=2", "page=3"])
        #expect(pages.map(\.texts.value) == [["pdf page one"], [], ["pdf page three"]])
    }

    @Test func rendersAtTheResolutionAsked() throws {
        let fixtures = try document()
        let source = try ImageLoader().load(contentsOf: fixtures.path("one.tif"))
        for dotsPerInch in [72, 200] {
            var loader = ImageLoader()
            loader.pdfDotsPerInch = dotsPerInch
            let frame = try loader.load(contentsOf: fixtures.path("pages.pdf"))
            let expected = Double(source.width) * Double(dotsPerInch) / 72
            #expect(abs(Double(frame.width) - expected) <= 1, "\(dotsPerInch) dpi: \(frame.width) for \(expected)")
        }
    }

    @Test func truncatedAndDamagedFilesFailClearly() throws {
        let fixtures = try document()
        let whole = try fixtures.bytes("pages.pdf")
        try fixtures.write(Array(whole.prefix(40)), to: "cut.pdf")
        try fixtures.write(Array("%PDF-1.4\nnothing here\n".utf8), to: "empty.pdf")
        for name in ["cut.pdf", "empty.pdf"] {
            do {
                _ = try fixtures.pages(name)
                Issue.record("\(name) was read")
            } catch .corrupt(let failed, .pdf, let reason) {
                #expect(failed == fixtures.path(name))
                #expect(reason.hasPrefix("poppler: ") && !reason.contains("\n"), "\(reason)")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }

    @Test func anAbsurdPageIsRefusedBeforeRendering() throws {
        let fixtures = try document()
        var loader = ImageLoader()
        loader.pdfDotsPerInch = 2400
        // A 200-point page at 2400 dpi is 6667 pixels a side: 44 MP, allowed;
        // with a limit of 10 MP it must be refused, with no render attempted.
        loader.limit = ImageSizeLimit(maxPixels: 10_000_000, maxSide: 65_535)
        var pages: [ImagePage] = []
        try loader.forEachPage(contentsOf: fixtures.path("pages.pdf")) { pages.append($0); return true }
        for page in pages {
            guard case .failure(.tooLarge(let name, _, _, _)) = page.frame else {
                Issue.record("\(String(describing: page.fragment)) was rendered")
                continue
            }
            #expect(name.hasSuffix("pages.pdf#" + (page.fragment ?? "")))
        }
    }
}
