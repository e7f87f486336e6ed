/// One decoding library behind a common face.
///
/// An engine owns its library handles and reuses them for every frame, so it
/// is a class and is used from one thread at a time; the `Decoder` that owns
/// it is what crosses threads.
protocol BarcodeEngine: AnyObject {
    /// The symbologies this engine is asked to read.
    var supported: Set<Symbology> { get }

    /// Decodes `frame` for `symbologies` (a subset of `supported`).
    /// Corners come back in `frame`'s own pixel coordinates, not its origin's.
    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection]
}

/// How hard an engine should try on one pass.
struct EngineOptions: Sendable, Hashable {
    /// zxing's tryHarder/tryRotate/tryDownscale; zbar's full scan density.
    var tryHarder = false
    /// zbar: also test the inverted image.
    var tryInverted = false
}
