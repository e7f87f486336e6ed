import CZXing
import Glibc

/// Whole-frame reads in a helper process (`DecoderConfiguration.isolated`):
/// the last-resort deadline that holds even while zbar or zxing is stuck
/// inside C, and a frame that crashes a library costs that frame only.
///
/// The helper is this program's own executable in a hidden mode (see
/// `isolated_read.cpp`), which calls back into this library through
/// `scan_isolated_read_frame` to run `BarcodeReader.read` there. With a
/// `timeLimit`, the helper stops starting passes at three quarters of it,
/// so that a pass in flight can still answer; at the limit itself the
/// helper is killed and the frame abandoned.
enum IsolatedReader {
    /// The share of the time limit after which the helper starts no pass.
    static let softShare = 0.75

    /// `frame` read in a helper, or nil when no helper can be started
    /// (no /proc, no processes left): the caller then reads in-process.
    static func read(_ frame: Frame, configuration: DecoderConfiguration) -> ReadResult? {
        var inHelper = configuration
        inHelper.isolated = false
        inHelper.timeLimit = configuration.timeLimit.map { $0 * softShare }
        let request = FrameReadMessage.encode(inHelper)
        let timeout = configuration.timeLimit.map(milliseconds) ?? -1
        var reply = request.withUnsafeBufferPointer { request in
            frame.withUnsafeBytes { pixels in
                zxb_read_frame_isolated(
                    request.baseAddress, request.count, pixels.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    Int32(frame.width), Int32(frame.height), Int32(frame.stride), timeout)
            }
        }
        defer { zxb_frame_reply_free(&reply) }
        let message = reply.error.map { String(cString: $0) } ?? ""
        switch reply.outcome {
        case ZXB_FRAME_ANSWERED:
            guard let result = FrameReadMessage.result(from: UnsafeRawBufferPointer(start: reply.reply, count: reply.reply_length))
            else { return abandoned(.decoderFailed("the isolated frame reader's answer is malformed")) }
            // The helper saw the frame from (0, 0); corners go back to the image it was cut from.
            var moved = result
            moved.detections = result.detections.map { $0.mapped(frame.imagePoint) }
            return moved
        case ZXB_FRAME_TIMED_OUT:
            return abandoned(.timeLimitReached(configuration.timeLimit ?? .zero))
        case ZXB_FRAME_UNAVAILABLE:
            return nil
        default:
            return abandoned(.decoderFailed(message))
        }
    }

    private static func abandoned(_ why: ReadResult.Abandonment) -> ReadResult {
        var result = ReadResult(detections: [], passes: 0, pixelsExamined: 0, reachedTimeLimit: false)
        result.abandonment = why
        if case .timeLimitReached = why { result.reachedTimeLimit = true }
        return result
    }

    /// A time limit in whole milliseconds for the C side, at least 1 and at
    /// most `Int32.max`.
    private static func milliseconds(_ limit: Duration) -> Int32 {
        Int32(min(max(limit.milliseconds.rounded(.up), 1), Double(Int32.max)))
    }
}

/// The helper's side: reads the frame the request describes with this
/// library's reader, and returns the result as a malloc'd reply that the C
/// helper sends back and frees. Nil for a malformed request.
@_cdecl("scan_isolated_read_frame")
func scanIsolatedReadFrame(
    _ request: UnsafePointer<UInt8>?, _ requestLength: Int, _ luma: UnsafePointer<UInt8>?, _ width: Int32, _ height: Int32,
    _ replyLength: UnsafeMutablePointer<Int>?
) -> UnsafeMutableRawPointer? {
    guard let request, let luma, let replyLength, width > 0, height > 0,
          let configuration = FrameReadMessage.configuration(from: UnsafeRawBufferPointer(start: request, count: requestLength)),
          !configuration.isolated
    else { return nil }
    let count = Int(width) * Int(height)
    // The helper's buffer outlives the read: borrowed, not copied.
    let storage = PixelStorage(borrowing: UnsafeRawBufferPointer(start: luma, count: count), release: {})
    let frame = Frame(width: Int(width), height: Int(height), storage: storage)
    let reply = FrameReadMessage.encode(BarcodeReader(configuration: configuration).read(frame))
    guard let out = malloc(max(reply.count, 1)) else { return nil }
    reply.withUnsafeBytes { bytes in
        if let base = bytes.baseAddress { out.copyMemory(from: base, byteCount: bytes.count) }
    }
    replyLength.pointee = reply.count
    return out
}
