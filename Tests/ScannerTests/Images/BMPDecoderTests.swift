import Foundation
import Scanner
import ScannerTestSupport
import Testing

/// BMP through our own reader, files made by netpbm's `ppmtobmp`.
@Suite struct BMPDecoderTests {
    private func bitmaps() throws -> PageFixtures {
        let fixtures = try PageFixtures()
        try fixtures.qr("bitmap", named: "code")
        try fixtures.shell("""
            pamthreshold -simple code.pgm | pamtopnm > code.pbm \
            && ppmtobmp -bpp 1 code.pbm > bits1.bmp && ppmtobmp -bpp 4 code.pgm > bits4.bmp \
            && ppmtobmp -bpp 8 code.pgm > bits8.bmp && pgmtoppm '#ffffff' code.pgm | ppmtobmp -bpp 24 > bits24.bmp \
            && ppmtobmp -os2 -bpp 8 code.pgm > os2.bmp
            """)
        return fixtures
    }

    @Test(arguments: ["bits1.bmp", "bits4.bmp", "bits8.bmp", "bits24.bmp", "os2.bmp"])
    func decodesEveryDepth(name: String) throws {
        #expect(try bitmaps().pages(name).map(\.texts.value) == [["bitmap"]])
    }

    @Test func readsTopDownRowsAndBitFields() throws {
        let fixtures = try bitmaps()
        let frame = try ImageLoader().load(contentsOf: fixtures.path("bits24.bmp"))
        // Rewrite the 24-bit file as a top-down, 32-bit BI_BITFIELDS one
        // with its masks in a V4-sized header, by hand from the decoded pixels.
        let (width, height) = (frame.width, frame.height)
        var file = [UInt8]()
        func u16(_ v: Int) { file += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) { u16(v & 0xFFFF); u16(v >> 16 & 0xFFFF) }
        let offset = 14 + 108
        file += Array("BM".utf8); u32(offset + width * height * 4); u32(0); u32(offset)
        u32(108); u32(width); u32(-height & 0xFFFF_FFFF); u16(1); u16(32); u32(3); u32(width * height * 4)
        u32(2835); u32(2835); u32(0); u32(0)
        u32(0x0000_FF00); u32(0x00FF_0000); u32(0xFF00_0000); u32(0)  // R, G, B in unusual places
        file += [UInt8](repeating: 0, count: 108 - 56)
        for y in 0..<height {
            for x in 0..<width {
                let luma = frame.packedPixels[y * width + x]
                file += [0, luma, luma, luma]
            }
        }
        try fixtures.write(file, to: "v4.bmp")
        let reread = try ImageLoader().load(contentsOf: fixtures.path("v4.bmp"))
        #expect(reread.packedPixels == frame.packedPixels)
    }

    @Test func truncatedAndDamagedFilesFailClearly() throws {
        let fixtures = try bitmaps()
        let whole = try fixtures.bytes("bits8.bmp")
        try fixtures.write(Array(whole.prefix(whole.count / 2)), to: "cut.bmp")
        var odd = whole
        odd[28] = 7  // 7 bits per pixel
        try fixtures.write(odd, to: "odd.bmp")
        var far = whole
        far[10...13] = [0xFF, 0xFF, 0xFF, 0x7F]  // pixel data offset past the end
        try fixtures.write(far, to: "far.bmp")
        let expected = [
            "cut.bmp": "pixel data ends after",
            "odd.bmp": "7 bits per pixel with compression 0 is not a bitmap layout",
            "far.bmp": "the pixel data offset 2147483647 lies outside the file",
        ]
        for (name, reason) in expected {
            #expect(throws: ImageLoadError.self) { try ImageLoader().load(contentsOf: fixtures.path(name)) }
            do {
                _ = try ImageLoader().load(contentsOf: fixtures.path(name))
            } catch .corrupt(let failed, .bmp, let message) {
                #expect(failed == fixtures.path(name))
                #expect(message.hasPrefix(reason), "\(name): \(message)")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }

    @Test func anAbsurdSizeIsRefusedBeforeDecoding() throws {
        let fixtures = try bitmaps()
        var huge = try fixtures.bytes("bits8.bmp")
        huge[18...25] = [0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00]  // 65536 x 65536
        try fixtures.write(huge, to: "huge.bmp")
        #expect(throws: ImageLoadError.tooLarge(name: fixtures.path("huge.bmp"), width: 65536, height: 65536, limit: .standard)) {
            try ImageLoader().load(contentsOf: fixtures.path("huge.bmp"))
        }
    }
}
