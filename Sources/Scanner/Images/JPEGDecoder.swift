import CJPEGDecode

/// How much libjpeg shrinks an image while decoding it. Downscaling inside
/// the decoder skips most of the inverse DCT work, which is what makes
/// decoding large MJPEG camera frames cheap.
public enum JPEGScale: Int, Sendable, Hashable, CaseIterable {
    case full = 1
    case half = 2
    case quarter = 4
    case eighth = 8
}

/// Decodes JPEG to an 8-bit luma frame. libjpeg is asked for grayscale
/// output directly, so chroma is never decoded. Image files and camera MJPEG
/// frames share this one path.
public enum JPEGDecoder {
    /// Decodes `bytes`, shrunk by `scale`. `name` (a file or device) is used in
    /// error messages. The stored image size is checked against `limit`
    /// before any pixel memory is allocated.
    /// A truncated image is an error: a camera's next frame is whole.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, scale: JPEGScale = .full, name: String,
        limit: ImageSizeLimit = .standard
    ) throws(ImageLoadError) -> Frame {
        try decode(bytes, scale: scale, name: name, limit: limit, keepingTruncated: false).frame
    }

    /// Decodes `bytes` as `decode(_:scale:name:limit:)` does, except that
    /// data ending early gives what arrived, gray below the cut, with
    /// `truncated` set: a file cut short may still hold its codes, and
    /// zbarimg reads them.
    public static func decodeWhatArrived(
        _ bytes: UnsafeRawBufferPointer, name: String, limit: ImageSizeLimit = .standard
    ) throws(ImageLoadError) -> (frame: Frame, truncated: Bool) {
        try decode(bytes, scale: .full, name: name, limit: limit, keepingTruncated: true)
    }

    private static func decode(
        _ bytes: UnsafeRawBufferPointer, scale: JPEGScale, name: String, limit: ImageSizeLimit, keepingTruncated: Bool
    ) throws(ImageLoadError) -> (frame: Frame, truncated: Bool) {
        guard let decoder = jpeg_gray_create() else {
            throw .corrupt(name: name, format: .jpeg, reason: "out of memory creating the decoder")
        }
        defer { jpeg_gray_destroy(decoder) }
        func failure() -> ImageLoadError {
            .corrupt(name: name, format: .jpeg, reason: "libjpeg: " + String(cString: jpeg_gray_message(decoder)))
        }

        var imageWidth: Int32 = 0, imageHeight: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        let data = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        guard jpeg_gray_read_header(decoder, data, bytes.count, Int32(scale.rawValue),
                                    &imageWidth, &imageHeight, &width, &height) == 0 else {
            throw failure()
        }
        // libjpeg's own buffers follow the stored size (a progressive image
        // buffers all its coefficients), so that is what the limit guards.
        guard limit.allows(width: Int(imageWidth), height: Int(imageHeight)) else {
            throw .tooLarge(name: name, width: Int(imageWidth), height: Int(imageHeight), limit: limit)
        }
        var truncated = false
        let frame = try limit.makeFrame(width: Int(width), height: Int(height), format: .jpeg, name: name) {
            pixels throws(ImageLoadError) in
            let target = pixels.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let status = jpeg_gray_read_pixels(decoder, target, Int(width), keepingTruncated ? 1 : 0)
            guard status >= 0 else { throw failure() }
            truncated = status == 1
        }
        return (frame, truncated)
    }

    /// Decodes the JPEG in `bytes`; see `decode(_:scale:name:limit:)`.
    public static func decode(
        _ bytes: [UInt8], scale: JPEGScale = .full, name: String, limit: ImageSizeLimit = .standard
    ) throws(ImageLoadError) -> Frame {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageLoadError) in try decode(buffer, scale: scale, name: name, limit: limit) }
        }.get()
    }
}
