import Scanner

/// A camera pixel format a test can produce from luma, so that a real driver
/// (vivid's loopback) delivers a known image in that format.
public enum RawPixelFormat: String, CaseIterable, Sendable {
    /// 8-bit luma only.
    case grey = "GREY"
    /// Packed 4:2:2: Y0 U Y1 V.
    case yuyv = "YUYV"
    /// 4:2:0: the luma plane, then interleaved U V at half resolution.
    case nv12 = "NV12"
    /// Packed 8-bit R G B.
    case rgb3 = "RGB3"

    /// The V4L2 four-character code.
    public var fourcc: String { rawValue }
}

/// Turns a luma frame into the raw bytes of one camera frame, with neutral
/// chroma (U = V = 128, or R = G = B), tightly packed as V4L2 lays it out
/// when `bytesperline` has no padding.
public enum RawFrameWriter {
    public static func bytes(of frame: Frame, as format: RawPixelFormat) -> [UInt8] {
        let luma = frame.packedPixels
        switch format {
        case .grey:
            return luma
        case .yuyv:
            precondition(frame.width % 2 == 0, "YUYV needs an even width")
            var bytes = [UInt8](repeating: 128, count: luma.count * 2)
            for (index, y) in luma.enumerated() { bytes[index * 2] = y }
            return bytes
        case .nv12:
            precondition(frame.width % 2 == 0 && frame.height % 2 == 0, "NV12 needs an even size")
            return luma + [UInt8](repeating: 128, count: luma.count / 2)
        case .rgb3:
            return luma.flatMap { [$0, $0, $0] }
        }
    }
}
