/// Finds barcodes in frames: the public face of a `ReadPipeline`, which
/// cuts each frame to the region of interest, runs the engines that serve
/// the enabled symbologies, and, while the effort allows and nothing has
/// been found, tries second chances, within the effort's work budget.
///
/// A reader is a value holding only its configuration; `read` is a pure
/// call that any number of threads may make at once. The same frame with
/// the same configuration gives the same result on an idle or a busy
/// machine, unless the optional last-resort `timeLimit` is reached, which
/// the result reports.
public struct BarcodeReader: Sendable {
    /// What the reader looks for and how hard.
    public var configuration: DecoderConfiguration {
        didSet { pipeline = ReadPipeline(configuration: configuration) }
    }

    private var pipeline: ReadPipeline

    /// A reader, thorough by default.
    public init(configuration: DecoderConfiguration = DecoderConfiguration()) {
        self.configuration = configuration
        pipeline = ReadPipeline(configuration: configuration)
    }

    /// The barcodes in `frame`, with corners in `frame`'s full-image
    /// pixels, and how much work finding them took.
    public func read(_ frame: Frame) -> ReadResult {
        if configuration.isolated, let isolated = IsolatedReader.read(frame, configuration: configuration) { return isolated }
        return pipeline.read(frame)
    }
}
