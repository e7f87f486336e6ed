/// What a capture session asks of a camera. Anything left nil is chosen:
/// the largest size up to 1280x720 that runs at 30 fps or more, in the
/// format that yields luma with the least work (GREY, NV12/NV21, YU12/YV12,
/// then YUYV/UYVY, then MJPEG, then RGB), the camera's own formats before
/// libv4l2's emulated ones.
public struct FormatRequest: Sendable, Hashable {
    /// Frame width in pixels.
    public var width: Int?
    /// Frame height in pixels.
    public var height: Int?
    /// Frames per second; the nearest rate offered is taken.
    public var framesPerSecond: Int?
    /// The pixel format; one that cannot be turned into luma is refused.
    public var pixelFormat: PixelFormat?

    /// A request; nil leaves that choice to the session.
    public init(width: Int? = nil, height: Int? = nil, framesPerSecond: Int? = nil, pixelFormat: PixelFormat? = nil) {
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.pixelFormat = pixelFormat
    }

    /// Larger frames cost more to decode than they help a scanner.
    static let largestAutomaticSize = (width: 1280, height: 720)
    static let minimumAutomaticRate = 30.0

    /// The format, size and frame interval to ask the driver for.
    func choose(from formats: [CaptureFormat], path: String) throws(CaptureError) -> FormatChoice {
        let offered = formats.map(\.description)
        let usable = formats.filter { format in
            format.isUsable && (pixelFormat == nil || format.pixelFormat == pixelFormat)
        }
        guard !usable.isEmpty else {
            let reason = pixelFormat.map { format in
                formats.contains { $0.pixelFormat == format }
                    ? "this library cannot read \(format)" : "\(format) is not offered"
            } ?? "no offered format can be turned into luma"
            throw CaptureError.unsupportedFormat(path: path, reason: reason, offered: offered)
        }
        let choices = usable.flatMap(options)
        guard let best = choices.min(by: { rank($0).lexicographicallyPrecedes(rank($1)) }) else {
            let size = "\(width.map(String.init) ?? "any")x\(height.map(String.init) ?? "any")"
            throw CaptureError.unsupportedFormat(path: path, reason: "no format offers \(size)", offered: offered)
        }
        return best
    }

    /// The sizes of `format` that meet the request, each with its best interval.
    private func options(_ format: CaptureFormat) -> [FormatChoice] {
        let wanted = framesPerSecond.map { Duration.seconds(1) / $0 }
        func choice(_ width: Int, _ height: Int, _ interval: Duration?) -> FormatChoice {
            FormatChoice(format: format, width: width, height: height, frameInterval: interval)
        }
        switch format.sizes {
        case .discrete(let sizes):
            return sizes.filter(matches).map { size in
                let interval = wanted.flatMap { wanted in
                    size.frameIntervals.min { abs(($0 - wanted).seconds) < abs(($1 - wanted).seconds) }
                } ?? size.frameIntervals.first
                return choice(size.width, size.height, interval)
            }
        case .stepwise(let minimum, let maximum):
            let width = width ?? min(max(Self.largestAutomaticSize.width, minimum.width), maximum.width)
            let height = height ?? min(max(Self.largestAutomaticSize.height, minimum.height), maximum.height)
            guard (minimum.width...maximum.width).contains(width), (minimum.height...maximum.height).contains(height)
            else { return [] }
            return [choice(width, height, wanted)]
        case .unknown:
            return [choice(width ?? Self.largestAutomaticSize.width, height ?? Self.largestAutomaticSize.height, wanted)]
        }
    }

    private func matches(_ size: FrameSize) -> Bool {
        (width == nil || size.width == width) && (height == nil || size.height == height)
    }

    /// Sort key, smaller is better: fits within 1280x720, fast enough,
    /// larger (or, above the limit, smaller), native, cheaper luma, faster.
    private func rank(_ choice: FormatChoice) -> [Double] {
        let rate = choice.frameInterval.map { 1 / $0.seconds } ?? .infinity
        let fits = choice.width <= Self.largestAutomaticSize.width && choice.height <= Self.largestAutomaticSize.height
        let fast = rate >= (framesPerSecond.map(Double.init) ?? Self.minimumAutomaticRate) - 0.5
        let area = Double(choice.width * choice.height)
        return [
            fits ? 0 : 1, fast ? 0 : 1, fits ? -area : area,
            choice.format.isEmulated ? 1 : 0, Double(choice.format.pixelFormat.luma?.cost ?? 9), -rate,
        ]
    }
}

/// A format choice: what to set with VIDIOC_S_FMT and VIDIOC_S_PARM.
struct FormatChoice: Sendable, Hashable {
    let format: CaptureFormat
    let width: Int
    let height: Int
    /// nil leaves the driver's frame rate.
    let frameInterval: Duration?
}
