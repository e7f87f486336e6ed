import ScannerTestSupport
import Testing
@testable import Scanner

@Suite struct ColorFrameTests {
    /// A QR render handed over as colour pixels in every layout, with a
    /// padded stride, reads back; the luma is BT.601's, so a pure red,
    /// green and blue pixel land where the weights put them.
    @Test(arguments: Frame.ColorLayout.allCases)
    func colourBuffersBecomeFramesThatRead(layout: Frame.ColorLayout) throws {
        let symbol = try ZintRenderer.render(.qr, .text("colour 42"), moduleSize: 4).frame
        let gray = symbol.packedPixels
        let channels = layout.conversion.bytesPerPixel, stride = symbol.width * channels + 7
        var bytes = [UInt8](repeating: 0, count: stride * symbol.height)
        for y in 0..<symbol.height {
            for x in 0..<symbol.width {
                let pixel = y * stride + x * channels
                for channel in 0..<3 { bytes[pixel + channel] = gray[y * symbol.width + x] }
                if channels == 4 { bytes[pixel + 3] = 255 }
            }
        }
        let frame = try bytes.withUnsafeBytes { buffer throws(Frame.ColorPixelsError) in
            try Frame(width: symbol.width, height: symbol.height, colorPixels: buffer, layout: layout, stride: stride)
        }
        #expect(frame.packedPixels == gray)
        #expect(BarcodeReader().read(frame).detections.map(\.text) == ["colour 42"])

        let layoutOf = layout.conversion
        for (index, expected) in [(layoutOf.red, UInt8(77)), (layoutOf.green, 149), (layoutOf.blue, 29)] {
            var pixel = [UInt8](repeating: 0, count: channels)
            pixel[index] = 255
            if let alpha = layoutOf.alpha { pixel[alpha] = 255 }
            let one = try pixel.withUnsafeBytes { buffer throws(Frame.ColorPixelsError) in
                try Frame(width: 1, height: 1, colorPixels: buffer, layout: layout)
            }
            #expect(one.packedPixels == [expected], "channel \(index) of \(layout)")
        }
    }

    @Test func badGeometryIsAnErrorNotACrash() {
        let bytes = [UInt8](repeating: 0, count: 30)
        bytes.withUnsafeBytes { buffer in
            #expect(throws: Frame.ColorPixelsError.tooFewBytes(count: 30, needed: 36)) {
                try Frame(width: 4, height: 3, colorPixels: buffer, layout: .rgb)
            }
            #expect(throws: Frame.ColorPixelsError.stride(5, rowBytes: 12)) {
                try Frame(width: 4, height: 2, colorPixels: buffer, layout: .rgb, stride: 5)
            }
            #expect(throws: Frame.ColorPixelsError.size(width: 0, height: 2, limit: .standard)) {
                try Frame(width: 0, height: 2, colorPixels: buffer, layout: .rgb)
            }
            #expect(throws: Frame.ColorPixelsError.size(width: 70_000, height: 2, limit: .standard)) {
                try Frame(width: 70_000, height: 2, colorPixels: buffer, layout: .bgra)
            }
        }
    }
}
