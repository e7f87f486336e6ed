/// Finds barcodes in frames: cuts each frame to the region of interest,
/// runs the engines that serve the enabled symbologies, and, while the
/// effort allows and nothing has been found, tries second chances, within
/// the effort's time budget.
///
/// A decoder owns its engines' handles and reuses them for every frame. It
/// is not thread-safe: give each thread its own.
public final class Decoder {
    /// What the decoder looks for and how hard; change it with `reconfigure(_:)`.
    public private(set) var configuration: DecoderConfiguration
    private let engines: [any BarcodeEngine]
    private lazy var linearChecker = ZXingEngine(linearReaders: true)

    /// A decoder with its engines open, thorough by default.
    public init(configuration: DecoderConfiguration = DecoderConfiguration()) {
        self.configuration = configuration
        switch configuration.singleEngine {
        case .zbar?: engines = [ZBarEngine()]
        case .zxing?: engines = [ZXingEngine(linearReaders: true)]
        default: engines = [ZBarEngine(), ZXingEngine(), AztecRuneReader()]
        }
    }

    /// Changes what the next `decode` looks for.
    public func reconfigure(_ configuration: DecoderConfiguration) {
        self.configuration = configuration
    }

    /// The barcodes in `frame`, with corners in `frame`'s full-image pixels.
    public func decode(_ frame: Frame) -> [Detection] {
        let region = frame.cropped(to: configuration.regionOfInterest)
        let clock = ContinuousClock(), start = clock.now
        if configuration.singleEngine != nil {
            // The engine as its users call it: library defaults, one pass.
            return run(Pass(EngineOptions(tryHarder: true), engines: [.zbar, .zxing]), on: region)
        }
        for (index, pass) in Pass.sequence(for: configuration.effort, frame: frame, region: region).enumerated() {
            if index > 0, clock.now - start >= configuration.secondChanceBudget { break }
            let found = run(pass, on: region)
            if !found.isEmpty { return configuration.linearSecondOpinion ? crossChecked(found, in: region) : found }
        }
        return []
    }

    /// zbar's EAN/UPC readings checked against zxing's own 1D readers on the
    /// untransformed region (`linearSecondOpinion`). Where the two read one
    /// symbol differently, zxing's reading stands: its readers misread no
    /// EAN/UPC of the corpus, zbar's four. zxing's 1D readers can abort the
    /// process, so they run in a child process (`zxb_read_isolated`).
    private func crossChecked(_ found: [Detection], in region: Frame) -> [Detection] {
        let linear = Set(found.filter { $0.symbology.isEANUPC && $0.engine == .zbar }.map(\.symbology))
        guard !linear.isEmpty else { return found }
        let family = linear.union([.ean8, .ean13, .upca, .upce]).intersection(configuration.symbologies)
        let checks = linearChecker.decode(region, symbologies: family, options: EngineOptions(tryHarder: true))
            .map { $0.mapped(region.imagePoint) }
        return Reconciler.arbitrate(found, by: checks)
    }

    /// zbar's Code 128 and DataBar Expanded readings corrected by zxing's
    /// 1D readers on the image zbar read them in (see `LinearRecheck`).
    /// First without tryHarder: its downscaling made zxing 1.4 miss a
    /// DataBar Expanded 1600 pixels wide that it reads at its defaults.
    private func rechecked(_ found: [Detection], in image: Frame, _ pass: Pass, _ toImage: (Point) -> Point) -> [Detection] {
        let wanted = LinearRecheck.needed(by: found)
        guard !wanted.isEmpty else { return found }
        // Then tryHarder, which turns the image for vertical codes.
        var rereads: [Detection] = []
        for tryHarder in [false, true] where rereads.isEmpty {
            let options = EngineOptions(tryHarder: tryHarder, tryInverted: pass.options.tryInverted)
            rereads = linearChecker.decode(image, symbologies: wanted, options: options).map { $0.mapped(toImage) }
        }
        return LinearRecheck.corrected(found, by: rereads)
    }

    /// What one pass finds in `region`, reconciled, with corners in the
    /// full image's pixels.
    func run(_ pass: Pass, on region: Frame) -> [Detection] {
        guard let view = pass.view(of: region) else { return [] }
        let toImage = { region.imagePoint(view.toRegion($0)) }
        var found: [Detection] = []
        for engine in engines where pass.engines.contains(engine.kind) {
            let wanted = configuration.symbologies.intersection(engine.supported)
            guard !wanted.isEmpty else { continue }
            found += engine.decode(view.frame, symbologies: wanted, options: pass.options).map { $0.mapped(toImage) }
        }
        if configuration.singleEngine == nil { found = rechecked(found, in: view.frame, pass, toImage) }
        return Reconciler.merge(found.filter { $0.symbology != .itf || $0.text.count >= configuration.minimumITFLength })
    }
}
