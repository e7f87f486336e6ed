import Scanner
import CCairo

/// The one owner of a cairo image surface and its drawing context: every
/// cairo call of the library goes through here, and no cairo pointer leaves.
///
/// The surface is cairo's ARGB32: one native-endian 32-bit word per pixel,
/// alpha in the high byte, colours premultiplied by alpha.
final class CairoCanvas {
    /// cairo's limit on either side of an image surface.
    static let maximumSide = 32767

    let width: Int
    let height: Int
    private let surface: OpaquePointer
    private let context: OpaquePointer

    /// A transparent canvas of `width`×`height` pixels.
    convenience init(width: Int, height: Int) throws(OverlayError) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw .canvas(width: width, height: height, reason: "larger than cairo can draw")
        }
        let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        try self.init(surface: surface) { reason throws(OverlayError) in
            throw .canvas(width: width, height: height, reason: reason)
        }
    }

    /// A canvas holding the PNG file at `path`.
    convenience init(readingPNG path: String) throws(OverlayError) {
        let surface: OpaquePointer = cairo_image_surface_create_from_png(path)
        try self.init(surface: surface) { reason throws(OverlayError) in
            throw .readPNG(path: path, reason: reason)
        }
    }

    /// Takes `surface` (cairo returns an object in an error state rather
    /// than NULL), failing through `fail` with cairo's reason.
    private init(surface: OpaquePointer, fail: (String) throws(OverlayError) -> Never) throws(OverlayError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            try fail(Self.reason(status))
        }
        let context: OpaquePointer = cairo_create(surface)
        let contextStatus = cairo_status(context)
        guard contextStatus == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            try fail(Self.reason(contextStatus))
        }
        self.surface = surface
        self.context = context
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    private static func reason(_ status: cairo_status_t) -> String {
        String(cString: cairo_status_to_string(status))
    }

    /// Calls `body` with each row of the surface as 32-bit ARGB words, then
    /// tells cairo the pixels changed.
    private func withRows(_ body: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt32>) -> Void) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            let start = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            body(y, UnsafeMutableBufferPointer(start: start, count: width))
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Fills the canvas with `frame`'s luma as opaque grey (the frame is
    /// clipped to the canvas).
    func paint(luma frame: Frame) {
        let columns = min(width, frame.width)
        frame.withUnsafeBytes { bytes in
            withRows { y, row in
                guard y < frame.height else { return }
                for x in 0..<columns {
                    let v = UInt32(bytes[y * frame.stride + x])
                    row[x] = 0xFF00_0000 | v << 16 | v << 8 | v
                }
            }
        }
    }

    /// Fills the canvas with `image`, premultiplying its alpha.
    func paint(_ image: RGBAImage) {
        let columns = min(width, image.width)
        image.bytes.withUnsafeBufferPointer { bytes in
            withRows { y, row in
                guard y < image.height else { return }
                for x in 0..<columns {
                    let i = (y * image.width + x) * 4
                    let a = UInt32(bytes[i + 3])
                    func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                    row[x] = a << 24 | premultiplied(bytes[i]) << 16 | premultiplied(bytes[i + 1]) << 8
                        | premultiplied(bytes[i + 2])
                }
            }
        }
    }

    /// The canvas as straight-alpha RGBA.
    func image() -> RGBAImage {
        let count = width * height * 4
        // Written through a pointer: a live preview converts every frame it shows.
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let out = buffer.baseAddress else { return }
            out.initialize(repeating: 0, count: count)
            withRows { y, row in
                for x in 0..<width {
                    let word = row[x]
                    let a = word >> 24
                    let i = (y * width + x) * 4
                    if a == 255 {  // opaque, as a frame's pixels are: nothing to divide
                        out[i] = UInt8(truncatingIfNeeded: word >> 16)
                        out[i + 1] = UInt8(truncatingIfNeeded: word >> 8)
                        out[i + 2] = UInt8(truncatingIfNeeded: word)
                        out[i + 3] = 255
                        continue
                    }
                    func straight(_ shift: UInt32) -> UInt8 {
                        let c = (word >> shift) & 0xFF
                        return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
                    }
                    out[i] = straight(16)
                    out[i + 1] = straight(8)
                    out[i + 2] = straight(0)
                    out[i + 3] = UInt8(a)
                }
            }
            initialized = count
        }
        return RGBAImage(width: width, height: height, bytes: bytes)
    }

    /// Writes the canvas to `path` as a PNG.
    func writePNG(to path: String) throws(OverlayError) {
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else { throw .writePNG(path: path, reason: Self.reason(status)) }
    }

    // MARK: Drawing

    func setColour(_ pixel: RGBAImage.Pixel) {
        cairo_set_source_rgba(
            context, Double(pixel.red) / 255, Double(pixel.green) / 255, Double(pixel.blue) / 255,
            Double(pixel.alpha) / 255)
    }

    /// Strokes the closed polygon through `points` with lines `lineWidth` wide.
    func strokePolygon(_ points: [Point], lineWidth: Double) {
        guard let first = points.first else { return }
        cairo_new_path(context)
        cairo_move_to(context, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(context, point.x, point.y) }
        cairo_close_path(context)
        cairo_set_line_width(context, lineWidth)
        cairo_stroke(context)
    }

    /// Fills the rectangle with top-left (`x`, `y`).
    func fillRectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_new_path(context)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
    }

    /// Selects the label font (DejaVu Sans Bold, found through fontconfig) at `size` pixels.
    func selectFont(size: Double) {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(context, size)
    }

    /// How far `text` advances and the font's ascent and descent, in pixels.
    func measure(_ text: String) -> (advance: Double, ascent: Double, descent: Double) {
        var textExtents = cairo_text_extents_t()
        var fontExtents = cairo_font_extents_t()
        cairo_text_extents(context, text, &textExtents)
        cairo_font_extents(context, &fontExtents)
        return (textExtents.x_advance, fontExtents.ascent, fontExtents.descent)
    }

    /// Draws `text` with its baseline starting at (`x`, `y`).
    func showText(_ text: String, x: Double, y: Double) {
        cairo_new_path(context)
        cairo_move_to(context, x, y)
        cairo_show_text(context, text)
    }
}
