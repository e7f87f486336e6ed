import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

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
            var first: Frame?
            try loader.forEachPage(contentsOf: fixtures.path("pages.pdf")) { page in
                first = try? page.frame.get()
                return false
            }
            let frame = try #require(first)
            let expected = Double(source.width) * Double(dotsPerInch) / 72
            #expect(abs(Double(frame.width) - expected) <= 1, "\(dotsPerInch) dpi: \(frame.width) for \(expected)")
        }
    }

    @Test func theOneFrameCallRefusesSeveralPages() throws {
        let fixtures = try document()
        #expect(throws: ImageLoadError.severalPages(name: fixtures.path("pages.pdf"), format: .pdf)) {
            try ImageLoader().load(contentsOf: fixtures.path("pages.pdf"))
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

    /// poppler is loaded by the first PDF; where it cannot be, the error
    /// carries the loader's reason and the package to install.
    @Test func aLibraryThatCannotBeLoadedIsNamedWithItsPackage() throws {
        guard case .failure(let missing) = PDFDecoder.load("libpoppler-glib.so.999") else {
            Issue.record("a library that does not exist was loaded")
            return
        }
        #expect(missing.reason.contains("libpoppler-glib.so.999: cannot open shared object file"), "\(missing.reason)")
        // A library without poppler's functions is refused at loading.
        guard case .failure(let other) = PDFDecoder.load("libz.so.1") else {
            Issue.record("zlib was taken for poppler")
            return
        }
        #expect(other.reason == "libz.so.1 has no g_bytes_new_static")
        guard case .success = PDFDecoder.load(PDFDecoder.library.soname) else {
            Issue.record("\(PDFDecoder.library.soname) cannot be loaded")
            return
        }
        let error = ImageLoadError.missingLibrary(name: "a.pdf", format: .pdf, package: PDFDecoder.library.package, reason: missing.reason)
        #expect(error.description.hasPrefix("a.pdf is a PDF file, and the library that reads it cannot be loaded (libpoppler-glib.so.999"))
        #expect(error.description.hasSuffix("; install it: sudo apt install libpoppler-glib8"))
    }
}
