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

    /// A RIFF container holding only a lossless header (VP8L) that claims
    /// `width` x `height`: 25 bytes.
    static func losslessHeader(width: Int, height: Int) -> [UInt8] {
        let bits = UInt32(width - 1) | UInt32(height - 1) << 14
        let header: [UInt8] = [0x2F] + withUnsafeBytes(of: bits.littleEndian, Array.init)
        let chunk = Array("VP8L".utf8) + withUnsafeBytes(of: UInt32(header.count).littleEndian, Array.init) + header + [0]
        let body = Array("WEBP".utf8) + chunk
        return Array("RIFF".utf8) + withUnsafeBytes(of: UInt32(body.count).littleEndian, Array.init) + body
    }

    /// 10000x10000 is within the pixel limit, but decoding it losslessly
    /// would take about 900 MB (libwebp's ARGB image, its RGB output and the
    /// frame): refused from the header, before anything is allocated.
    @Test func smallFileClaimingAHugeSizeIsRefusedBeforeDecoding() throws {
        let bytes = Self.losslessHeader(width: 10000, height: 10000)
        #expect(bytes.count < 30)
        #expect(throws: ImageLoadError.tooMuchMemory(
            name: "claim.webp", format: .webP, width: 10000, height: 10000, bytes: 800_000_000, limit: .standard)
        ) {
            try ImageLoader().load(bytes, name: "claim.webp")
        }
        let message = "\(ImageLoadError.tooMuchMemory(name: "claim.webp", format: .webP, width: 10000, height: 10000, bytes: 800_000_000, limit: .standard))"
        #expect(message.contains("claim.webp") && message.contains("762 MiB") && message.contains("256 MiB"), "\(message)")
        // A size that fits gets as far as libwebp, which finds no image data.
        #expect {
            try ImageLoader().load(Self.losslessHeader(width: 100, height: 100), name: "small.webp")
        } throws: { error in
            guard case ImageLoadError.corrupt(name: "small.webp", format: .webP, _) = error else { return false }
            return true
        }
    }
}
