import CLibPNG
import Testing
@testable import Scanner

@Suite struct PNGDecoderTests {
    @Test func decodesOneBitGrayPNG() throws {
        let frame = try ImageLoader().load(contentsOf: ImageFixtures.corpusPath("code39-2/1.png"))
        #expect((frame.width, frame.height) == (420, 87))
        #expect(Set(frame.packedPixels) == [0, 255])
        #expect(frame[0, 0] == 255)
    }

    @Test func decodesPalettePNGs() throws {
        let oneBit = try ImageLoader().load(contentsOf: ImageFixtures.corpusPath("qrcode-2/#940.png"))
        #expect((oneBit.width, oneBit.height) == (41, 41))
        #expect(Set(oneBit.packedPixels) == [0, 255])
        // 8-bit palette whose transparent entry must come out light.
        let palette = try ImageLoader().load(contentsOf: ImageFixtures.corpusPath("qrcode-2/8.png"))
        #expect((palette.width, palette.height) == (330, 341))
        #expect(palette[0, 0] == 255 && palette[165, 170] == 0)
        let fourBit = try ImageLoader().load(contentsOf: ImageFixtures.corpusPath("qrcode-2/qr-circles-1.png"))
        #expect((fourBit.width, fourBit.height) == (258, 260))
    }

    @Test func decodesEightBitGrayPNG() throws {
        let frame = try ImageLoader().load(contentsOf: ImageFixtures.corpusPath("qrcode-2/10.png"))
        #expect((frame.width, frame.height) == (77, 77))
        #expect(frame[0, 0] == 0 && frame[76, 76] == 255)
    }

    /// A 16-bit gray + alpha PNG written by libpng itself: opaque black,
    /// opaque white, transparent black (which must become white) and
    /// half-transparent black.
    @Test func decodesSixteenBitGrayWithAlphaOverWhite() throws {
        let samples: [UInt16] = [0, 65535, 65535, 65535, 0, 0, 0, 32768]
        let png = try writeLinearGrayAlphaPNG(width: 4, height: 1, samples: samples)
        #expect(png[24] == 16 && png[25] == 4)  // IHDR: 16-bit gray + alpha
        let frame = try ImageLoader().load(png, name: "sixteen.png")
        #expect((frame.width, frame.height) == (4, 1))
        #expect(frame[0, 0] == 0)
        #expect(frame[1, 0] == 255)
        #expect(frame[2, 0] == 255)
        #expect((100...200).contains(frame[3, 0]))
    }

    /// An IHDR claiming 100000x100000, followed by an empty IDAT (valid
    /// CRCs, no image data), is refused before decoding.
    @Test func absurdIHDRIsTooLarge() {
        let ihdr = Array("IHDR".utf8) + bigEndian(100_000) + bigEndian(100_000) + [8, 0, 0, 0, 0]
        let idat = Array("IDAT".utf8)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + bigEndian(13) + ihdr + bigEndian(crc32(ihdr)) + bigEndian(0) + idat + bigEndian(crc32(idat))
        #expect(throws: ImageLoadError.tooLarge(name: "huge.png", width: 100_000, height: 100_000, limit: .standard)) {
            try ImageLoader().load(png, name: "huge.png")
        }
    }

    private func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    private func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    struct WriteFailed: Error {}

    /// libpng's simplified writer turns 16-bit linear samples into a 16-bit PNG.
    private func writeLinearGrayAlphaPNG(width: Int, height: Int, samples: [UInt16]) throws -> [UInt8] {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(PNG_FORMAT_LINEAR_Y_ALPHA)
        var size = 0
        guard png_image_write_to_memory(&image, nil, &size, 0, samples, 0, nil) != 0 else { throw WriteFailed() }
        var png = [UInt8](repeating: 0, count: size)
        guard png_image_write_to_memory(&image, &png, &size, 0, samples, 0, nil) != 0 else { throw WriteFailed() }
        return Array(png.prefix(size))
    }
}
