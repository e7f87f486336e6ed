/// Where luma sits in a frame of some pixel format, and how to get it out.
enum LumaLayout: Sendable, Hashable {
    /// A plane of 8-bit luma rows leads the buffer: lent as is, no copy.
    case plane
    /// Luma is every second byte from `offset` (YUYV, UYVY, 16-bit grey).
    case interleaved(offset: Int)
    /// Colour pixels, converted to luma.
    case rgb(LumaConversion.Layout)
    /// Each frame is a JPEG image.
    case jpeg

    /// The order of preference when choosing among formats: lower is less work.
    var cost: Int {
        switch self {
        case .plane: 0
        case .interleaved: 1
        case .jpeg: 2
        case .rgb: 3
        }
    }

    /// The bytes a `width` x `height` frame with rows `bytesPerLine` apart
    /// needs, or nil when it varies (JPEG).
    func bytesNeeded(width: Int, height: Int, bytesPerLine: Int) -> Int? {
        let lastRow = bytesPerLine * (height - 1)
        switch self {
        case .plane: return lastRow + width
        case .interleaved: return lastRow + 2 * width
        case .rgb(let layout): return lastRow + layout.bytesPerPixel * width
        case .jpeg: return nil
        }
    }

    /// A frame that owns the luma of the raw frame in `source`, which must
    /// hold `bytesNeeded` bytes. (JPEG frames go through the JPEG decoder.)
    func copyLuma(from source: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerLine: Int) -> Frame {
        let storage = PixelStorage(count: width * height) { target in
            if case .rgb(let layout) = self {
                LumaConversion.convert(
                    source, layout: layout, width: width, height: height, sourceStride: bytesPerLine,
                    into: target, destinationStride: width)
                return
            }
            let input = source.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let output = target.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for row in 0..<height {
                let from = input + row * bytesPerLine, to = output + row * width
                switch self {
                case .plane, .jpeg, .rgb:
                    to.update(from: from, count: width)
                case .interleaved(let offset):
                    for x in 0..<width { to[x] = from[2 &* x &+ offset] }
                }
            }
        }
        return Frame(width: width, height: height, storage: storage)
    }
}
