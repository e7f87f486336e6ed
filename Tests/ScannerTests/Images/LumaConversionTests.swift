import Testing
@testable import Scanner

@Suite struct LumaConversionTests {
    private func convert(_ source: [UInt8], layout: LumaConversion.Layout, width: Int, height: Int, sourceStride: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0xEE, count: width * height)
        source.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                LumaConversion.convert(input, layout: layout, width: width, height: height, sourceStride: sourceStride,
                                       into: out, destinationStride: width)
            }
        }
        return output
    }

    @Test func usesBT601Weights() {
        let rgb: [UInt8] = [255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 128, 128, 128]
        #expect(convert(rgb, layout: .rgb, width: 6, height: 1, sourceStride: 18) == [255, 0, 77, 149, 29, 128])
        let bgr: [UInt8] = [255, 0, 0, 0, 0, 255]
        #expect(convert(bgr, layout: .bgr, width: 2, height: 1, sourceStride: 6) == [29, 77])
    }

    @Test func compositesAlphaOverWhite() {
        let rgba: [UInt8] = [0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 128, 255, 255, 255, 0]
        #expect(convert(rgba, layout: .rgba, width: 4, height: 1, sourceStride: 16) == [0, 255, 127, 255])
    }

    @Test func honoursRowPadding() {
        // Two rows of one pixel, each padded to 5 bytes.
        let padded: [UInt8] = [255, 255, 255, 9, 9, 0, 0, 0, 9, 9]
        #expect(convert(padded, layout: .rgb, width: 1, height: 2, sourceStride: 5) == [255, 0])
    }
}
