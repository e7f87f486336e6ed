/// What a run of `scan` does, each with options of its own: scan image
/// files (PATHs or `--files-from`), scan a camera or a recording (neither
/// of those), or list cameras (`--list-devices` and the like, before both).
enum Mode: Sendable, CaseIterable {
    case files
    case camera
    case listing

    /// How messages name it, with what chooses it.
    var description: String {
        switch self {
        case .files: "scanning image files (PATHs or --files-from)"
        case .camera: "scanning a camera or a recording (--input), without PATHs"
        case .listing: "listing cameras (--list-devices, --list-formats, --list-controls)"
        }
    }
}

/// The options of one mode, which `Invocation` fills from the command line.
protocol ModeOptions: Sendable {
    static var mode: Mode { get }
    /// Where an option keeps what it does to this mode's options: nil
    /// where the mode does not take it.
    static var setter: KeyPath<OptionTable.Setters, OptionTable.Setter<Self>?> { get }
    /// Checks between this mode's options, once all of them are applied.
    mutating func check() throws(UsageError)
}
