import Scanner

/// The options that say what to print, which both scans take (image files
/// and the camera).
struct OutputOptions: Sendable {
    var format: OutputFormat = .text
    var quiet = false
    var variableMeasureLayouts: [VariableMeasureLayout] = []
    /// `--raw` or `--raw-bytes`, checked against `--format` once every option is read.
    var rawRequested: OutputFormat?

    /// Makes `--raw` or `--raw-bytes` the format, which only text allows.
    mutating func resolveRaw() throws(UsageError) {
        guard let rawRequested else { return }
        guard format == .text else { throw UsageError(description: "--\(rawRequested.rawValue) and --format json exclude each other") }
        format = rawRequested
    }
}
