/// One way through a read, in stages: the region of interest is cut, a
/// first pass runs the injected engines (ours first, each group on what the
/// reads before it left unexplained, then zbar and zxing where ours read
/// nothing), and while nothing is found the
/// localizer's candidate area gets the effort's second chances; each pass's
/// readings are arbitrated (`Reconciler`) and, on still images, their 1D
/// reads confirmed; last, the symbols of a structured-append message are
/// joined into one (`StructuredAppendJoin`), and a GS1 Composite's 2D component read beside
/// its linear one (`CompositeSearch`). Every configuration is such a pipeline: one engine
/// alone (`--engine`) is a pipeline of that engine, one pass at its
/// library's defaults and nothing after it.
struct ReadPipeline: Sendable {
    /// The engines the passes choose from (`Pass.engines`).
    let engines: [any BarcodeEngine]
    /// What is read, how hard, and within what budget.
    let configuration: DecoderConfiguration
    /// The first pass's options for one engine alone; nil for the effort's
    /// own sequence.
    private let alone: Pass?

    init(configuration: DecoderConfiguration) {
        let ours: [any BarcodeEngine] = [LinearEngine(), QREngine(), AztecEngine(), MaxiCodeEngine(), DataMatrixEngine(), PDF417Engine(), MicroPDF417Engine()]
        switch configuration.singleEngine {
        case .zbar?: self.init(configuration: configuration, engines: [ZBarEngine()])
        case .zxing?: self.init(configuration: configuration, engines: [ZXingEngine(linearReaders: true)])
        case .native?: self.init(configuration: configuration, engines: ours)
        case nil: self.init(configuration: configuration, engines: ours + [ZBarEngine(), ZXingEngine()])
        }
    }

    /// A pipeline of `engines` (tests put a stand-in in an engine's place).
    init(configuration: DecoderConfiguration, engines: [any BarcodeEngine]) {
        self.configuration = configuration
        self.engines = engines
        let names = Set(engines.map(\.name))
        alone = configuration.singleEngine.map { _ in Pass(EngineOptions(tryHarder: true), engines: names) }
    }

    /// Whether the stages after the first pass run: not for one engine alone.
    private var isFull: Bool { alone == nil }

    /// The stages on one frame. The localizer's look comes first: where
    /// nothing looks like a code (a blank page, sensor noise, texture), that
    /// one look is all the frame costs, and where it saw too little to be
    /// evidence of a code (`Localizer.Candidates.isEvidence`), the first
    /// pass is; where it saw only huge modules, the first pass looks at half
    /// size (`Pass.firstLook(at:by:)`).
    func read(_ frame: Frame) -> ReadResult {
        let region = frame.cropped(to: configuration.regionOfInterest)
        var meter = WorkMeter(timeLimit: configuration.timeLimit)
        let candidates = Localizer.candidates(in: region)
        guard candidates.area != nil || !isFull else {
            return ReadResult(detections: [], passes: 0, pixelsExamined: 0, reachedTimeLimit: false)
        }
        let first = (alone ?? Pass.sequence(for: configuration.effort, frame: frame, region: region)[0])
            .across(barNormal: candidates.barNormal)
        var found = isFull ? firstPass(first, on: region, candidates: candidates, &meter) : run(first, on: region, &meter)
        var passes = 1
        if found.isEmpty, isFull, configuration.effort != .fast, candidates.isEvidence {
            (found, passes) = secondChances(frame: frame, region: region, candidates: candidates, &meter)
        }
        if configuration.linearSecondOpinion, isFull {
            found = crossChecked(found, in: region)
        }
        return ReadResult(
            detections: StructuredAppendJoin.joined(CompositeSearch.attached(found, in: region)), passes: passes, pixelsExamined: meter.pixels, reachedTimeLimit: meter.reachedTimeLimit)
    }

    /// The first pass, one group of engines after another
    /// (`Pass.firstGroups`): the first group looks at the whole region, each
    /// next one only at the code-like blocks that no read so far explains
    /// (the matrix readers not at those that are bars), cropped to them,
    /// and with the symbols read so far painted white. A read of ours
    /// carries its own evidence (lines that agree, check characters,
    /// Reed–Solomon), so the area it covers needs no other engine: the work
    /// follows what is left. Painted out, a symbol read is not read again,
    /// nor probed by MicroPDF417's lines.
    private func firstPass(_ pass: Pass, on region: Frame, candidates: Localizer.Candidates, _ meter: inout WorkMeter) -> [Detection] {
        var found: [Detection] = [], accounted: [Detection] = []
        let pass = pass.zbarServing(candidates.kind)
        // The last view made of unpainted pixels: a group after it that looks
        // at the same part of the region through the same steps (at half
        // size, `Pass.firstLook`) reads that view instead of making it anew.
        var made: (origin: PixelRect, steps: [Pass.Step], view: Pass.View)?
        func view(_ pass: Pass, of frame: Frame) -> Pass.View? {
            if let made, made.origin == frame.origin, made.steps == pass.steps { return made.view }
            let view = pass.view(of: frame)
            made = view.map { (frame.origin, pass.steps, $0) }
            return view
        }
        for (index, group) in Pass.firstGroups(for: candidates).enumerated() {
            // zbar and zxing are second opinions where ours read nothing:
            // after a read of ours, what its lines left unexplained (printed
            // digits, text, texture) gave them nothing new over the corpus,
            // corpus-more and 7344 degraded renders, and cost 4 % of the
            // EAN/UPC photos' CPU.
            if !found.isEmpty, group.isDisjoint(with: Pass.ours) { continue }
            guard let groupPass = pass.restricted(to: group)?.firstLook(at: candidates, by: group) else { continue }
            var target = region, painted = false
            if index > 0 {
                let covered = accounted.map { Self.coverage(of: $0, in: region) }
                let unexplained = candidates.blocks.filter { !Self.isExplained($0.busy, by: covered) }
                guard !unexplained.isEmpty else { break }
                let open = group.isSubset(of: Pass.matrixReaders) ? unexplained.filter { !$0.isBars } : unexplained
                guard let blocks = PixelRect.enclosing(open.map(\.area)) else { continue }
                // Half the blocks' size again on every side: busy cells can be
                // only part of a symbol with large modules (a wide bar's
                // inside is flat), and zbar needs the whole quiet zone, ten
                // modules for Codabar.
                let grow = max(blocks.width, blocks.height) / 2
                let left = max(0, blocks.x - grow), top = max(0, blocks.y - grow)
                let area = PixelRect(
                    x: left, y: top, width: min(region.width, blocks.x + blocks.width + grow) - left,
                    height: min(region.height, blocks.y + blocks.height + grow) - top)
                // Cropped however much it leaves out (a crop shares the
                // region's pixels): the text beside an EAN-13 is a third of
                // the photo, not the whole. A crop too small for the pass's
                // steps (the camera's halving) is read as the region is.
                let cropped = region.cropped(to: area)
                if view(groupPass, of: cropped) != nil { target = cropped }
                if !found.isEmpty {
                    target = target.whitened(accounted.map(\.corners))
                    painted = true
                }
            }
            guard let look = painted ? groupPass.view(of: target) : view(groupPass, of: target) else { continue }
            let reads = run(groupPass, look, of: target, &meter)
            guard !reads.isEmpty else { continue }
            found = found.isEmpty ? reads : Reconciler.merge(found + reads)
            accounted = found.map { Self.accounted($0, in: region) }
        }
        return found
    }

    /// What a read accounts for in the first pass: a 1D read's outline grown
    /// along its bars (`LinearExtent.bars(of:in:)`), so that the readers
    /// after it find the whole symbol painted out and the blocks of its
    /// bars explained; other reads as they are.
    private static func accounted(_ detection: Detection, in region: Frame) -> Detection {
        guard detection.symbology.isLinear else { return detection }
        var grown = detection
        grown.corners = LinearExtent.bars(of: detection.corners.map(region.framePoint), in: region).map(region.imagePoint)
        return grown
    }

    /// The part of `region` (in its own pixels) that `detection` (corners in
    /// the full image's) accounts for (`Detection.accountedBox`).
    private static func coverage(of detection: Detection, in region: Frame) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let box = detection.accountedBox
        let (dx, dy) = (Double(region.origin.x), Double(region.origin.y))
        return (box.minX - dx, box.minY - dy, box.maxX - dx, box.maxY - dy)
    }

    /// Whether three quarters of `busy` (a code-like block's busy cells,
    /// sampled on a 6x6 grid) lie in the areas that reads account for.
    private static func isExplained(_ busy: PixelRect, by covered: [(minX: Double, minY: Double, maxX: Double, maxY: Double)]) -> Bool {
        guard !covered.isEmpty else { return false }
        let samples = 6
        var inside = 0
        for i in 0..<samples {
            for j in 0..<samples {
                let x = Double(busy.x) + (Double(i) + 0.5) * Double(busy.width) / Double(samples)
                let y = Double(busy.y) + (Double(j) + 0.5) * Double(busy.height) / Double(samples)
                if covered.contains(where: { x >= $0.minX && x <= $0.maxX && y >= $0.minY && y <= $0.maxY }) { inside += 1 }
            }
        }
        return inside * 4 >= samples * samples * 3
    }

    /// The effort's second chances, in order until one finds something, on
    /// the part of the region where the localizer sees something code-like,
    /// within the work budget. Returns what was found and the passes run,
    /// the first pass included.
    private func secondChances(
        frame: Frame, region: Frame, candidates: Localizer.Candidates, _ meter: inout WorkMeter
    ) -> ([Detection], Int) {
        guard let area = candidates.area else { return ([], 1) }
        // Cropping pays only when it leaves out most of the region; at 60 %
        // the crop lost an Aztec photo (aztec-2/04) that a second chance
        // read on the whole image.
        let target = area.width * area.height * 3 <= region.width * region.height ? region.cropped(to: area) : region
        let tilt = candidates.barNormal.map { normal -> Double in
            let turn = normal.truncatingRemainder(dividingBy: 90)
            return turn > 45 ? turn - 90 : turn <= -45 ? turn + 90 : turn
        }
        meter.allow(configuration.secondChanceWork)
        var passes = 1
        let sequence = Pass.sequence(for: configuration.effort, frame: frame, region: target, barTilt: tilt)
        // The area's blur is measured only for an effort with the unsharp mask's pass.
        let blur = sequence.contains { $0.steps.contains(.unsharpMasked) } ? EdgeBlur.sigma(of: target) : 0
        let chances = Pass.secondChances(of: sequence, for: candidates, blur: blur)
        for pass in chances {
            if meter.isSpent || meter.isPastDeadline() { break }
            passes += 1
            let found = run(pass, on: target, &meter, secondChance: true)
            if !found.isEmpty { return (found, passes) }
        }
        return ([], passes)
    }

    /// What one pass finds in `region`: the readings of the pass's engines,
    /// arbitrated, then (still images) each 1D read confirmed, more strictly
    /// in a second chance, and corrected where zbar's payloads are known to
    /// be wrong; corners in the full image's pixels.
    func run(_ pass: Pass, on region: Frame, _ meter: inout WorkMeter, secondChance: Bool = false) -> [Detection] {
        guard let view = pass.view(of: region) else { return [] }
        return run(pass, view, of: region, &meter, secondChance: secondChance)
    }

    /// What one pass finds in `view`, already made of `region`.
    private func run(_ pass: Pass, _ view: Pass.View, of region: Frame, _ meter: inout WorkMeter, secondChance: Bool = false) -> [Detection] {
        var found: [Detection] = []
        for engine in engines where pass.engines.contains(engine.name) {
            let wanted = configuration.symbologies.intersection(engine.supported)
            guard !wanted.isEmpty else { continue }
            found += engine.read(view.frame, symbologies: wanted, options: pass.options, meter: &meter)
        }
        var merged = Reconciler.merge(found.filter { $0.symbology != .itf || $0.text.count >= configuration.minimumITFLength })
        if isFull, configuration.effort.confirmsLinearReads, merged.contains(where: \.symbology.isLinear) {
            let confirmation = LinearConfirmation(symbologies: configuration.symbologies, zbarConfirmsRetail: !secondChance)
            merged = confirmation.confirmed(merged, in: view.frame, &meter)
        }
        // After confirmation, which compares zbar with zbar: zxing then gives
        // Code 128 back its Latin-1 high bits and replaces DataBar Expanded.
        if isFull { merged = rechecked(merged, in: view.frame) }
        return merged.map { $0.mapped { region.imagePoint(view.toRegion($0)) } }
    }

    /// zbar's EAN/UPC readings checked against zxing's own 1D readers on the
    /// untransformed region (`linearSecondOpinion`). Where the two read one
    /// symbol differently, zxing's reading stands: its readers misread no
    /// EAN/UPC of the corpus, zbar's four. zxing's 1D readers can abort the
    /// process, so they run in the read helper (`ReadHelper`).
    private func crossChecked(_ found: [Detection], in region: Frame) -> [Detection] {
        let linear = Set(found.filter { $0.symbology.isEANUPC && $0.engine == .zbar }.map(\.symbology))
        guard !linear.isEmpty else { return found }
        let family = linear.union([.ean8, .ean13, .upca, .upce]).intersection(configuration.symbologies)
        let checks = ZXingEngine(linearReaders: true).decode(region, symbologies: family, options: EngineOptions(tryHarder: true))
            .map { $0.mapped(region.imagePoint) }
        return Reconciler.arbitrate(found, by: checks)
    }

    /// zbar's Code 128 and DataBar Expanded readings corrected by zxing's
    /// 1D readers on the image zbar read them in (see `LinearRecheck`).
    /// First without tryHarder: its downscaling made zxing 1.4 miss a
    /// DataBar Expanded 1600 pixels wide that it reads at its defaults;
    /// then with it, which turns the image for vertical codes.
    private func rechecked(_ found: [Detection], in image: Frame) -> [Detection] {
        let wanted = LinearRecheck.needed(by: found)
        guard !wanted.isEmpty else { return found }
        var rereads: [Detection] = []
        for tryHarder in [false, true] where rereads.isEmpty {
            rereads = ZXingEngine(linearReaders: true).decode(image, symbologies: wanted, options: EngineOptions(tryHarder: tryHarder))
        }
        return LinearRecheck.corrected(found, by: rereads)
    }
}
