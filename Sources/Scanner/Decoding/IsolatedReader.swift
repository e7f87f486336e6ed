/// Whole-frame reads in the helper process (`DecoderConfiguration.isolated`,
/// `ReadHelper`): the last-resort deadline that holds even while zbar or
/// zxing is stuck inside C, and a frame that crashes a library costs that
/// frame only. With a `timeLimit`, the helper stops starting passes at three
/// quarters of it, so that a pass in flight can still answer; at the limit
/// itself the helper is killed and the frame abandoned.
enum IsolatedReader {
    /// The share of the time limit after which the helper starts no pass.
    static let softShare = 0.75

    /// `frame` read in a helper, or nil when no helper can be started (none
    /// named, no processes left): the caller then reads in-process.
    static func read(_ frame: Frame, configuration: DecoderConfiguration) -> ReadResult? {
        var inHelper = configuration
        inHelper.isolated = false
        inHelper.timeLimit = configuration.timeLimit.map { $0 * softShare }
        let reply = ReadHelper.request(.readFrame, details: FrameReadMessage.encode(inHelper), frame: frame, timeout: configuration.timeLimit)
        switch reply {
        case .success(let bytes):
            guard let result = bytes.withUnsafeBytes({ FrameReadMessage.result(from: $0) })
            else { return abandoned(.decoderFailed("the isolated frame reader's answer is malformed")) }
            // The helper saw the frame from (0, 0); corners go back to the image it was cut from.
            var moved = result
            moved.detections = result.detections.map { $0.mapped(frame.imagePoint) }
            return moved
        case .failure(.timedOut):
            return abandoned(.timeLimitReached(configuration.timeLimit ?? .zero))
        case .failure(.unavailable):
            return nil
        case .failure(let failure):
            return abandoned(.decoderFailed(failure.description))
        }
    }

    /// The helper's side: the frame read as `request` describes.
    static func answer(_ request: [UInt8], frame: Frame) -> Result<[UInt8], ReadHelperRefusal> {
        guard let configuration = request.withUnsafeBytes({ FrameReadMessage.configuration(from: $0) }), !configuration.isolated
        else { return .failure(ReadHelperRefusal(message: "the frame reader cannot parse the request")) }
        return .success(FrameReadMessage.encode(BarcodeReader(configuration: configuration).read(frame)))
    }

    private static func abandoned(_ why: ReadResult.Abandonment) -> ReadResult {
        var result = ReadResult(detections: [], passes: 0, pixelsExamined: 0, reachedTimeLimit: false)
        result.abandonment = why
        if case .timeLimitReached = why { result.reachedTimeLimit = true }
        return result
    }
}
