import Testing
@testable import Scanner

struct PixelFormatTests {
    @Test func fourCharacterCodesRoundTrip() {
        #expect(PixelFormat.yuyv.rawValue == 0x5659_5559)
        #expect(PixelFormat("Y16").description == "Y16 ")
        #expect(PixelFormat("Y16 -BE").rawValue == PixelFormat("Y16 ").rawValue | 1 << 31)
        #expect(PixelFormat("Y16 -BE").description == "Y16 -BE")
    }

    @Test func lumaLayoutsByFormat() {
        #expect(PixelFormat.nv12.luma == .plane)
        #expect(PixelFormat.uyvy.luma == .interleaved(offset: 1))
        #expect(PixelFormat.mjpeg.luma == .jpeg)
        #expect(PixelFormat("BA81").luma == nil)
    }

    /// Two rows of two pixels, rows padded to `stride` bytes.
    func luma(_ format: PixelFormat, _ bytes: [UInt8], stride: Int) -> [UInt8] {
        bytes.withUnsafeBytes { raw in
            format.luma!.copyLuma(from: raw, width: 2, height: 2, bytesPerLine: stride).packedPixels
        }
    }

    @Test func packedYUVTakesEverySecondByte() {
        let yuyv: [UInt8] = [10, 128, 20, 128, 0xEE, 0xEE, 30, 128, 40, 128, 0xEE, 0xEE]
        #expect(luma(.yuyv, yuyv, stride: 6) == [10, 20, 30, 40])
        let uyvy: [UInt8] = [128, 10, 128, 20, 128, 30, 128, 40]
        #expect(luma(.uyvy, uyvy, stride: 4) == [10, 20, 30, 40])
    }

    @Test func colourBecomesBT601Luma() {
        // Grey stays grey; full red, green and blue get their weights
        // (255 * w + 128) >> 8.
        let rgb: [UInt8] = [77, 77, 77, 255, 0, 0, 0, 255, 0, 0, 0, 255]
        #expect(luma(.rgb3, rgb, stride: 6) == [77, 77, 149, 29])
        let bgrx: [UInt8] = [77, 77, 77, 0, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 0]
        #expect(luma(.xr24, bgrx, stride: 8) == [77, 77, 149, 29])
    }
}
