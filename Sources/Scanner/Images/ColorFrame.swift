/// Frames from colour pixels another stack delivers (a GStreamer or SDL
/// buffer, a screenshot): converted to luma as every decoder here does.
extension Frame {
    /// Where the channels of one packed colour pixel sit.
    public enum ColorLayout: Sendable, Hashable, CaseIterable {
        case rgb, bgr, rgba, bgra

        var conversion: LumaConversion.Layout {
            switch self {
            case .rgb: .rgb
            case .bgr: .bgr
            case .rgba: .rgba
            case .bgra: .bgra
            }
        }
    }

    /// Why colour pixels could not become a frame.
    public enum ColorPixelsError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The size is not one `limit` allows (zero, negative or too large).
        case size(width: Int, height: Int, limit: ImageSizeLimit)
        /// `stride` is shorter than one row of pixels.
        case stride(Int, rowBytes: Int)
        /// The buffer ends before the last pixel.
        case tooFewBytes(count: Int, needed: Int)

        public var description: String {
            switch self {
            case .size(let width, let height, let limit):
                "a \(width)x\(height) frame is outside the limit of \(limit.maxPixels) pixels and \(limit.maxSide) per side"
            case .stride(let stride, let rowBytes):
                "a stride of \(stride) bytes is shorter than one row of \(rowBytes) bytes"
            case .tooFewBytes(let count, let needed):
                "the buffer holds \(count) bytes, but the frame needs \(needed)"
            }
        }
    }

    /// A luma frame made from `width` x `height` colour pixels in `bytes`,
    /// rows `stride` bytes apart (packed by default). Translucent pixels
    /// are composited over white. Every number is checked before anything
    /// is allocated.
    public init(
        width: Int, height: Int, colorPixels bytes: UnsafeRawBufferPointer, layout: ColorLayout, stride: Int? = nil,
        limit: ImageSizeLimit = .standard
    ) throws(ColorPixelsError) {
        guard limit.allows(width: width, height: height) else { throw .size(width: width, height: height, limit: limit) }
        let conversion = layout.conversion
        let rowBytes = width * conversion.bytesPerPixel  // cannot overflow: width <= maxSide
        let stride = stride ?? rowBytes
        guard stride >= rowBytes else { throw .stride(stride, rowBytes: rowBytes) }
        let (rows, overflow) = stride.multipliedReportingOverflow(by: height - 1)
        let needed = overflow ? Int.max : rows.addingReportingOverflow(rowBytes).overflow ? Int.max : rows + rowBytes
        guard bytes.count >= needed else { throw .tooFewBytes(count: bytes.count, needed: needed) }
        let storage = PixelStorage(count: width * height) { luma in
            LumaConversion.convert(
                bytes, layout: conversion, width: width, height: height, sourceStride: stride, into: luma, destinationStride: width)
        }
        self.init(width: width, height: height, storage: storage)
    }
}
