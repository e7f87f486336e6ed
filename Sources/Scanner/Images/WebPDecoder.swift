import CLibWebP

/// Decodes still WebP (lossy or lossless, with or without alpha) to RGB(A)
/// with libwebp, then to luma with `LumaConversion`, over white where
/// transparent.
enum WebPDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, name: String, limit: ImageSizeLimit) throws(ImageLoadError) -> Frame {
        func failure(_ status: VP8StatusCode) -> ImageLoadError {
            .corrupt(name: name, format: .webP, reason: "libwebp: " + describe(status))
        }
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw .corrupt(name: name, format: .webP, reason: "libwebp: library version mismatch")
        }
        let data = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let status = WebPGetFeatures(data, bytes.count, &config.input)
        guard status == VP8_STATUS_OK else { throw failure(status) }
        guard config.input.has_animation == 0 else {
            throw .corrupt(name: name, format: .webP, reason: "animated WebP is not supported; extract one frame")
        }
        let width = Int(config.input.width), height = Int(config.input.height)
        let layout: LumaConversion.Layout = config.input.has_alpha != 0 ? .rgba : .rgb
        try limit.check(width: width, height: height, format: .webP, name: name)
        // The frame and libwebp's colour output; lossless images (format 2)
        // and alpha planes are also held whole as 32-bit ARGB inside libwebp.
        let whole = config.input.format == 2 || config.input.has_alpha != 0 ? 4 : 0
        try limit.checkDecodingMemory(
            width: width, height: height, bytesPerPixel: 1 + layout.bytesPerPixel + whole, format: .webP, name: name)
        return try limit.makeFrame(width: width, height: height, format: .webP, name: name) {
            luma throws(ImageLoadError) in
            let stride = width * layout.bytesPerPixel
            let colour = UnsafeMutableRawBufferPointer.allocate(byteCount: stride * height, alignment: 16)
            defer { colour.deallocate() }
            config.output.colorspace = layout.alpha == nil ? MODE_RGB : MODE_RGBA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = colour.baseAddress!.assumingMemoryBound(to: UInt8.self)
            config.output.u.RGBA.stride = Int32(stride)
            config.output.u.RGBA.size = colour.count
            let status = WebPDecode(data, bytes.count, &config)
            WebPFreeDecBuffer(&config.output)
            guard status == VP8_STATUS_OK else { throw failure(status) }
            LumaConversion.convert(
                UnsafeRawBufferPointer(colour), layout: layout, width: width, height: height, sourceStride: stride,
                into: luma, destinationStride: width)
        }
    }

    private static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "unsupported feature"
        case VP8_STATUS_SUSPENDED: "decoding suspended"
        case VP8_STATUS_USER_ABORT: "decoding aborted"
        case VP8_STATUS_NOT_ENOUGH_DATA: "not enough data, the file is truncated"
        default: "status \(status.rawValue)"
        }
    }
}
