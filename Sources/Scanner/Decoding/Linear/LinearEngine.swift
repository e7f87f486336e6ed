/// Our own 1D reader: scan lines across the frame (`LinearScanPlan`), each
/// turned into runs on its grey profile (`EdgeProfile`) and read by every
/// enabled symbology's decoder both ways (`LinearLineDecoder`); the reads of
/// each family of parallel lines are voted into symbols whose evidence is
/// the number of independent lines that agree (`LinearSymbolVoting`), and
/// stacked DataBar rows read on different lines are joined
/// (`DataBarAssembler`); DX Film Edge's data track is read beside the
/// clock tracks the lines cross (`DXFilmEdgeSearch`). Where asked, the
/// lines across the measured bars are read light on dark too
/// (`EngineOptions.lightOnDarkAcrossBars`).
struct LinearEngine: BarcodeEngine {
    let name = EngineName.linear
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [
        .ean8, .ean13, .upca, .upce, .ean2, .ean5, .code39, .code93, .code128, .codabar, .itf,
        .databar, .databarExpanded, .databarLimited, .telepen, .dxFilmEdge,
    ]

    /// The decoders for `symbologies`: those that read one direction, which
    /// the line decoder also gives the reversed line, those that read both
    /// themselves, and those that need a quiet zone inside the frame.
    /// ITF and Codabar carry no check character: a line the frame's edge
    /// cuts off holds a shorter valid symbol, so the edge is no quiet zone
    /// for them.
    static func decoders(
        for symbologies: Set<Symbology>
    ) -> (oneWay: [LinearDecodeFunction], bothWays: [LinearDecodeFunction], unchecked: [LinearDecodeFunction]) {
        var oneWay: [LinearDecodeFunction] = [], bothWays: [LinearDecodeFunction] = [], unchecked: [LinearDecodeFunction] = []
        if !symbologies.isDisjoint(with: [.ean8, .ean13, .upca, .upce, .ean2, .ean5]) { oneWay.append(EANDecoder.decode) }
        if symbologies.contains(.itf) { unchecked.append(ITFDecoder.decode) }
        if symbologies.contains(.codabar) { unchecked.append(CodabarDecoder.decode) }
        if symbologies.contains(.code128) { oneWay.append(Code128.decode) }
        if symbologies.contains(.code39) { oneWay.append(Code39.decode) }
        if symbologies.contains(.code93) { oneWay.append(Code93.decode) }
        if symbologies.contains(.telepen) { oneWay.append(Telepen.decode) }
        if symbologies.contains(.databar) { bothWays.append(DataBarOmni.decode) }
        if symbologies.contains(.databarExpanded) { bothWays.append(DataBarExpanded.decode) }
        if symbologies.contains(.databarLimited) { bothWays.append(DataBarLimited.decode) }
        return (oneWay, bothWays, unchecked)
    }

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        let wanted = symbologies.intersection(supported)
        guard !wanted.isEmpty else { return [] }
        // DataBar Omni and Expanded are read from each line's finds, which the
        // stacked assembler takes too (`DataBarLineFinds`).
        let (oneWay, bothWays, unchecked) = Self.decoders(for: wanted.subtracting(DataBarLineFinds.symbologies))
        let stacked = !wanted.isDisjoint(with: DataBarLineFinds.symbologies)
        let film = wanted.contains(.dxFilmEdge)
        let plan = LinearScanPlan(width: frame.width, height: frame.height, barNormal: options.barNormal, diagonals: options.tryHarder)
        let noise = LumaContrast(frame).noise
        var found: [Detection] = []
        frame.withUnsafeBytes { raw in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            guard let sampler = LineSampler(pixels: bytes, width: frame.width, height: frame.height, stride: frame.stride) else { return }
            var profile: [Float] = []
            /// One line's reads of `runs` added to `inputs` and `assembler`;
            /// returns the runs opened at the frame's ends.
            func read(_ runs: ScanRuns, line index: Int, offset: Float, start: Float,
                      into inputs: inout [LinearSymbolVoting.Input], _ assembler: inout DataBarAssembler) -> ScanRuns {
                let opened = runs.openedAtEnds()
                let finds = stacked ? DataBarLineFinds(opened, at: offset) : nil
                let reads = LinearLineDecoder.decode(opened, decoders: oneWay, bothWays: bothWays, alreadyRead: finds?.reads(of: wanted) ?? [])
                    + (unchecked.isEmpty ? [] : LinearLineDecoder.decode(runs, decoders: unchecked))
                for read in reads {
                    var placed = read
                    placed.start += start
                    placed.end += start
                    inputs.append(LinearSymbolVoting.Input(read: placed, line: index, offset: offset))
                }
                if let finds { assembler.add(finds) }
                return opened
            }
            /// The symbols voted from one family's reads.
            func symbols(_ inputs: [LinearSymbolVoting.Input], _ assembler: DataBarAssembler, in family: LinearScanPlan.Family) -> [Detection] {
                let voted = Self.joined(LinearSymbolVoting.vote(inputs, minSeparation: family.spacing, maxGap: 3 * family.spacing))
                return voted.map { Self.detection($0, in: family, of: plan) }
                    + (stacked ? Self.stackedSymbols(assembler, beside: voted, in: family, of: plan) : [])
            }
            for (familyIndex, family) in plan.families.enumerated() where !options.onlyAcrossBars || familyIndex == plan.acrossBars {
                let thickness = Self.thickness(noise: noise, spacing: family.spacing)
                let lightOnDark = options.lightOnDarkAcrossBars && plan.acrossBars == familyIndex
                var inputs: [LinearSymbolVoting.Input] = []
                var assembler = DataBarAssembler()
                var filmSearch = DXFilmEdgeSearch()
                var lines: [(index: Int, offset: Float, start: Float, runs: ScanRuns)] = []
                for (index, offset) in family.offsets.enumerated() {
                    let ends = plan.ends(of: family, at: offset)
                    let line = sampler.sample(fromX: ends.x0, y0: ends.y0, toX: ends.x1, y1: ends.y1, thickness: thickness, into: &profile)
                    guard line.count >= 2 else { continue }
                    // Where the clipped line starts along the unclipped one.
                    let start = (line.originX - ends.x0) * family.direction.x + (line.originY - ends.y0) * family.direction.y
                    let runs = profile.withUnsafeBufferPointer { EdgeProfile.runs(UnsafeBufferPointer(rebasing: $0[0..<line.count])) }
                    let opened = read(runs, line: index, offset: offset, start: start, into: &inputs, &assembler)
                    if lightOnDark { lines.append((index, offset, start, runs)) }
                    if film {
                        filmSearch.add(opened, along: start, line: index, offset: offset, family: family, plan: plan, sampler: sampler)
                    }
                }
                var familySymbols = symbols(inputs, assembler, in: family)
                // Light on dark (`EngineOptions.lightOnDarkAcrossBars`): the
                // same lines' runs inverted, where dark on light read nothing.
                if familySymbols.isEmpty, lightOnDark {
                    var lightInputs: [LinearSymbolVoting.Input] = []
                    var lightAssembler = DataBarAssembler()
                    for line in lines {
                        _ = read(line.runs.inverted(), line: line.index, offset: line.offset, start: line.start, into: &lightInputs, &lightAssembler)
                    }
                    familySymbols = symbols(lightInputs, lightAssembler, in: family)
                }
                found += familySymbols
                // DX Film Edge carries only a parity bit, and no witness reads
                // it: a read on one line (an rMQR's timing row read as a clock
                // track gave "8-8") is never reported.
                if film {
                    found += filmSearch.symbols(maxGap: 3 * family.spacing).map { Self.detection($0, in: family, of: plan) }
                        .filter { $0.evidence >= 2 }
                }
            }
        }
        // Add-ons only when asked for: off, they must not be joined either.
        return AddOnPairing.attach(found.filter { !$0.symbology.isAddOn || wanted.contains($0.symbology) })
            .filter { wanted.contains($0.symbology) }
    }

    /// Sensor noise (`LumaContrast.noise`, in levels) that lines one pixel
    /// thin read through. Renders of the degradation benchmark measure 15–20
    /// at its noise of 25 levels (less: clipped at black and white), which
    /// one pixel read all of, and 30–38 at 55, which it read half of.
    static let readableNoise = 16.0

    /// Lines as thick as it takes to bring the frame's noise down to
    /// `readableNoise` (averaging k parallel lines divides it by √k), but no
    /// thicker than their spacing, so that each keeps pixels of its own and
    /// stays independent evidence. A photo's noise (a few levels) keeps
    /// them one pixel thin.
    static func thickness(noise: Double, spacing: Float) -> Int {
        let wanted = (noise / readableNoise) * (noise / readableNoise)
        return max(1, min(Int(wanted.rounded(.up)), Int(spacing)))
    }

    /// Groups of one payload that the voting kept apart across a stretch
    /// of lines that read nothing (noise, a scratch, a glare, a crease)
    /// joined where they are one symbol (`isOneSymbol`).
    static func joined(_ voted: [LinearSymbolVoting.VotedSymbol]) -> [LinearSymbolVoting.VotedSymbol] {
        var joined: [LinearSymbolVoting.VotedSymbol] = []
        for symbol in voted.sorted(by: { $0.minOffset < $1.minOffset }) {
            if let index = joined.firstIndex(where: { isOneSymbol($0, symbol) }) {
                joined[index].evidence += symbol.evidence
                if symbol.maxOffset > joined[index].maxOffset { joined[index].last = symbol.last }
                joined[index].maxOffset = max(joined[index].maxOffset, symbol.maxOffset)
                joined[index].margin = max(joined[index].margin, symbol.margin)
                joined[index].linked = joined[index].linked || symbol.linked
            } else {
                joined.append(symbol)
            }
        }
        return joined
    }

    /// Of a group's length along the lines, the share another must cover
    /// too to be the same symbol bent or slanted (`isOneSymbol`).
    static let joinOverlap: Float = 0.9

    /// Whether two groups of one payload, `later` from lines after
    /// `earlier`'s first, are one symbol: they start and end at the same
    /// places along the lines (within 3 % of its length and 2 pixels), or
    /// they cover nearly the same stretch of them (`joinOverlap`) less than
    /// a quarter of its length apart across them, a bent or slanted symbol
    /// whose ends move from one stretch of lines to the next (crumpled bags,
    /// upca-3/17 and 5/33: by up to 7 % of its length, over a crease, each
    /// reported twice). Two equal labels side by side stay two; stacked in
    /// line and that close, they would be taken for one.
    static func isOneSymbol(_ earlier: LinearSymbolVoting.VotedSymbol, _ later: LinearSymbolVoting.VotedSymbol) -> Bool {
        guard earlier.symbology == later.symbology, earlier.bytes == later.bytes else { return false }
        let length = later.end - later.start
        let tolerance = 0.03 * length + 2
        if abs(earlier.start - later.start) <= tolerance && abs(earlier.end - later.end) <= tolerance { return true }
        let shared = min(earlier.end, later.end) - max(earlier.start, later.start)
        let shorter = min(earlier.end - earlier.start, length)
        return shorter > 0 && shared >= joinOverlap * shorter && later.minOffset - earlier.maxOffset <= 0.25 * length
    }

    /// A voted symbol as a detection: its outline runs from its extent on
    /// the first line that read it to its extent on the last, clockwise
    /// from its top-left in reading order (where the symbol starts), as
    /// `AddOnPairing` and zbar's orientation take it: a symbol read against
    /// the lines' direction starts at the last line's far end.
    private static func detection(_ symbol: LinearSymbolVoting.VotedSymbol, in family: LinearScanPlan.Family, of plan: LinearScanPlan) -> Detection {
        let outline = [
            plan.point(in: family, along: symbol.first.lowerBound, offset: symbol.minOffset),
            plan.point(in: family, along: symbol.first.upperBound, offset: symbol.minOffset),
            plan.point(in: family, along: symbol.last.upperBound, offset: symbol.maxOffset),
            plan.point(in: family, along: symbol.last.lowerBound, offset: symbol.maxOffset),
        ]
        let corners = symbol.reversed ? Array(outline[2...] + outline[..<2]) : outline
        return detection(symbol.symbology, bytes: symbol.bytes, isGS1: symbol.isGS1, linked: symbol.linked, corners: corners, evidence: symbol.evidence)
    }

    /// Stacked DataBar symbols the assembler joined from rows on different
    /// lines, that no single line read whole. Only a weak checksum joins
    /// the rows, so the evidence is that of the row read on fewest lines:
    /// one, and zbar must witness it. The box spans the lines across the
    /// frame; along them, the frame.
    private static func stackedSymbols(
        _ assembler: DataBarAssembler, beside voted: [LinearSymbolVoting.VotedSymbol], in family: LinearScanPlan.Family, of plan: LinearScanPlan
    ) -> [Detection] {
        assembler.symbols().compactMap { symbol in
            guard symbol.lines.count >= 2, let low = symbol.lines.min(), let high = symbol.lines.max(),
                  !voted.contains(where: { $0.symbology == symbol.symbology && $0.bytes == symbol.bytes }) else { return nil }
            let (width, height) = (2 * Double(plan.centre.x), 2 * Double(plan.centre.y))
            let corners = [
                plan.point(in: family, along: 0, offset: low), plan.point(in: family, along: 2 * plan.reach, offset: low),
                plan.point(in: family, along: 2 * plan.reach, offset: high), plan.point(in: family, along: 0, offset: high),
            ].map { Point(x: min(max($0.x, 0), width), y: min(max($0.y, 0), height)) }
            return detection(symbol.symbology, bytes: symbol.bytes, isGS1: symbol.isGS1, linked: symbol.linked, corners: corners, evidence: symbol.evidence)
        }
    }

    private static func detection(_ symbology: Symbology, bytes drawn: [UInt8], isGS1: Bool, linked: Bool, corners: [Point], evidence: Int) -> Detection {
        let bytes = symbology == .code39 ? Code39Interpretation.interpret(drawn) : drawn
        var detection = Detection(
            symbology: symbology, bytes: bytes, text: TextDecoding.text(for: symbology, bytes: bytes), corners: corners, engine: .native)
        detection.isGS1 = isGS1
        detection.evidence = evidence
        if symbology.isDataBar { detection.linkageFlag = linked }
        return detection
    }
}
