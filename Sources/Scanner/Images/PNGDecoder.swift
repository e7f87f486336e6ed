import CLibPNG

/// Decodes PNG with libpng's simplified API, which handles every bit depth
/// and colour type (1-bit, gray, palette, 16-bit, colour, alpha) and converts
/// to 8-bit gray itself.
enum PNGDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, name: String, limit: ImageSizeLimit) throws(ImageLoadError) -> Frame {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        // Safe to call after png_image_finish_read, which frees it too.
        defer { png_image_free(&image) }
        func failure() -> ImageLoadError {
            let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .corrupt(name: name, format: .png, reason: "libpng: " + message)
        }
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else { throw failure() }
        image.format = png_uint_32(PNG_FORMAT_GRAY)
        let width = Int(image.width)
        return try limit.makeFrame(width: width, height: Int(image.height), format: .png, name: name) {
            pixels throws(ImageLoadError) in
            // Transparent areas become white: see LumaConversion.
            var white = png_color(red: 255, green: 255, blue: 255)
            guard png_image_finish_read(&image, &white, pixels.baseAddress, png_int_32(width), nil) != 0 else {
                throw failure()
            }
        }
    }
}
