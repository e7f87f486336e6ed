/// What a `BarcodeReader` looks for and how hard it tries.
public struct DecoderConfiguration: Sendable, Hashable {
    /// The symbologies to report. Only their engines run.
    public var symbologies: Set<Symbology>
    /// The part of each frame to decode.
    public var regionOfInterest: RegionOfInterest
    /// How many second chances a frame gets when nothing is found.
    public var effort: Effort
    /// How much work second chances may do on one frame, in pixels the
    /// engines examine; see `Effort.secondChanceWork`, the default. Work,
    /// not time: the answer for a frame never depends on machine load.
    public var secondChanceWork: Int
    /// A last resort against pathological input, not the normal budget: no
    /// pass (or zbar re-scan inside one) starts once this much wall-clock
    /// time has passed on a frame, and `ReadResult.reachedTimeLimit` says
    /// so. `nil`, the default, leaves only the work budget. With
    /// `isolated`, it also holds inside a stuck C library: see there.
    public var timeLimit: Duration?
    /// Off by default for the library: read each frame in the read helper
    /// (`ReadHelper`, a process started once and kept), so that a
    /// pathological frame costs at most `timeLimit` however deep inside zbar
    /// or zxing it is stuck, and a crash in them costs that frame only.
    /// Passes then stop starting at three quarters of `timeLimit`; at the
    /// limit the helper is killed and replaced, and the result says so
    /// (`ReadResult.abandonment`, `reachedTimeLimit`). Without a time limit
    /// only crashes are contained. Costs a copy of the frame through a pipe
    /// (see the scan-bench ratio); when no helper is named or none can be
    /// started, frames are read in-process.
    public var isolated = false
    /// For comparisons only: one engine alone, in one pass at its library's
    /// defaults, with every symbology it has. zxing alone then includes its
    /// 1D readers, which run in the read helper (`ReadHelper`), as they can
    /// abort the process on some images.
    public var singleEngine: Detection.Engine?
    /// Off by default: have zxing's own 1D readers re-read each image in
    /// which zbar found an EAN or UPC, and let zxing's reading win where the
    /// two disagree. On the corpus it turned 2 misreads into right answers.
    /// zxing 1.4's 1D readers can abort the process, so they run in the
    /// read helper (`ReadHelper`); each check costs a request and a decode.
    public var linearSecondOpinion = false
    /// The fewest digits an Interleaved 2 of 5 must have to be reported.
    /// A short I2/5 misreads easily: a partial scan of a longer one or of
    /// another code's bars reads as a valid shorter one, and it has no
    /// check digit. An ITF-14 always has 14.
    public var minimumITFLength = 6

    /// A configuration; by default every symbology but the add-ons, the whole
    /// frame, thorough effort and that effort's work budget.
    public init(
        symbologies: Set<Symbology> = Symbology.standard,
        regionOfInterest: RegionOfInterest = .full,
        effort: Effort = .thorough,
        secondChanceWork: Int? = nil,
        timeLimit: Duration? = nil
    ) {
        self.symbologies = symbologies
        self.regionOfInterest = regionOfInterest
        self.effort = effort
        self.secondChanceWork = secondChanceWork ?? effort.secondChanceWork
        self.timeLimit = timeLimit
    }
}
