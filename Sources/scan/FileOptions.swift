import Scanner

/// The options of `scan PATH...` and `scan --files-from LIST`: only those
/// that scanning image files takes (see `OptionTable`).
struct FileOptions: Sendable {
    var paths: [String]
    var filesFrom: String?
    var nullSeparated = false
    /// nil: names when there are several inputs.
    var withFilename: Bool?
    var allFrames = false
    var pdfDotsPerInch = 200
    /// A directory to write each still image into with its detections drawn.
    var annotate: String?
    var decoding = DecodingOptions()
    var output = OutputOptions()

    /// The last-resort time limit per image when `--timeout` is not given:
    /// far above what any image takes (the work budget ends the hostile
    /// corpus's worst in under 1 s), so it changes no result, yet a frame
    /// stuck inside zbar or zxing cannot hold a batch or a till.
    static let defaultTimeLimit = Duration.seconds(30)

    /// Files default to thorough effort: each image is read once.
    var decoderConfiguration: DecoderConfiguration {
        decoding.configuration(defaultEffort: .thorough, defaultTimeLimit: Self.defaultTimeLimit)
    }
}

extension FileOptions: ModeOptions {
    static let mode = Mode.files
    static var setter: KeyPath<OptionTable.Setters, OptionTable.Setter<Self>?> { \.files }

    mutating func check() throws(UsageError) {
        if nullSeparated && filesFrom == nil {
            throw UsageError(description: "--null describes a --files-from list; give the list too")
        }
        if filesFrom == "-" && paths.contains("-") {
            throw UsageError(description: "standard input cannot be both the --files-from list and an image (-)")
        }
        try decoding.check()
        try output.resolveRaw()
    }
}
