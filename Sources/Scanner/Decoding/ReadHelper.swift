/// The helper process of the reads that may crash or hang: zxing 1.4's 1D
/// readers (`--engine zxing`, `linearSecondOpinion`), which abort the
/// process on some images, and whole frames read with
/// `DecoderConfiguration.isolated`.
///
/// The helper is a program that serves on purpose: one that calls
/// `enterIfAsked()` first thing in `main` (as `scan` does) is its own helper,
/// started as `/proc/self/exe` with `argument` first. Any other program names
/// one with `use(executable:)` (the test runner uses the built `scan`). With
/// no helper named, isolated frames are read in-process and zxing's 1D
/// readers read nothing. Helpers are started by `HelperPool`, which keeps
/// them for the next read. A helper starts none of its own: it runs zxing's
/// 1D readers itself, and an abort there ends it and costs its caller that
/// one request.
public enum ReadHelper {
    /// The hidden first argument that makes a program the helper.
    public static let argument = "--scan-read-helper"

    /// Call first thing in `main`: in a process started as the helper, this
    /// serves reads until its input ends and then exits the process;
    /// otherwise it makes this program the helper of its own reads.
    public static func enterIfAsked(arguments: [String] = CommandLine.arguments) {
        if arguments.dropFirst().first == argument {
            chosen.lock.withLock { chosen.isHelper = true }
            HelperProcess.serve(answer)
        }
        use(executable: "/proc/self/exe")
    }

    /// Makes `path`, a program that calls `enterIfAsked()` first, the helper.
    public static func use(executable path: String) {
        chosen.lock.withLock { chosen.program = HelperProcess.Program(path: path, arguments: ["scan-read-helper", argument]) }
    }

    /// The helper's program, when one was named.
    static var program: HelperProcess.Program? { chosen.lock.withLock { chosen.program } }

    /// Whether this process is a helper, serving requests.
    static var isHelper: Bool { chosen.lock.withLock { chosen.isHelper } }

    /// What a request asks of the helper.
    enum Operation: UInt8 {
        /// A whole frame through `BarcodeReader` (`IsolatedReader`).
        case readFrame = 1
        /// One read by zxing-cpp (`ZXingEngine`'s 1D readers).
        case readZXing = 2
    }

    /// Sends `frame` with `operation` and its `details` to a helper and
    /// returns the answer: the operation's reply, or the helper's refusal
    /// (`.died` with its reason).
    static func request(
        _ operation: Operation, details: [UInt8], frame: Frame, timeout: Duration?
    ) -> Result<[UInt8], HelperProcess.Failure> {
        guard let program else { return .failure(.unavailable("no helper program: see ReadHelper")) }
        var header = MessageWriter()
        header.bytes.append(operation.rawValue)
        header.put(details)
        header.put(frame.width)
        header.put(frame.height)
        let reply = header.bytes.withUnsafeBytes { header in
            frame.withUnsafeBytes { pixels in
                // Row by row unless the rows are packed.
                let rows = frame.stride == frame.width
                    ? [pixels]
                    : (0..<frame.height).map { UnsafeRawBufferPointer(rebasing: pixels[$0 * frame.stride..<$0 * frame.stride + frame.width]) }
                return HelperPool.exchange([header] + rows, with: program, timeout: timeout)
            }
        }
        return reply.flatMap { reply in
            guard let status = reply.first else { return .failure(.died("answered nothing")) }
            let body = Array(reply.dropFirst())
            return status == 0 ? .success(body) : .failure(.died("refused the request: " + String(decoding: body, as: UTF8.self)))
        }
    }

    /// The helper's side of `request`: a 0 and the operation's reply, or a
    /// 1 and why the request was refused.
    private static func answer(_ request: UnsafeRawBufferPointer) -> [UInt8] {
        var input = MessageReader(request)
        guard let operation = input.byte().flatMap(Operation.init(rawValue:)) else { return refusal("unknown operation") }
        let limit = ImageSizeLimit.standard
        guard let details = input.byteArray(), let width = input.integer(), let height = input.integer(),
              width > 0, height > 0, width <= limit.maxSide, height <= limit.maxSide, width * height <= limit.maxPixels,
              input.rest.count == width * height
        else { return refusal("malformed request") }
        // The request outlives the read: borrowed, not copied.
        let frame = Frame(width: width, height: height, storage: PixelStorage(borrowing: input.rest, release: {}))
        let reply = switch operation {
        case .readFrame: IsolatedReader.answer(details, frame: frame)
        case .readZXing: ZXingEngine.answer(details, frame: frame)
        }
        switch reply {
        case .success(let bytes): return [0] + bytes
        case .failure(let refused): return refusal(refused.message)
        }
    }

    private static func refusal(_ why: String) -> [UInt8] { [1] + Array(why.utf8) }

    private final class Chosen: @unchecked Sendable {
        // Sendable: the fields are guarded by `lock`.
        let lock = Lock()
        var program: HelperProcess.Program?
        var isHelper = false
    }

    private static let chosen = Chosen()
}

/// Why a helper refused a request.
struct ReadHelperRefusal: Error {
    let message: String
}
