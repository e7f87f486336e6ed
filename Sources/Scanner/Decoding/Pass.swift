/// One attempt at a frame: which pixels the engines see, which engines look,
/// and how hard they try.
struct Pass {
    /// A derived image and the way back from its pixels to the region's.
    struct View {
        let frame: Frame
        let toRegion: (Point) -> Point
    }

    /// One change to the pixels; a pass applies its steps in order.
    enum Step: Equatable {
        case inverted, downscaled, upscaled, stretched, bordered, sharpened
        /// A wide unsharp mask (`Frame.unsharpMasked`): defocused symbols.
        case unsharpMasked
        /// Half size at any size: the localizer saw only large modules.
        case halved
        case thresholded(radius: Int)
        case scaled(Double)
        case rotated(degrees: Double)

        /// zbar's density on an image this step enlarges by 2 or more: the
        /// original's own lines only, as the lines between are interpolated
        /// and scanning them costs as much again (every other line at x2,
        /// every third at x3); nil for other steps, which keep zbar's own.
        var ownLinesDensity: Int32? {
            switch self {
            case .upscaled: 2
            case .scaled(let factor) where factor >= 2: Int32(factor)
            default: nil
            }
        }

        var isStretch: Bool { if case .stretched = self { true } else { false } }
        var isBorder: Bool { if case .bordered = self { true } else { false } }
    }

    let steps: [Step]
    let options: EngineOptions
    /// The engines that look; the others skip the pass.
    let engines: Set<EngineName>

    init(_ steps: [Step], _ options: EngineOptions, engines: Set<EngineName> = [.zbar, .zxing]) {
        self.steps = steps
        self.options = options
        self.engines = engines
    }

    init(_ options: EngineOptions, engines: Set<EngineName> = [.zbar, .zxing]) {
        self.init([], options, engines: engines)
    }

    /// This pass on the region at half size, without MicroPDF417, which looks in
    /// the first pass only: its lines read any module from 1.5 pixels at full size.
    var halved: Pass { Pass([.halved] + steps, options, engines: engines.subtracting([.microPDF417])) }

    /// This first pass's look by `group`, on a region that looks like
    /// `candidates`: at half size, MicroPDF417 too, where the look saw
    /// modules of ten pixels and more (`Localizer.Candidates.hugeModules`);
    /// and for zbar and zxing, the second opinions after our readers, where
    /// it saw nothing at full scale and too little to be evidence of a code
    /// (`isEvidence`): our readers have looked at full size, and the blocks
    /// are at half size or coarser. A pass that already scales (the
    /// camera's halving of a large frame) stays as it is. On a smooth
    /// texture seen only coarsely (the benchmark's small no-code files) the
    /// first pass was all the CPU, and zbar and zxing a third of the
    /// benchmark's photo-like frame; over the corpus, 7344 degraded renders,
    /// 195 renders of 6 to 24 pixels a module and 90 small blurred codes in
    /// a larger frame, sharp and blurred, the same symbols were read.
    func firstLook(at candidates: Localizer.Candidates, by group: Set<EngineName>) -> Pass {
        let secondOpinion = group.isDisjoint(with: Pass.ours) && candidates.largeModules && !candidates.isEvidence
        return steps.isEmpty && (candidates.hugeModules || secondOpinion) ? Pass([.halved], options, engines: engines) : self
    }

    /// This pass for a region that looks like `kind` of code, or nil when
    /// it has nothing for it. Bars skip the passes that only matrix readers
    /// run (zxing here reads matrix codes, the native reader Aztec runes),
    /// and of a pass without zbar keep only our readers of bars (PDF417 and
    /// MicroPDF417 look like bars to the localizer); and they skip the
    /// stretched one: our linear reader measures each line against
    /// its own contrast, and over the degradation benchmark's contrast axis
    /// (5712 linear renders) and the corpus a stretched view read no bars.
    /// A matrix drops zbar, and with it zbar's own 1D second chances
    /// (upright, sharpened, sparser): there zbar can read only QR, which
    /// zxing reads in the same passes, and better (55 of the corpus's 69
    /// QR in one pass, zbar 44); this saved 5 % of the corpus's CPU with
    /// the same images read. A region taken for bars keeps zbar in the
    /// passes both engines share (`secondChances` leaves zxing out of
    /// them); one taken for a matrix keeps every zxing pass, and the first
    /// pass has run zbar on it in full.
    func serving(_ kind: Localizer.Kind) -> Pass? {
        switch kind {
        case .either: self
        case .bars: steps.contains(where: \.isStretch) ? nil : engines.contains(.zbar) ? self : restricted(to: Pass.barReaders)
        case .matrix: engines == [.zbar] ? nil : Pass(steps, options, engines: engines.subtracting([.zbar]))
        }
    }

    /// This first pass for a region that looks like `kind` of code: where
    /// the localizer saw a matrix, zbar looks for QR only, the one matrix
    /// code it reads. There its 1D decoders read nothing over the corpus,
    /// corpus-more and 7344 degraded renders (our linear reader looks at
    /// such a region too), and cost about half of zbar's time on a
    /// textured photo; its QR reader read three of the corpus's QR photos
    /// that ours and zxing missed.
    func zbarServing(_ kind: Localizer.Kind) -> Pass {
        guard kind == .matrix, engines.contains(.zbar) else { return self }
        var options = options
        options.zbarSymbologies = [.qr]
        return Pass(steps, options, engines: engines)
    }

    /// The second chances of `sequence` (an effort's passes, the first
    /// pass first) for a region the localizer saw as `candidates`, in the
    /// order to try them.
    ///
    /// Large modules: the area at half size, where they are a good size
    /// and cost a quarter, first as the first pass saw them; but the first
    /// second chance (bars turned upright, or light on dark) at full size
    /// before that: zxing 1.4 reads an inverted MaxiCode that fills the
    /// image only at full size. Each kind skips what is made for the other
    /// kind (`serving`). Bars try the passes only zbar runs first, as they
    /// cost one engine, not two, and read most bar images that second
    /// chances read (12 of the corpus's 17): trying them before the shared
    /// passes (inverted, bordered, enlarged...) saved 9 % of the corpus's
    /// CPU, with the same images read. The shared passes then run without
    /// zxing, which reads matrix codes here: over the corpus, corpus-more
    /// and 7344 degraded renders it read nothing in them for a region
    /// taken for bars, where it cost 4 % of the EAN/UPC photos' CPU.
    ///
    /// Bars try our linear reader on the area at twice the size before
    /// everything else, its lines only across the bars measured: there
    /// they lie twice as close and sample each module twice as often, and
    /// it read 21 more of the degradation benchmark's 5712 linear and
    /// composite renders (seed 23; JPEG at quality 5, 1 to 1.25 pixels a
    /// module), none wrong, and a UPC-A with its add-on of corpus-more. It
    /// reads first five of the corpus's UPC photos that zbar's passes read
    /// after it, and the EAN/UPC photos cost 3 % less. Not for large
    /// modules, nor for the other kinds, where it looks mostly at texture
    /// (for `either`, 3 more of those renders, for a look at every one):
    /// the effort's pass of our linear reader alone is that look.
    ///
    /// A white border changes only what lies past the frame's edge, so the
    /// bordered passes run only where a code-like block meets it
    /// (`Localizer.Candidates.meetsEdge`): a code whose quiet zone lies
    /// inside the frame (a render, a page scanned with its margins) gets
    /// nothing from them. Likewise the unsharp mask runs only where the
    /// area's edges are `defocusedBlur` wide (`blur`, `EdgeBlur`).
    static func secondChances(of sequence: [Pass], for candidates: Localizer.Candidates, blur: Float = 0) -> [Pass] {
        let microPDF417 = looksForMicroPDF417(in: candidates)
        let enlarged = sequence.filter { $0.engines == [.linear] }, sequence = sequence.filter { $0.engines != [.linear] }
        let chances = (candidates.largeModules
            ? Array(sequence.dropFirst().prefix(1)) + sequence.map(\.halved) : Array(sequence.dropFirst()))
            .filter { candidates.meetsEdge || !$0.steps.contains(where: \.isBorder) }
            .filter { blur >= defocusedBlur || !$0.steps.contains(.unsharpMasked) }
            .compactMap { (microPDF417 ? $0 : $0.restricted(to: $0.engines.subtracting([.microPDF417])))?.serving(candidates.kind) }
        guard candidates.kind == .bars else { return chances }
        let across = chances.map { $0.scanning(across: candidates.barNormal) }
        let shared = across.filter { $0.engines != [.zbar] }.compactMap { $0.restricted(to: $0.engines.subtracting([.zxing])) }
        let ours = candidates.largeModules ? [] : enlarged.map { $0.across(barNormal: candidates.barNormal, only: true) }
        return ours + across.filter { $0.engines == [.zbar] } + shared
    }

    /// This pass with zbar's scan lines only across bars whose normal is
    /// `normal` (degrees clockwise from the x axis): lines along the bars
    /// read nothing, and zbar's work halves. As it is when the bars lie
    /// within 10° of a diagonal. The one turn a bars pass makes, the one
    /// that stands them upright, brings them to the axis these lines cross.
    func scanning(across normal: Double?) -> Pass {
        guard let normal else { return self }
        let lines = EngineOptions.ZBarLines(acrossBarsWithNormal: normal)
        guard lines != .both else { return self }
        var options = options
        options.zbarLines = lines
        return Pass(steps, options, engines: engines)
    }

    /// The region as this pass's engines see it, or nil when a step does
    /// not apply to a region of this size.
    func view(of region: Frame) -> View? {
        var view = View(frame: region) { $0 }
        for step in steps {
            guard let next = Self.apply(step, to: view.frame) else { return nil }
            let (outer, inner) = (view.toRegion, next.toRegion)
            view = View(frame: next.frame) { outer(inner($0)) }
        }
        return view
    }

    private static func apply(_ step: Step, to frame: Frame) -> View? {
        switch step {
        case .inverted:
            return View(frame: frame.inverted()) { $0 }
        case .sharpened:
            return View(frame: frame.sharpened()) { $0 }
        case .unsharpMasked:
            return View(frame: frame.unsharpMasked(sigma: 2, amount: 2.5)) { $0 }
        case .thresholded(let radius):
            return View(frame: frame.locallyThresholded(radius: radius, offset: 4)) { $0 }
        case .stretched:
            return View(frame: frame.contrastStretched()) { $0 }
        case .bordered:
            let border = max(16, min(frame.width, frame.height) / 8)
            return View(frame: frame.withWhiteBorder(border)) { Point(x: $0.x - Double(border), y: $0.y - Double(border)) }
        case .downscaled where frame.width < 200 || frame.height < 200:
            return nil
        case .downscaled, .halved:
            return View(frame: frame.downscaledByTwo()) { Point(x: $0.x * 2 + 0.5, y: $0.y * 2 + 0.5) }
        case .upscaled:
            guard frame.width * frame.height <= 1_000_000 else { return nil }
            return View(frame: frame.upscaledByTwo()) { Point(x: $0.x / 2, y: $0.y / 2) }
        case .scaled(let factor):
            // Enlarging past a megapixel only costs time: modules that
            // small in so large an image are not the failure being fixed.
            guard Double(frame.width * frame.height) * factor * factor <= 1_000_000 else { return nil }
            let scaled = frame.scaled(by: factor)
            let (fx, fy) = (Double(frame.width) / Double(scaled.width), Double(frame.height) / Double(scaled.height))
            return View(frame: scaled) { Point(x: $0.x * fx, y: $0.y * fy) }
        case .rotated(let degrees):
            return View(frame: frame.rotated(degrees: degrees)) { frame.pointBeforeRotation($0, degrees: degrees) }
        }
    }

    /// The first pass's engines: our readers look once, on the region as it
    /// is, since their lines run at any angle and the QR detector finds
    /// light-on-dark symbols too; the passes after it turn and rescale the
    /// pixels for zbar and zxing.
    static let firstEngines: Set<EngineName> = ours.union([.zbar, .zxing])

    /// Our readers of bars.
    static let barReaders: Set<EngineName> = [.linear, .pdf417, .microPDF417]

    /// The blur (`EdgeBlur`, a Gaussian's sigma in pixels) from which an
    /// area is defocused enough for the unsharp mask's pass. The corpus's
    /// 2D photos measure up to 1.6, most under 1.35, and corpus-more's
    /// no-code photos 0.6 to 1.56 (two from 1.5); 2D renders at 3 pixels a
    /// module blurred by 0.4 modules 1.4 to 1.6, by 0.5 and more 1.5 to 2.7.
    static let defocusedBlur: Float = 1.5

    /// Our own readers of the first pass, which decide with evidence of
    /// their own (independent lines, check characters, Reed–Solomon).
    static let ours: Set<EngineName> = [.linear, .qr, .aztec, .dataMatrix, .maxiCode, .pdf417, .microPDF417]

    /// Our readers that search both polarities of their binarization
    /// (`Binarization.polarities`) in the first pass: the inverted pass
    /// would only repeat it. On a no-code photo their second look was most
    /// of that pass, itself a third of the photo's CPU. What it still read
    /// was luck, another binarization of the same pixels at heavy noise: 3
    /// of 4896 degraded 2D renders (Data Matrix at noise σ 90 and keystone
    /// 60 %) and one noisy rMQR round trip.
    static let bothPolarities: Set<EngineName> = [.qr, .aztec, .dataMatrix, .maxiCode, .pdf417]

    /// The engines that look at the inverted region: those that see only
    /// dark on light.
    static let invertedEngines: Set<EngineName> = firstEngines.subtracting(bothPolarities).subtracting([.linear])

    /// Our readers of modules laid both ways, which in the first pass skip
    /// the code-like blocks that are bars (`Localizer.CodeLikeBlock.isBars`):
    /// on EAN/UPC photos the Data Matrix reader alone took an eighth of the
    /// CPU there. PDF417 and MicroPDF417 are rows of bars, and look.
    static let matrixReaders: Set<EngineName> = [.qr, .aztec, .dataMatrix, .maxiCode]

    /// The first pass's engines in the order they look (`ReadPipeline`):
    /// ours before zbar and zxing, and of ours the kind the localizer saw
    /// first, so that a read of it spares the other kind's readers. Each
    /// matrix reader is a group of its own, as each later group looks only
    /// at what no read explains: on the corpus's Aztec photos the MaxiCode,
    /// QR and Data Matrix readers cost six times the Aztec reader's CPU,
    /// after it had read the symbol. QR looks first, as the most common;
    /// Aztec before Data Matrix, as its bullseye is cheap to rule out;
    /// MaxiCode, the rarest, last.
    /// MicroPDF417 looks last, at what even zbar and zxing left unexplained:
    /// neither reads it, and before them its probe lines cost most on the
    /// photos that only they read.
    static func firstGroups(for candidates: Localizer.Candidates) -> [Set<EngineName>] {
        let matrix: [Set<EngineName>] = [[.qr], [.aztec], [.dataMatrix]], libraries: Set<EngineName> = [.zbar, .zxing]
        let microPDF417: [Set<EngineName>] = looksForMicroPDF417(in: candidates) ? [[.microPDF417]] : []
        switch candidates.kind {
        // PDF417 looks like bars to the localizer: its reader looks right
        // after the linear one, on what that left unexplained.
        case .bars: return [[.linear], [.pdf417]] + matrix + [[.maxiCode], libraries] + microPDF417
        case .matrix: return matrix + [[.pdf417], [.maxiCode], [.linear], libraries] + microPDF417
        case .either: return [[.linear, .qr, .pdf417], [.aztec], [.dataMatrix], [.maxiCode], libraries] + microPDF417
        }
    }

    /// Whether MicroPDF417's probe lines look at a region the localizer saw
    /// as `candidates`, in the first pass or after it. A MicroPDF417 is
    /// bars: not where the localizer saw a matrix with hardly a bar cell,
    /// where its probe lines cost 64% of what they cost over the corpus and
    /// found nothing, and on the inverted textures of no-code photos half
    /// their CPU. Nor where the look is too little evidence (`isEvidence`):
    /// on a photo-like frame without a code its probe lines were an eighth
    /// of the CPU.
    static func looksForMicroPDF417(in candidates: Localizer.Candidates) -> Bool {
        switch candidates.kind {
        case .bars: true
        case .matrix: candidates.hasSomeBars
        case .either: candidates.isEvidence
        }
    }

    /// This pass with only those of its engines that are in `names`, or nil
    /// when none is.
    func restricted(to names: Set<EngineName>) -> Pass? {
        let kept = engines.intersection(names)
        return kept.isEmpty ? nil : Pass(steps, options, engines: kept)
    }

    /// This pass with our linear reader's lines also across bars whose
    /// normal the localizer measured as `normal` degrees, and those lines
    /// read light on dark where dark on light read nothing on them. The
    /// localizer's bars are edges of one direction, whichever their
    /// polarity, so it measures light bars on dark as it does dark ones:
    /// one more decode of lines already sampled replaces our reader's
    /// share of the inverted pass, a whole second look with diagonals
    /// (more than its first look on a textured photo). Without bars
    /// measured there is nothing to read light on dark. `only`: no other
    /// lines, none along the bars (`EngineOptions.onlyAcrossBars`).
    func across(barNormal normal: Double?, only: Bool = false) -> Pass {
        var options = options
        options.barNormal = normal
        options.lightOnDarkAcrossBars = normal != nil
        options.onlyAcrossBars = only && normal != nil
        return Pass(steps, options, engines: engines)
    }

    /// The passes to try, in order, until one finds something.
    /// `frame` is the whole camera frame or image, `region` the part of it
    /// being decoded. `barTilt` is the localizer's estimate of how far bars
    /// lean from the nearest upright, in degrees clockwise.
    static func sequence(for effort: Effort, frame: Frame, region: Frame, barTilt: Double? = nil) -> [Pass] {
        let plain = EngineOptions()
        let harder = EngineOptions(tryHarder: true)
        switch effort {
        case .fast:
            // A camera frame is mostly sensor noise to zbar, which walks every
            // noisy edge. Averaging 2x2 blocks removes most of it and three
            // quarters of the pixels: on a noisy 1280x720 frame, ten times
            // cheaper, and the codes a till shows are big enough. Frames up to
            // VGA stay whole. A region of interest keeps its frame's scale, so
            // a smaller region always costs less. Either way zbar scans every
            // other row and column: on the averaged noisy frame that halves
            // its cost (scan-bench: 14 to 10 ms), and a code still lies
            // across many lines, which are the tracker's evidence.
            let halve = frame.width >= 1000 && region.width >= 200 && region.height >= 200
            return halve ? [Pass([.downscaled], plain, engines: firstEngines)] : [Pass(plain, engines: firstEngines)]
        case .normal:
            return [
                Pass(plain, engines: firstEngines),
                // Light on dark: zxing 1.4 cannot see it, zbar only when told
                // (our linear reader read it in the first pass, `across`). Not MicroPDF417,
                // read dark on light only: its probe looked here at every
                // unread photo again, a fifth of the QR photos' CPU.
                Pass([.inverted], harder, engines: invertedEngines.subtracting([.microPDF417])),
                Pass([.downscaled], plain),
                Pass([.bordered], harder),
            ]
        case .thorough:
            let zbarOnly: Set<EngineName> = [.zbar], zxingOnly: Set<EngineName> = [.zxing]
            // zxing halves the image (its tryDownscale) in the first pass and
            // on the x3 view only, where the halvings read the noisiest
            // PDF417 and QR renders. On the other views they come back to
            // about an image a pass before read: they were a third of
            // zxing's cost in second chances, 7 % of the CPU on the no-code
            // photos of corpus-more, and read nothing over the corpus,
            // corpus-more and 7344 degraded renders but one PDF417 at noise
            // σ 90 (3 of 4 without them; zxing-cpp 3.1.1 reads none).
            let unhalved = EngineOptions(tryHarder: true, zxingHalves: false)
            // Bars the localizer saw leaning: turned upright first, as
            // zbar's scan lines read bars across rows and columns. No other
            // turns: our readers' lines and finder searches run at any
            // angle, and turns of 15° and 30° read nothing over the corpus
            // and 7344 degraded renders (rotations in 15° steps among them).
            let upright = barTilt.map { abs($0) >= 5 ? [Pass([.rotated(degrees: -$0)], harder, engines: zbarOnly)] : [] } ?? []
            return [Pass(harder, engines: firstEngines)] + upright + [
                // Bars: our linear reader on the area at twice the size
                // (`secondChances`).
                Pass([.upscaled], harder, engines: [.linear]),
                // With MicroPDF417, unlike normal effort: a still may be a
                // light-on-dark MicroPDF417, which only this pass reads.
                Pass([.inverted], unhalved, engines: invertedEngines),
                Pass([.downscaled], unhalved),
                Pass([.bordered], unhalved),
                // Twice the size, where zbar scans every other line: the
                // lines between are interpolated and cost twice as much.
                Pass([.upscaled], EngineOptions(tryHarder: true, zbarDensity: Step.upscaled.ownLinesDensity, zxingHalves: false)),
                Pass([.stretched], unhalved),
                // zbar's sparser scan (every other line) keeps different
                // edge runs than the full one: it read a one-pixel-high
                // EAN-8 that density 1 missed.
                Pass(plain, engines: zbarOnly),
                // Defocused 1D photos: steeper edges give zbar clean runs.
                Pass([.sharpened], harder, engines: zbarOnly),
                // Defocused symbols, where the area's edges are wide
                // (`defocusedBlur`): our readers on a wide unsharp mask,
                // which brings back the one-module bars and spaces that
                // blur merged. Over the degraded renders it read 32 more of
                // 1632 2D ones at blurs of 0.4 to 0.7 modules (PDF417 and
                // MicroPDF417 at 0.6 among them, which only zxing-cpp read)
                // and 30 more of 5712 1D ones at 0.5 to 0.7, none wrong; the
                // corpus reads the same, for 3 % more CPU on its EAN/UPC
                // photos and 1.6 % on corpus-more's no-code ones.
                Pass([.unsharpMasked], harder, engines: ours),
                // Shadows and glare: a local threshold where a global one fails.
                Pass([.thresholded(radius: 20)], unhalved),
                // Both at once: a blurred code in uneven light.
                Pass([.sharpened, .thresholded(radius: 20)], harder, engines: zbarOnly),
                // Modules about a pixel wide: enlarge a lot, then one global
                // threshold keeps the thin ones that local averaging erodes.
                Pass([.scaled(3)], EngineOptions(tryHarder: true, binarizer: .globalHistogram), engines: zxingOnly),
                // Matrix symbols cropped to the edge and small.
                Pass([.bordered, .upscaled], unhalved, engines: zxingOnly),
            ]
        }
    }
}
