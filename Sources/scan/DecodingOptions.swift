import Scanner

/// The options that say how to decode, which both scans take (image files
/// and the camera), each with its own default effort and time limit.
struct DecodingOptions: Sendable {
    var symbologies = Symbology.standard
    var regionOfInterest = RegionOfInterest.full
    var effort: Effort?
    /// `--timeout`: the last-resort wall-clock limit per image or frame.
    var timeout: Duration?
    var singleEngine: Detection.Engine?
    var secondOpinion = false
    var minimumITFLength: Int?

    /// What the options describe, with a scan's own defaults where none is given.
    func configuration(defaultEffort: Effort, defaultTimeLimit: Duration?) -> DecoderConfiguration {
        var configuration = DecoderConfiguration(
            symbologies: symbologies, regionOfInterest: regionOfInterest, effort: effort ?? defaultEffort)
        configuration.singleEngine = singleEngine
        configuration.linearSecondOpinion = secondOpinion
        configuration.timeLimit = timeout ?? defaultTimeLimit
        if let minimumITFLength { configuration.minimumITFLength = minimumITFLength }
        // Frames are read in this process: our readers bound their own work
        // and cannot abort it, zxing 1.4's 2D readers do not abort either, and
        // its 1D readers, which can, run in their own helper when a read
        // needs them (`ZXingEngine`). A helper per run cost more than a
        // sample's whole read (`scan -q` on Samples/qr.png: 27 ms against 15).
        return configuration
    }

    /// Refuses add-ons alone: an add-on is read only beside its main code,
    /// so they would find nothing, with no word why.
    func check() throws(UsageError) {
        guard symbologies.allSatisfy(\.isAddOn) else { return }
        let named = symbologies.map(\.rawValue).sorted().joined(separator: ",")
        throw UsageError(description: "\(named) is an add-on, read only with the EAN-13 or UPC it follows: "
            + "name that too, e.g. -S ean13,\(named) (or all,\(named))")
    }
}
