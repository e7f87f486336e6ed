/// Colour to luma conversion, shared by every decoder and camera format that
/// delivers colour pixels.
///
/// Y = (77 R + 150 G + 29 B + 128) >> 8: the BT.601 weights (0.299, 0.587,
/// 0.114) in 8-bit fixed point, summing to 256 so that white stays 255.
/// Translucent pixels are composited over white, because barcodes saved with
/// transparency are dark marks on a transparent background.
enum LumaConversion {
    /// Where the channels sit within one pixel.
    struct Layout: Sendable, Hashable {
        var bytesPerPixel: Int
        var red: Int
        var green: Int
        var blue: Int
        var alpha: Int? = nil

        static let rgb = Layout(bytesPerPixel: 3, red: 0, green: 1, blue: 2)
        static let bgr = Layout(bytesPerPixel: 3, red: 2, green: 1, blue: 0)
        static let rgba = Layout(bytesPerPixel: 4, red: 0, green: 1, blue: 2, alpha: 3)
        static let bgra = Layout(bytesPerPixel: 4, red: 2, green: 1, blue: 0, alpha: 3)
    }

    @inline(__always)
    static func luma(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (77 &* UInt32(red) &+ 150 &* UInt32(green) &+ 29 &* UInt32(blue) &+ 128) &>> 8)
    }

    @inline(__always)
    static func overWhite(_ luma: UInt8, alpha: UInt8) -> UInt8 {
        let a = UInt32(alpha)
        return UInt8(truncatingIfNeeded: (UInt32(luma) &* a &+ 255 &* (255 &- a) &+ 127) / 255)
    }

    /// Converts `height` rows of `width` colour pixels in `source` (rows
    /// `sourceStride` bytes apart) to luma rows `destinationStride` bytes
    /// apart in `destination`.
    static func convert(
        _ source: UnsafeRawBufferPointer, layout: Layout, width: Int, height: Int, sourceStride: Int,
        into destination: UnsafeMutableRawBufferPointer, destinationStride: Int
    ) {
        guard width > 0, height > 0 else { return }
        precondition(source.count >= sourceStride * (height - 1) + width * layout.bytesPerPixel)
        precondition(destination.count >= destinationStride * (height - 1) + width)
        let input = source.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let output = destination.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let step = layout.bytesPerPixel
        for row in 0..<height {
            var pixel = input + row * sourceStride
            let out = output + row * destinationStride
            if let alpha = layout.alpha {
                for x in 0..<width {
                    let y = luma(red: pixel[layout.red], green: pixel[layout.green], blue: pixel[layout.blue])
                    out[x] = overWhite(y, alpha: pixel[alpha])
                    pixel += step
                }
            } else {
                for x in 0..<width {
                    out[x] = luma(red: pixel[layout.red], green: pixel[layout.green], blue: pixel[layout.blue])
                    pixel += step
                }
            }
        }
    }
}
