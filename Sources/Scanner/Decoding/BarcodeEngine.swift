/// One decoder behind a common face, injected into a `ReadPipeline`.
/// Engines keep no state between calls (zbar gets a fresh scanner per call,
/// the zxing bridge none, our own readers are pure), so they are plain
/// values that any thread may call at once.
protocol BarcodeEngine: Sendable {
    /// Which engine this is, as passes choose engines.
    var name: EngineName { get }

    /// Which decoder this is, as detections name it.
    var kind: Detection.Engine { get }

    /// The symbologies this engine is asked to read.
    var supported: Set<Symbology> { get }

    /// Decodes `frame` for `symbologies` (a subset of `supported`).
    /// Corners come back in `frame`'s own pixel coordinates, not its origin's.
    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection]

    /// `decode` within a pass, its work charged to `meter`: by default the
    /// frame's pixels once; an engine that re-scans charges each look.
    func read(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions, meter: inout WorkMeter) -> [Detection]
}

extension BarcodeEngine {
    func read(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions, meter: inout WorkMeter) -> [Detection] {
        meter.charge(frame)
        return decode(frame, symbologies: symbologies, options: options)
    }
}

/// How hard an engine should try on one pass.
struct EngineOptions: Sendable, Hashable {
    /// zxing's tryHarder/tryRotate/tryDownscale; zbar's full scan density.
    var tryHarder = false
    /// zbar: scan every line (1) or every other line (2). Without it,
    /// `tryHarder` decides.
    var zbarDensity: Int32? = nil
    /// zbar: which scan lines, rows or columns or both.
    var zbarLines = ZBarLines.both
    /// zbar: only these of the symbologies asked; nil for all of them.
    var zbarSymbologies: Set<Symbology>? = nil
    /// Our linear reader: the direction across the bars that the localizer
    /// measured, in degrees clockwise from the x axis, in the pass's view;
    /// lines then also run that way, besides rows and columns.
    var barNormal: Double? = nil
    /// Our linear reader: the lines that cross those bars squarely are also
    /// read light on dark (`ScanRuns.inverted()`).
    var lightOnDarkAcrossBars = false
    /// Our linear reader: only the lines that cross those bars squarely,
    /// none along them (a second look at one symbol's area).
    var onlyAcrossBars = false
    /// zxing: how gray becomes black and white.
    var binarizer = Binarizer.localAverage
    /// zxing: the frame holds nothing but one generated, axis-aligned symbol
    /// (a rendered file, not a photo); skips detection and is much faster.
    var isPure = false
    /// zxing: with `tryHarder`, also read the image halved, and halved
    /// again (its tryDownscale). Off for a view enlarged twice, whose
    /// halving is about the image other passes read.
    var zxingHalves = true

    /// zbar's scan lines: along rows, along columns, or both. A scan line
    /// reads bars it crosses; along the bars it reads nothing.
    enum ZBarLines: Sendable, Hashable {
        case both, rows, columns

        /// The lines that cross bars whose normal (the direction across
        /// them) is `normal` degrees clockwise from the x axis: rows within
        /// 35° of horizontal, columns within 35° of vertical, both for bars
        /// near a diagonal, which lines of either kind cross at a slant.
        init(acrossBarsWithNormal normal: Double) {
            var angle = normal.truncatingRemainder(dividingBy: 180)
            if angle < 0 { angle += 180 }
            self = angle < 35 || angle > 145 ? .rows : (55...125).contains(angle) ? .columns : .both
        }
    }

    /// zxing's thresholding algorithms.
    enum Binarizer: Sendable, Hashable {
        /// A threshold from each pixel's neighbourhood: right for photos
        /// with uneven light. zxing's default.
        case localAverage
        /// One threshold from the histogram's valley. A second pass only: on
        /// the corpus it read 1 QR that local averaging missed and lost 10.
        case globalHistogram
        /// Threshold 127: clean, generated images (also rescued 1 QR).
        case fixedThreshold
        /// Anything non-zero is white: already binarised images.
        case boolCast
    }
}
