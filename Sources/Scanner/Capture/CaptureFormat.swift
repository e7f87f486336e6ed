import CV4L2
import Glibc

/// One pixel format a camera offers, with the frame sizes and rates it
/// offers it in (from VIDIOC_ENUM_FMT, _FRAMESIZES and _FRAMEINTERVALS).
public struct CaptureFormat: Sendable, Hashable, CustomStringConvertible {
    /// The format's four-character code.
    public let pixelFormat: PixelFormat
    /// The driver's name for it, e.g. "YUYV 4:2:2".
    public let name: String
    /// Made by libv4l2's conversion from another format, not by the camera.
    public let isEmulated: Bool
    /// The frame sizes the camera offers in this format.
    public let sizes: Sizes

    /// How a driver lists a format's frame sizes (VIDIOC_ENUM_FRAMESIZES).
    public enum Sizes: Sendable, Hashable {
        /// A list of sizes, each with its frame rates.
        case discrete([FrameSize])
        /// Any size in a range; the driver rounds a requested size.
        case stepwise(minimum: FrameSize, maximum: FrameSize)
        /// The driver does not say (it takes a size set elsewhere, such as
        /// an HDMI input's timings); the driver rounds a requested size.
        case unknown
    }

    /// A format as the driver describes it.
    public init(pixelFormat: PixelFormat, name: String, isEmulated: Bool = false, sizes: Sizes) {
        self.pixelFormat = pixelFormat
        self.name = name
        self.isEmulated = isEmulated
        self.sizes = sizes
    }

    /// Whether frames in this format can be turned into luma.
    public var isUsable: Bool { pixelFormat.luma != nil }

    /// One line for a person: code, name, flags and sizes.
    public var description: String {
        let sizeText: String
        switch sizes {
        case .discrete(let list): sizeText = list.map(\.description).joined(separator: ", ")
        case .stepwise(let minimum, let maximum): sizeText = "\(minimum.width)x\(minimum.height) to \(maximum.width)x\(maximum.height)"
        case .unknown: sizeText = "sizes not listed"
        }
        return "\(pixelFormat) (\(name)\(isEmulated ? ", emulated" : "")\(isUsable ? "" : ", unusable")): \(sizeText)"
    }
}

/// A frame size and the frame intervals a camera offers at it.
public struct FrameSize: Sendable, Hashable, CustomStringConvertible {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// Time between frames, shortest first; empty when the driver does not say.
    public let frameIntervals: [Duration]

    /// A size with its frame intervals, which are kept shortest first.
    public init(width: Int, height: Int, frameIntervals: [Duration] = []) {
        self.width = width
        self.height = height
        self.frameIntervals = frameIntervals.sorted()
    }

    /// `WIDTHxHEIGHT`, then the frame rates in whole fps, e.g. 640x480@30/15.
    public var description: String {
        let rates = frameIntervals.map { String(Int((1 / $0.seconds).rounded())) }
        return "\(width)x\(height)" + (rates.isEmpty ? "" : "@" + rates.joined(separator: "/"))
    }
}

extension Duration {
    /// A V4L2 fraction of a second (timeperframe).
    init(_ fraction: v4l2_fract) {
        self = .seconds(Double(fraction.numerator) / Double(max(fraction.denominator, 1)))
    }
}

extension CaptureDevice {
    /// The formats the camera offers, in the driver's order.
    public func formats() throws(CaptureError) -> [CaptureFormat] {
        try Self.formats(of: V4L2Handle(path: path))
    }

    static func formats(of handle: V4L2Handle) throws(CaptureError) -> [CaptureFormat] {
        var formats: [CaptureFormat] = []
        for index in 0... {
            var description = v4l2_fmtdesc()
            description.index = UInt32(index)
            description.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            guard try enumerate(handle, SCAN_VIDIOC_ENUM_FMT, &description, "VIDIOC_ENUM_FMT") else { break }
            let format = PixelFormat(rawValue: description.pixelformat)
            formats.append(CaptureFormat(
                pixelFormat: format, name: v4l2String(description.description),
                isEmulated: description.flags & UInt32(V4L2_FMT_FLAG_EMULATED) != 0,
                sizes: try sizes(of: format, handle)))
        }
        return formats
    }

    private static func sizes(of format: PixelFormat, _ handle: V4L2Handle) throws(CaptureError) -> CaptureFormat.Sizes {
        var sizes: [FrameSize] = []
        for index in 0... {
            var size = v4l2_frmsizeenum()
            size.index = UInt32(index)
            size.pixel_format = format.rawValue
            guard try enumerate(handle, SCAN_VIDIOC_ENUM_FRAMESIZES, &size, "VIDIOC_ENUM_FRAMESIZES") else { break }
            if size.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                let width = Int(size.discrete.width), height = Int(size.discrete.height)
                sizes.append(FrameSize(
                    width: width, height: height,
                    frameIntervals: try intervals(of: format, width: width, height: height, handle)))
            } else {
                let range = size.stepwise
                return .stepwise(
                    minimum: FrameSize(width: Int(range.min_width), height: Int(range.min_height)),
                    maximum: FrameSize(width: Int(range.max_width), height: Int(range.max_height)))
            }
        }
        return sizes.isEmpty ? .unknown : .discrete(sizes)
    }

    private static func intervals(
        of format: PixelFormat, width: Int, height: Int, _ handle: V4L2Handle
    ) throws(CaptureError) -> [Duration] {
        var intervals: [Duration] = []
        for index in 0... {
            var interval = v4l2_frmivalenum()
            interval.index = UInt32(index)
            interval.pixel_format = format.rawValue
            interval.width = UInt32(width)
            interval.height = UInt32(height)
            guard try enumerate(handle, SCAN_VIDIOC_ENUM_FRAMEINTERVALS, &interval, "VIDIOC_ENUM_FRAMEINTERVALS") else { break }
            if interval.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue {
                intervals.append(Duration(interval.discrete))
            } else {
                // A range: its shortest and longest interval stand for it.
                return [Duration(interval.stepwise.min), Duration(interval.stepwise.max)]
            }
        }
        return intervals
    }

    /// One step of a V4L2 enumeration: false at its end (EINVAL), or when
    /// the driver does not enumerate this at all (ENOTTY).
    private static func enumerate<Entry>(
        _ handle: V4L2Handle, _ request: UInt, _ entry: inout Entry, _ operation: String
    ) throws(CaptureError) -> Bool {
        do {
            try handle.control(request, &entry)
            return true
        } catch where error.code == EINVAL || error.code == ENOTTY {
            return false
        } catch {
            throw CaptureError.from(error, path: handle.path, operation: operation)
        }
    }
}
