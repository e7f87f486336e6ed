import Testing
@testable import Scanner

@Suite struct PNMDecoderTests {
    private func load(_ header: String, _ data: [UInt8] = []) throws -> Frame {
        try ImageLoader().load(Array(header.utf8) + data, name: "test.pnm")
    }

    @Test func decodesBinaryPGM() throws {
        let frame = try load("P5\n# a comment\n3 2\n255\n", [0, 128, 255, 10, 20, 30])
        #expect((frame.width, frame.height) == (3, 2))
        #expect(frame.packedPixels == [0, 128, 255, 10, 20, 30])
    }

    @Test func decodesPlainPGMWithSmallMaxval() throws {
        let frame = try load("P2 4 1 15\n0 5 15 20\n")
        #expect(frame.packedPixels == [0, 85, 255, 255])  // 20 is clamped to maxval
    }

    @Test func decodesSixteenBitPGM() throws {
        let frame = try load("P5 3 1 65535\n", [0x00, 0x00, 0x80, 0x00, 0xFF, 0xFF])
        #expect(frame.packedPixels == [0, 128, 255])
    }

    @Test func decodesPPMToLuma() throws {
        let binary = try load("P6 4 1 255\n", [255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255])
        #expect(binary.packedPixels == [255, 0, 77, 29])
        let plain = try load("P3\n2 1\n1000\n1000 1000 1000 0 1000 0\n")
        #expect(plain.packedPixels == [255, 149])
        let wide = try load("P6 1 1 65535\n", [0xFF, 0xFF, 0, 0, 0, 0])
        #expect(wide.packedPixels == [77])
    }

    @Test func decodesPBM() throws {
        // P4: one byte per row of 3 pixels; 1 is black.
        let packed = try load("P4\n3 2\n", [0b1010_0000, 0b0100_0000])
        #expect(packed.packedPixels == [0, 255, 0, 255, 0, 255])
        let plain = try load("P1\n3 2\n1 0 1\n010\n")
        #expect(plain.packedPixels == [0, 255, 0, 255, 0, 255])
    }

    @Test func absurdHeaderIsTooLargeBeforeAllocating() {
        #expect(throws: ImageLoadError.tooLarge(name: "test.pnm", width: 100_000, height: 100_000, limit: .standard)) {
            try load("P5\n100000 100000\n255\n", [1, 2, 3])
        }
    }

    @Test func truncatedPixelDataFails() {
        #expect(throws: ImageLoadError.corrupt(name: "test.pnm", format: .pnm, reason: "pixel data ends after 5 of 6 bytes")) {
            try load("P5 3 2 255\n", [1, 2, 3, 4, 5])
        }
        #expect(throws: ImageLoadError.self) { try load("P2 3 2 255\n1 2 3 4") }
    }

    @Test func badHeaderFails() {
        #expect(throws: ImageLoadError.corrupt(name: "test.pnm", format: .pnm, reason: "the header's maxval must be 1 to 65535")) {
            try load("P5 3 2 70000\n", [1, 2, 3, 4, 5, 6])
        }
        #expect(throws: ImageLoadError.self) { try load("P5 x y\n") }
    }
}
