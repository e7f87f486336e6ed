import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// TIFF through libtiff, files made by netpbm's `pnmtotiff` and libtiff's `tiffcp`.
@Suite struct TIFFDecoderTests {
    /// Three pages, each a different code and a different encoding: LZW
    /// gray, uncompressed RGB, and 1-bit CCITT G4 stored in strips.
    private func threePages() throws -> PageFixtures {
        let fixtures = try PageFixtures()
        try fixtures.qr("page one", named: "one")
        try fixtures.qr("page two", named: "two")
        try fixtures.qr("page three", named: "three")
        try fixtures.shell("""
            pnmtotiff -lzw one.pgm > one.tif && pgmtoppm '#ffffff' two.pgm | pnmtotiff -none > two.tif \
            && pamthreshold -simple three.pgm | pamtopnm | pnmtotiff -g4 -rowsperstrip 16 > three.tif \
            && tiffcp one.tif two.tif three.tif pages.tif
            """)
        return fixtures
    }

    @Test func everyPageIsItsOwnPicture() throws {
        let fixtures = try threePages()
        let pages = try fixtures.pages("pages.tif")
        #expect(pages.map(\.fragment) == ["page=1", "page=2", "page=3"])
        #expect(pages.map(\.texts.value) == [["page one"], ["page two"], ["page three"]])
    }

    @Test func aSinglePageHasNoFragmentAndLoadsAsOneFrame() throws {
        let fixtures = try threePages()
        let pages = try fixtures.pages("one.tif")
        #expect(pages.map(\.fragment) == [nil])
        #expect(pages.map(\.texts.value) == [["page one"]])
        let frame = try ImageLoader().load(contentsOf: fixtures.path("one.tif"))
        #expect(BarcodeReader().read(frame).detections.map(\.text) == ["page one"])
    }

    /// The one-frame API does not hand back page 1 of 3 as if it were the file.
    @Test func theOneFrameCallRefusesSeveralPages() throws {
        let fixtures = try threePages()
        let error = #expect(throws: ImageLoadError.severalPages(name: fixtures.path("pages.tif"), format: .tiff)) {
            try ImageLoader().load(contentsOf: fixtures.path("pages.tif"))
        }
        #expect(error?.description.contains("forEachPage(contentsOf:)") == true)
    }

    @Test func truncatedAndDamagedFilesFailClearly() throws {
        let fixtures = try threePages()
        let whole = try fixtures.bytes("one.tif")
        // Cut inside the pixel data: the page fails, with libtiff's reason.
        try fixtures.write(Array(whole.prefix(whole.count / 2)), to: "cut.tif")
        // The header points its first directory past the end.
        try fixtures.write(Array(whole.prefix(4)) + [0xFF, 0xFF, 0xFF, 0x7F] + whole.dropFirst(8), to: "lost.tif")
        for name in ["cut.tif", "lost.tif"] {
            let reason = fixtures.corruptionReason(name, format: .tiff) ?? ""
            #expect(reason.hasPrefix("libtiff: ") && reason.count > 12 && !reason.contains("\n"), "\(reason)")
            #expect(!reason.contains("memory"), "libtiff's name for the buffer stays out of messages")
        }
    }

    @Test func anAbsurdPageSizeIsRefusedBeforeDecoding() throws {
        let fixtures = try threePages()
        try fixtures.shell("cp one.tif huge.tif && tiffset -s 256 60000 huge.tif && tiffset -s 257 60000 huge.tif")
        #expect(throws: ImageLoadError.tooLarge(name: fixtures.path("huge.tif"), width: 60000, height: 60000, limit: .standard)) {
            try ImageLoader().load(contentsOf: fixtures.path("huge.tif"))
        }
    }
}
