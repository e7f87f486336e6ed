import CV4L2
import Glibc

/// The format a camera actually streams in, after the driver has adjusted
/// the request (VIDIOC_S_FMT, VIDIOC_S_PARM).
public struct StreamFormat: Sendable, Hashable, CustomStringConvertible {
    /// The pixel format the driver set.
    public let pixelFormat: PixelFormat
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// Bytes from one row of the first plane to the next.
    public let bytesPerLine: Int
    /// The time between frames, when the driver reports it.
    public let frameInterval: Duration?

    /// One line for a person, e.g. "YUYV 640x480@30.0fps".
    public var description: String {
        let rate = frameInterval.map { "@\(((100 / $0.seconds).rounded() / 100))fps" } ?? ""
        return "\(pixelFormat) \(width)x\(height)\(rate)"
    }

    /// Sets `choice` on the device and reads back what the driver made of it.
    static func apply(_ choice: FormatChoice, to handle: V4L2Handle) throws(CaptureError) -> StreamFormat {
        var format = v4l2_format()
        format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        format.fmt.pix.width = UInt32(choice.width)
        format.fmt.pix.height = UInt32(choice.height)
        format.fmt.pix.pixelformat = choice.format.pixelFormat.rawValue
        format.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        try handle.control(SCAN_VIDIOC_S_FMT, &format, operation: "VIDIOC_S_FMT")
        let pixelFormat = PixelFormat(rawValue: format.fmt.pix.pixelformat)
        guard pixelFormat == choice.format.pixelFormat else {
            throw CaptureError.unsupportedFormat(
                path: handle.path, reason: "the driver replaced \(choice.format.pixelFormat) by \(pixelFormat)",
                offered: [choice.format.description])
        }
        return StreamFormat(
            pixelFormat: pixelFormat, width: Int(format.fmt.pix.width), height: Int(format.fmt.pix.height),
            bytesPerLine: max(Int(format.fmt.pix.bytesperline), Int(format.fmt.pix.width)),
            frameInterval: frameInterval(choice.frameInterval, handle))
    }

    /// Asks for `interval` if the driver lets us, then reads the interval in
    /// force. Drivers without frame interval support leave it nil.
    private static func frameInterval(_ interval: Duration?, _ handle: V4L2Handle) -> Duration? {
        var parameters = v4l2_streamparm()
        parameters.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        guard (try? handle.control(SCAN_VIDIOC_G_PARM, &parameters)) != nil else { return nil }
        if let interval, parameters.parm.capture.capability & UInt32(V4L2_CAP_TIMEPERFRAME) != 0 {
            // Microseconds: the driver rounds to the nearest interval it has.
            let micros = interval.components.seconds * 1_000_000 + interval.components.attoseconds / 1_000_000_000_000
            parameters.parm.capture.timeperframe = v4l2_fract(numerator: UInt32(clamping: micros), denominator: 1_000_000)
            _ = try? handle.control(SCAN_VIDIOC_S_PARM, &parameters)
        }
        let result = parameters.parm.capture.timeperframe
        return result.numerator > 0 && result.denominator > 0 ? Duration(result) : nil
    }
}
