/// A V4L2 pixel format, named by its four-character code ("YUYV", "NV12").
public struct PixelFormat: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The four-character code, first character in the low byte (v4l2_fourcc); bit 31
    /// marks big-endian.
    public let rawValue: UInt32

    /// The format with V4L2 code `rawValue`.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The format with four-character code `code` (padded with spaces).
    /// A fifth character "-BE" marks V4L2's big-endian variants ("Y16 -BE").
    public init(_ code: String) {
        let bigEndian = code.hasSuffix("-BE")
        let characters = Array((bigEndian ? code.dropLast(3) : Substring(code)).utf8.prefix(4))
            + Array(repeating: UInt8(ascii: " "), count: max(0, 4 - code.utf8.count))
        var value: UInt32 = 0
        for (index, character) in characters.prefix(4).enumerated() {
            value |= UInt32(character) << (8 * UInt32(index))
        }
        rawValue = bigEndian ? value | 1 << 31 : value
    }

    /// The four-character code, e.g. "YUYV", with "-BE" for a big-endian variant.
    public var description: String {
        let characters = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (8 * $0)) & 0x7f }
        return String(decoding: characters, as: UTF8.self) + (rawValue & 1 << 31 != 0 ? "-BE" : "")
    }

    /// 8-bit greyscale: luma only.
    public static let grey = PixelFormat("GREY")
    /// 4:2:0, a luma plane then interleaved Cb/Cr.
    public static let nv12 = PixelFormat("NV12")
    /// 4:2:0, a luma plane then interleaved Cr/Cb.
    public static let nv21 = PixelFormat("NV21")
    /// 4:2:0 planar: luma, then Cb, then Cr (I420).
    public static let yu12 = PixelFormat("YU12")
    /// 4:2:0 planar: luma, then Cr, then Cb.
    public static let yv12 = PixelFormat("YV12")
    /// Packed 4:2:2: Y, Cb, Y, Cr.
    public static let yuyv = PixelFormat("YUYV")
    /// Packed 4:2:2: Cb, Y, Cr, Y.
    public static let uyvy = PixelFormat("UYVY")
    /// Motion JPEG: each frame a JPEG image.
    public static let mjpeg = PixelFormat("MJPG")
    /// JPEG images, as some older drivers name MJPEG.
    public static let jpeg = PixelFormat("JPEG")
    /// 24-bit RGB: bytes red, green, blue.
    public static let rgb3 = PixelFormat("RGB3")
    /// 24-bit BGR: bytes blue, green, red.
    public static let bgr3 = PixelFormat("BGR3")
    /// 32-bit XRGB: bytes blue, green, red, then one unused.
    public static let xr24 = PixelFormat("XR24")

    /// How luma is taken from a frame in this format, or nil when this
    /// library cannot (Bayer, H.264, ...).
    var luma: LumaLayout? {
        switch description {
        // The luma plane comes first, `bytesperline` apart: no work at all.
        case "GREY", "NV12", "NV21", "NV16", "NV61", "NV24", "NV42", "YU12", "YV12", "422P":
            .plane
        // Packed 4:2:2 and 16-bit grey: every second byte.
        case "YUYV", "YVYU", "Y16 -BE": .interleaved(offset: 0)
        case "UYVY", "VYUY", "Y16 ": .interleaved(offset: 1)
        case "MJPG", "JPEG": .jpeg
        case "RGB3": .rgb(LumaConversion.Layout(bytesPerPixel: 3, red: 0, green: 1, blue: 2))
        case "BGR3": .rgb(LumaConversion.Layout(bytesPerPixel: 3, red: 2, green: 1, blue: 0))
        // V4L2 names 32-bit formats by their word order; these are the byte
        // offsets in memory.
        case "AR24", "XR24": .rgb(LumaConversion.Layout(bytesPerPixel: 4, red: 2, green: 1, blue: 0))
        case "AB24", "XB24": .rgb(LumaConversion.Layout(bytesPerPixel: 4, red: 0, green: 1, blue: 2))
        case "BA24", "BX24": .rgb(LumaConversion.Layout(bytesPerPixel: 4, red: 1, green: 2, blue: 3))
        case "RA24", "RX24": .rgb(LumaConversion.Layout(bytesPerPixel: 4, red: 3, green: 2, blue: 1))
        default: nil
        }
    }
}
