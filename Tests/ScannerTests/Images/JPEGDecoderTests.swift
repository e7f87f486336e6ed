import Testing
@testable import Scanner

@Suite struct JPEGDecoderTests {
    @Test func decodesBaselineColourJPEGToLuma() throws {
        let frame = try ImageLoader().load(contentsOf: ImageFixtures.corpusPath("qrcode-2/#199b.jpg"))
        #expect((frame.width, frame.height) == (100, 99))
        #expect(frame[0, 0] > 180)  // light paper around the code
        // The top-left finder pattern: dark ring, light gap, dark centre.
        #expect(frame[10, 8] < 80)
        #expect(frame[13, 16] > 180)
        #expect(frame[20, 16] < 80)
    }

    @Test func decodesProgressiveAndGrayscaleJPEG() throws {
        let progressive = try ImageLoader().load(contentsOf: ImageFixtures.corpusPath("qrcode-2/estimate-tilt.jpg"))
        #expect((progressive.width, progressive.height) == (95, 75))
        let gray = try ImageLoader().load(contentsOf: ImageFixtures.corpusPath("aztec-2/#956.jpg"))
        #expect((gray.width, gray.height) == (207, 209))
        #expect(gray.packedPixels.contains { $0 < 40 } && gray.packedPixels.contains { $0 > 200 })
    }

    @Test(arguments: [(JPEGScale.full, 350, 375), (.half, 175, 188), (.quarter, 88, 94), (.eighth, 44, 47)])
    func scalesInsideTheDecoder(scale: JPEGScale, width: Int, height: Int) throws {
        let bytes = try ImageFixtures.corpusBytes("qrcode-2/high-res-1.jpg")
        let frame = try JPEGDecoder.decode(bytes, scale: scale, name: "high-res-1.jpg")
        #expect((frame.width, frame.height) == (width, height))
    }

    /// The camera's MJPEG path (raw buffer) and file loading give the same pixels.
    @Test func rawBufferAndFileLoadingAgree() throws {
        let path = try ImageFixtures.corpusPath("datamatrix-3/dm-c.jpg")
        let bytes = try ImageFixtures.corpusBytes("datamatrix-3/dm-c.jpg")
        let fromBuffer = try bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageLoadError) in try JPEGDecoder.decode(buffer, name: "/dev/video0") }
        }.get()
        let fromFile = try ImageLoader().load(contentsOf: path)
        #expect((fromBuffer.width, fromBuffer.height) == (347, 145))
        #expect(fromBuffer.packedPixels == fromFile.packedPixels)
    }

    /// A real JPEG whose frame header is patched to claim 60000x60000 pixels
    /// is refused from the header alone.
    @Test func absurdHeaderSizeIsTooLarge() throws {
        var bytes = try ImageFixtures.corpusBytes("qrcode-2/#199b.jpg")
        let frameHeader = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange(frameHeader + 5..<frameHeader + 9, with: [0xEA, 0x60, 0xEA, 0x60])
        #expect(throws: ImageLoadError.tooLarge(name: "big.jpg", width: 60000, height: 60000, limit: .standard)) {
            try JPEGDecoder.decode(bytes, name: "big.jpg")
        }
    }
}
