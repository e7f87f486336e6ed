import Testing
@testable import Scanner

@Suite struct WebPDecoderTests {
    /// dm-5.webp is a Data Matrix whose background is transparent, and some
    /// of those transparent pixels hold dark colour (42 at 64,8): they must
    /// come out white, not dark.
    @Test func compositesAlphaOverWhite() throws {
        let frame = try ImageLoader().load(contentsOf: ImageFixtures.corpusPath("datamatrix-3/dm-5.webp"))
        #expect((frame.width, frame.height) == (224, 194))
        #expect(frame[64, 8] == 255)
        #expect(frame[0, 0] == 255)
        #expect(frame[112, 97] < 40)  // a module of the symbol
    }

    @Test(arguments: [("ean13-1/14.webp", 553, 178), ("aztec-1/#128.webp", 184, 184)])
    func decodesOpaqueLossyAndLosslessWebP(file: String, width: Int, height: Int) throws {
        let frame = try ImageLoader().load(contentsOf: ImageFixtures.corpusPath(file))
        #expect((frame.width, frame.height) == (width, height))
        let pixels = frame.packedPixels
        #expect(pixels.min()! < 60 && pixels.max()! > 190)
    }

    /// A lossless header patched to claim 16384x16384 (its 14-bit sizes
    /// minus one all ones) is refused from the header alone.
    @Test func absurdSizeIsTooLarge() throws {
        var bytes = try ImageFixtures.corpusBytes("aztec-1/#128.webp")
        #expect(Array(bytes[12..<16]) == Array("VP8L".utf8))
        bytes.replaceSubrange(21..<25, with: [0xFF, 0xFF, 0xFF, bytes[24] | 0x0F])
        #expect(throws: ImageLoadError.tooLarge(name: "big.webp", width: 16384, height: 16384, limit: .standard)) {
            try ImageLoader().load(bytes, name: "big.webp")
        }
    }
}
