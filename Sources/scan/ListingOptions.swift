/// The options of `--list-devices`, `--list-formats` and `--list-controls`:
/// only those that listing cameras takes (see `OptionTable`).
struct ListingOptions: Sendable {
    var listDevices = false
    var listFormats = false
    var listControls = false
    var device: String?
    var quiet = false
}

extension ListingOptions: ModeOptions {
    static let mode = Mode.listing
    static var setter: KeyPath<OptionTable.Setters, OptionTable.Setter<Self>?> { \.listing }

    func check() {}
}
