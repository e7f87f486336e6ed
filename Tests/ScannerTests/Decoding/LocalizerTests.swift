import Foundation
import ScannerTestSupport
import Testing
@testable import Scanner

/// The localizer's cheap look decides where second chances run, and that
/// none run on an image with nothing code-like.
@Suite struct LocalizerTests {
    /// A page with nothing on it: the passes of a thorough read are made
    /// from its size alone.
    static let blankPage = Frame(width: 640, height: 480, pixels: [UInt8](repeating: 255, count: 640 * 480))

    /// A smooth, photo-like texture with no code: gentle shading, ±6 levels
    /// of sensor noise.
    func texture(width: Int = 640, height: Int = 480) -> Frame {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let shade: Double = 40 * sin(Double(x) / 37) * cos(Double(y) / 53)
                pixels.append(UInt8(128 + shade))
            }
        }
        return Frame(width: width, height: height, pixels: pixels).withNoise(amplitude: 6, seed: 3)
    }

    @Test func findsNothingInABlankOrTexturedFrame() {
        #expect(Localizer.candidates(in: Frame(width: 320, height: 240, pixels: [UInt8](repeating: 230, count: 320 * 240))).area == nil)
        #expect(Localizer.candidates(in: texture()).area == nil)
    }

    /// A code whose modules are too large to count many edges per cell is
    /// found at half scale, and second chances look at it at half size.
    @Test func findsLargeModulesAtHalfScale() throws {
        let symbol = try ZintRenderer.render(.qr, .text("https://example.com/large-modules/found-at-half-scale"), moduleSize: 4).frame
        var clip = RecordingBuilder(width: 800, height: 600)
        clip.show([RecordingBuilder.Placement(symbol, x: 100, y: 80)], frames: 1)
        let candidates = Localizer.candidates(in: clip.frame(0))
        let area = try #require(candidates.area)
        #expect(candidates.largeModules)
        // Seen at half scale: not so large that the first pass halves them.
        #expect(!candidates.hugeModules)
        #expect(area.x <= 100 + 20 && area.x + area.width >= 100 + symbol.width - 20)
    }

    /// A frame without candidates costs the localizer's look alone, even at
    /// thorough effort: no engine is handed a pixel.
    @Test func aFrameWithoutCandidatesCostsOneLook() {
        let result = BarcodeReader().read(texture())
        #expect(result.detections.isEmpty)
        #expect(result.passes == 0 && result.pixelsExamined == 0)
    }

    /// A plasma texture with no code, as bench-corpus draws its small
    /// no-code files (random levels every 12 pixels, smoothly blended):
    /// its shading passes as a few busy cells at a coarser scale, which is
    /// no evidence of a code, so only the first pass looks. Blocks at full
    /// scale, or enough cells at a coarser one to tell a kind, are.
    @Test func aFewCoarseBusyCellsAreNoEvidence() throws {
        let block = PixelRect(x: 0, y: 0, width: 64, height: 64)
        #expect(Localizer.Candidates(area: block, barNormal: nil, largeModules: false).isEvidence)
        #expect(Localizer.Candidates(area: block, barNormal: nil, largeModules: true, halfScaleBarShare: 0.1).isEvidence)
        #expect(!Localizer.Candidates(area: block, barNormal: nil, largeModules: true).isEvidence)
        let (width, height, cell) = (240, 160, 12)
        var generator = SplitMix64(seed: 7)
        let (columns, rows) = (width / cell + 2, height / cell + 2)
        let levels = (0..<columns * rows).map { _ in Double(40 + generator.next() % 176) }
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let (u, v) = (Double(x) / Double(cell), Double(y) / Double(cell))
                let (i, j) = (Int(u), Int(v))
                let (s, t) = (u - Double(i), v - Double(j))
                // Smoothstep weights, so the blend has no creases.
                let (a, b) = (s * s * (3 - 2 * s), t * t * (3 - 2 * t))
                let top = levels[j * columns + i] * (1 - a) + levels[j * columns + i + 1] * a
                let bottom = levels[(j + 1) * columns + i] * (1 - a) + levels[(j + 1) * columns + i + 1] * a
                pixels.append(UInt8(top * (1 - b) + bottom * b))
            }
        }
        // Blurred as bench-corpus blurs it (a Gaussian of a quarter cell).
        let plasma = Frame(width: width, height: height, pixels: pixels).boxBlurred(radius: 3)
        let candidates = Localizer.candidates(in: plasma)
        #expect(candidates.area != nil && !candidates.isEvidence, "\(candidates)")
        // Seen only at a quarter of the size: the first pass looks at half.
        #expect(candidates.hugeModules)
        let result = BarcodeReader().read(plasma)
        #expect(result.detections.isEmpty)
        #expect(result.passes == 1)
    }

    /// Random noise has edges everywhere, but no flat pixels inside them as
    /// a code's modules have, and averaging it for the coarser looks does
    /// not make it a code: nothing is a candidate, at any size.
    @Test func findsNothingInRandomNoise() {
        for (width, height) in [(640, 480), (1500, 1500)] {
            var generator = SplitMix64(seed: 7)
            let pixels = (0..<width * height).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let noise = Frame(width: width, height: height, pixels: pixels)
            #expect(Localizer.candidates(in: noise).area == nil, "\(width)x\(height)")
            #expect(BarcodeReader().read(noise).pixelsExamined == 0)
        }
    }

    /// A code printed faint, 12 levels from dark to light on grey, is looked
    /// at as one in full contrast: the edges the look counts follow the
    /// frame's contrast down (`LumaContrast`), and are read.
    @Test(arguments: [
        (Symbology.ean13, "5901234123457"), (.dataMatrix, "FAINT DATA MATRIX"), (.microQR, "FAINT1"),
    ])
    func findsAndReadsACodePrintedFaint(symbology: Symbology, text: String) throws {
        let symbol = try ZintRenderer.render(symbology, .text(text), moduleSize: 3).frame
        let placed = symbol.placed(onCanvasWidth: symbol.width + 200, height: symbol.height + 160, x: 100, y: 80)
        let faint = Frame(width: placed.width, height: placed.height, pixels: placed.packedPixels.map { 124 + UInt8(Int($0) * 12 / 255) })
        #expect(Localizer.candidates(in: faint).area != nil)
        #expect(BarcodeReader().read(faint).detections.map(\.text) == [text])
    }

    /// A dark frame's sensor noise spans all of its little contrast: it is
    /// no code, and costs the look alone.
    @Test func findsNothingInADarkNoisyFrame() {
        let dark = Frame(width: 640, height: 480, pixels: [UInt8](repeating: 20, count: 640 * 480)).withNoise(amplitude: 8, seed: 9)
        #expect(Localizer.candidates(in: dark).area == nil)
        #expect(BarcodeReader().read(dark).pixelsExamined == 0)
    }

    /// Modules so large that even the half-size look counts too few edges
    /// (20 pixels and more): a coarser look sees the symbol, so the gate
    /// before the first pass lets it through.
    @Test func seesModulesTooLargeForTheHalfSizeLook() throws {
        let symbol = try ZintRenderer.render(.aztec, .text("LARGE"), moduleSize: 24).frame
        let candidates = Localizer.candidates(in: symbol)
        #expect(candidates.area != nil && candidates.hugeModules)
        #expect(BarcodeReader().read(symbol).detections.map(\.text) == ["LARGE"])
    }

    /// Modules seen only by the quarter-size look (12 pixels a bar module,
    /// 20 a matrix module, whose chequer shows edges closer together),
    /// sharp and blurred over half a module: the first pass reads them at
    /// half size, each kind of reader, MicroPDF417 too.
    @Test(arguments: [
        (Symbology.qr, 20, ZintForm.standard), (.dataMatrix, 20, .standard), (.code128, 12, .standard),
        (.microPDF417, 12, .microPDF417(columns: 2)),
    ])
    func readsHugeModulesAtHalfSize(symbology: Symbology, moduleSize: Int, form: ZintForm) throws {
        let text = symbology == .code128 ? "HUGE-42" : "HUGE MODULES 42"
        let symbol = try ZintRenderer.render(
            symbology, .text(text), moduleSize: moduleSize, margin: 4 * moduleSize, form: form,
            barHeight: symbology == .code128 ? 40 : nil).frame
        for frame in [symbol, symbol.boxBlurred(radius: moduleSize / 4)] {
            let candidates = Localizer.candidates(in: frame)
            #expect(candidates.hugeModules, "\(candidates)")
            #expect(BarcodeReader().read(frame).detections.map(\.text) == [text])
        }
    }

    /// A first pass at the region's own scale looks at half size: every
    /// reader for huge modules, MicroPDF417 too (second chances at half
    /// size leave it out); zbar and zxing alone, after our readers, where
    /// nothing was seen at full scale and too little to be evidence. A pass
    /// that already scales (the camera's halving of a large frame) stays.
    @Test func theFirstPassHalvesWhereTheLookSawOnlyLargeModules() {
        let area = PixelRect(x: 0, y: 0, width: 256, height: 256)
        let huge = Localizer.Candidates(area: area, barNormal: nil, largeModules: true, hugeModules: true)
        let thin = Localizer.Candidates(area: area, barNormal: nil, largeModules: true)
        let evidence = Localizer.Candidates(area: area, barNormal: nil, largeModules: true, halfScaleBarShare: 0.1)
        let first = Pass(EngineOptions(tryHarder: true), engines: Pass.firstEngines)
        let libraries: Set<EngineName> = [.zbar, .zxing]
        for group in Pass.firstGroups(for: huge) {
            let look = first.restricted(to: group)?.firstLook(at: huge, by: group)
            #expect(look?.steps.count == 1 && look?.engines == group)
        }
        #expect(first.firstLook(at: thin, by: libraries).steps.count == 1)
        #expect(first.firstLook(at: thin, by: [.dataMatrix]).steps.isEmpty)
        #expect(first.firstLook(at: evidence, by: libraries).steps.isEmpty)
        let camera = Pass([.downscaled], EngineOptions(), engines: Pass.firstEngines)
        #expect(camera.firstLook(at: huge, by: libraries).steps.count == 1)
    }

    /// A code in a corner of a large frame: second chances see only its
    /// area. (A code must span three cells, 48 pixels, at full or half
    /// scale: a smaller one is left to the first pass.)
    @Test func cropsToTheCode() throws {
        let symbol = try ZintRenderer.render(.dataMatrix, .text("LOCALIZE THE CODE IN A CORNER"), moduleSize: 4).frame
        var clip = RecordingBuilder(width: 1200, height: 900)
        clip.show([RecordingBuilder.Placement(symbol, x: 900, y: 650)], frames: 1)
        let area = try #require(Localizer.candidates(in: clip.frame(0)).area)
        #expect(area.x <= 900 && area.y <= 650)
        #expect(area.x + area.width >= 900 + symbol.width - 40 && area.y + area.height >= 650 + symbol.height - 40)
        #expect(area.width * area.height < 1200 * 900 / 4)
    }

    /// Leaning bars: the direction across them is measured, so that a second
    /// chance can turn them upright.
    @Test(arguments: [0.0, 12, -20, 33])
    func measuresHowBarsLean(degrees: Double) throws {
        let bars = try ZintRenderer.render(.code128, .text("LEANING-BARS-42"), moduleSize: 3).frame.rotated(degrees: degrees)
        let normal = try #require(Localizer.candidates(in: bars).barNormal)
        let turn = normal.truncatingRemainder(dividingBy: 180)
        let lean = turn > 90 ? turn - 180 : turn <= -90 ? turn + 180 : turn
        #expect(abs(lean - degrees) < 5, "measured \(lean)° for \(degrees)°")
    }

    /// A symbol as a photo shows it: on a larger page, a little blurred,
    /// with sensor noise.
    func photographed(_ symbol: Frame) -> Frame {
        var clip = RecordingBuilder(width: symbol.width + 160, height: symbol.height + 120)
        clip.show([RecordingBuilder.Placement(symbol, x: 80, y: 60)], frames: 1)
        return clip.frame(0).boxBlurred(radius: 1).withNoise(amplitude: 6, seed: 11)
    }

    /// Second chances skip the other kind's passes, so the kind must be
    /// right for small modules of every shape, and a matrix whose large
    /// modules give cells one straight edge each must not pass for bars.
    @Test(arguments: [
        (Symbology.ean13, "5901234123457", 2, Localizer.Kind.bars),
        (.code128, "KIND-OF-CODE-128", 2, .bars),
        (.upca, "036000291452", 3, .bars),
        (.qr, "https://example.com/a/matrix/of/small/modules/0123456789", 2, .matrix),
        (.dataMatrix, "A DATA MATRIX OF SMALL MODULES 0123456789", 2, .matrix),
        (.aztec, "AN AZTEC SYMBOL OF SMALL MODULES 0123456789", 2, .matrix),
    ])
    func tellsBarsFromAMatrix(symbology: Symbology, text: String, moduleSize: Int, kind: Localizer.Kind) throws {
        let symbol = try ZintRenderer.render(symbology, .text(text), moduleSize: moduleSize).frame
        let candidates = Localizer.candidates(in: photographed(symbol))
        #expect(candidates.kind == kind, "\(symbology): bar share \(candidates.barShare.map { "\($0)" } ?? "none")")
    }

    /// Each block says whether it is bars, so that the first pass's matrix
    /// readers skip the blocks of 1D codes and print (`Pass.matrixReaders`):
    /// on a page with an EAN-13 and a QR, the EAN's blocks are bars and the
    /// QR's are not.
    @Test func eachBlockSaysWhetherItIsBars() throws {
        let bars = try ZintRenderer.render(.ean13, .text("5901234123457"), moduleSize: 2).frame
        let matrix = try ZintRenderer.render(.qr, .text("https://example.com/a/matrix/of/small/modules/0123456789"), moduleSize: 2).frame
        let page = photographed(FrameMosaic.grid([bars, matrix], columns: 2))
        let blocks = Localizer.candidates(in: page).blocks
        let offset = 80 + max(bars.width, matrix.width)  // where the QR's column starts on the photographed page
        let left = blocks.filter { $0.busy.x + $0.busy.width <= offset }, right = blocks.filter { $0.busy.x >= offset }
        #expect(!left.isEmpty && left.allSatisfy { $0.isBars }, "EAN-13: \(left)")
        #expect(!right.isEmpty && right.allSatisfy { !$0.isBars }, "QR: \(right)")
    }

    /// Modules of 5 pixels in 8-pixel cells: many cells see one straight
    /// edge and are coherent, 41 % of the busy ones here, but their
    /// directions are both ways and cancel, so the QR is still a matrix.
    @Test func largerMatrixModulesAreStillAMatrix() throws {
        let symbol = try ZintRenderer.render(
            .qr, .text("ABC 123 LARGE MODULES 0123456789 ABCDEFGHIJ KLMNOP"), moduleSize: 5, margin: 6).frame
        let candidates = Localizer.candidates(in: symbol)
        #expect(candidates.kind == .matrix, "bar share \(candidates.barShare.map { "\($0)" } ?? "none")")
    }

    /// Modules so large that too few cells are busy at full scale to tell:
    /// the half-scale look tells alone, a matrix from bars.
    @Test func veryLargeModulesAreJudgedAtHalfScale() throws {
        let matrix = try ZintRenderer.render(.dataMatrix, .text("VERY LARGE MODULES 0123456789"), moduleSize: 8, margin: 20).frame
        let bars = try ZintRenderer.render(.code128, .text("LARGE-0123"), moduleSize: 4, barHeight: 30).frame
        for (frame, kind) in [(matrix, Localizer.Kind.matrix), (bars, .bars)] {
            let candidates = Localizer.candidates(in: frame)
            #expect(candidates.barShare == nil && candidates.halfScaleBarShare != nil, "\(kind): \(candidates)")
            #expect(candidates.kind == kind, "\(candidates)")
        }
    }

    /// Bars with large modules are busy mostly at half scale, while at
    /// full scale the busy cells can be something else: the printed digits
    /// under them, or here a small QR beside them. Full scale alone would
    /// call this a matrix and skip zbar's passes for bars.
    @Test func barsSeenAtHalfScaleAreNotAMatrix() throws {
        let bars = try ZintRenderer.render(.code128, .text("LARGE-BARS-0123456789"), moduleSize: 4, barHeight: 40).frame
        let small = try ZintRenderer.render(.qr, .text(String(repeating: "SMALL MODULES BESIDE LARGE BARS 0123456789 ", count: 8)), moduleSize: 2, margin: 4).frame
        var clip = RecordingBuilder(width: bars.width + 40, height: bars.height + small.height + 40)
        clip.show([RecordingBuilder.Placement(bars, x: 20, y: 20), RecordingBuilder.Placement(small, x: 20, y: bars.height + 20)], frames: 1)
        let candidates = Localizer.candidates(in: clip.frame(0))
        #expect(candidates.kind != .matrix, "bar share \(candidates.barShare.map { "\($0)" } ?? "none"), at half scale \(candidates.halfScaleBarShare.map { "\($0)" } ?? "none")")
    }

    /// zbar's second chances on bars scan only across them: rows for
    /// upright bars, columns for bars lying down, both near a diagonal; the
    /// one turn, which stands leaning bars upright, keeps them crossed.
    @Test func barsAreScannedAcross() {
        let frame = Self.blankPage
        let plain = Pass(EngineOptions(tryHarder: true))
        #expect(plain.scanning(across: 8).options.zbarLines == .rows)
        #expect(plain.scanning(across: -170).options.zbarLines == .rows)
        #expect(plain.scanning(across: 95).options.zbarLines == .columns)
        #expect(plain.scanning(across: 45).options.zbarLines == .both)
        #expect(plain.scanning(across: nil).options.zbarLines == .both)
        let passes = Pass.sequence(for: .thorough, frame: frame, region: frame, barTilt: 20)
        let turned = passes.filter { $0.steps.contains { if case .rotated = $0 { true } else { false } } }
        #expect(turned.count == 1 && turned.allSatisfy { $0.steps.contains { if case .rotated(-20) = $0 { true } else { false } } })
        #expect(turned.allSatisfy { $0.scanning(across: 20).options.zbarLines == .rows })
        #expect(Pass.sequence(for: .thorough, frame: frame, region: frame, barTilt: 3).allSatisfy { !$0.steps.contains { if case .rotated = $0 { true } else { false } } })
    }

    /// What each kind skips of the thorough second chances: bars the passes
    /// only matrix readers run and the stretched one, and the matrix
    /// readers of a pass without zbar; a matrix zbar, in every pass. (Our
    /// linear reader's look at the area enlarged is for bars alone:
    /// `secondChances` decides it, below.)
    @Test func eachKindSkipsWhatIsMadeForTheOtherKind() {
        let frame = Self.blankPage
        let passes = Pass.sequence(for: .thorough, frame: frame, region: frame, barTilt: 20)
        let zbarOnly = passes.filter { $0.engines == [.zbar] }.count
        let linearOnly = passes.filter { $0.engines == [.linear] }.count
        let matrixOnly = passes.filter { !$0.engines.contains(.zbar) && $0.engines.isDisjoint(with: Pass.barReaders) }.count
        let stretched = passes.filter { $0.engines.contains(.zbar) && $0.steps.contains(where: \.isStretch) }.count
        #expect(zbarOnly > 0 && linearOnly == 1 && matrixOnly > 0 && stretched == 1)
        #expect(passes.compactMap { $0.serving(.either) }.map(\.engines) == passes.map(\.engines))
        let bars = passes.compactMap { $0.serving(.bars) }
        #expect(bars.count == passes.count - matrixOnly - stretched)
        #expect(bars.allSatisfy { $0.engines.contains(.zbar) || $0.engines.isSubset(of: Pass.barReaders) })
        #expect(bars.contains { $0.steps == [.unsharpMasked] && $0.engines == [.pdf417, .microPDF417, .linear] })
        let matrix = passes.compactMap { $0.serving(.matrix) }
        #expect(matrix.count == passes.count - zbarOnly && matrix.allSatisfy { !$0.engines.contains(.zbar) && !$0.engines.isEmpty })
        #expect(matrix.contains { $0.engines.contains(.zxing) } && matrix.contains { $0.steps.contains(where: \.isStretch) })
    }

    /// Where the localizer saw a matrix, the first pass's zbar looks for
    /// QR only; for bars or either kind, and for passes without zbar, the
    /// pass is as it was.
    @Test func firstPassZBarLooksForQROnlyInAMatrix() {
        let frame = Self.blankPage
        let first = Pass.sequence(for: .thorough, frame: frame, region: frame)[0]
        #expect(first.engines.contains(.zbar) && first.options.zbarSymbologies == nil)
        #expect(first.zbarServing(.matrix).options.zbarSymbologies == [.qr])
        #expect(first.zbarServing(.matrix).engines == first.engines)
        #expect(first.zbarServing(.bars).options == first.options)
        #expect(first.zbarServing(.either).options == first.options)
        let ours = first.restricted(to: Pass.ours)!
        #expect(ours.zbarServing(.matrix).options == ours.options)
    }

    /// A white border adds nothing to a code with its quiet zone inside
    /// the frame: the bordered passes run only where a code-like block
    /// meets the frame's edge.
    @Test func borderedPassesOnlyWhereACodeMeetsTheEdge() throws {
        let symbol = try ZintRenderer.render(.code128, .text("QUIET-ZONE-0123"), moduleSize: 2, margin: 0, barHeight: 50).frame
        var page = RecordingBuilder(width: symbol.width + 300, height: symbol.height + 300, background: 255)
        page.show([RecordingBuilder.Placement(symbol, x: 150, y: 150)], frames: 1)
        let inside = Localizer.candidates(in: page.frame(0)), atEdge = Localizer.candidates(in: symbol)
        #expect(inside.area != nil && !inside.meetsEdge)
        #expect(atEdge.area != nil && atEdge.meetsEdge)
        let sequence = Pass.sequence(for: .thorough, frame: symbol, region: symbol)
        let bordered = { (candidates: Localizer.Candidates) in
            Pass.secondChances(of: sequence, for: candidates).filter { $0.steps.contains(where: \.isBorder) }.count
        }
        #expect(bordered(inside) == 0 && bordered(atEdge) > 0)
    }

    /// The inverted pass is for the readers that see only dark on light:
    /// the others searched both polarities in the first pass, our linear
    /// reader on the lines across the bars it measured. MicroPDF417
    /// looks after the first pass only where it may look in it.
    @Test func secondChancesRepeatNoSearchOfTheFirstPass() {
        let frame = Self.blankPage
        for effort in [Effort.normal, .thorough] {
            let inverted = Pass.sequence(for: effort, frame: frame, region: frame).filter { $0.steps.count == 1 && $0.steps.contains { if case .inverted = $0 { true } else { false } } }
            #expect(inverted.count == 1)
            #expect(inverted.allSatisfy { $0.engines.isDisjoint(with: Pass.bothPolarities) && !$0.engines.contains(.linear) && $0.engines.contains(.zbar) })
        }
        let sequence = Pass.sequence(for: .thorough, frame: frame, region: frame)
        let matrixWithoutBars = Localizer.Candidates(area: nil, barNormal: nil, barShare: 0.0, halfScaleBarShare: 0.0)
        let matrixWithSomeBars = Localizer.Candidates(area: nil, barNormal: nil, barShare: 0.15, halfScaleBarShare: 0.0)
        #expect(matrixWithoutBars.kind == .matrix && matrixWithSomeBars.kind == .matrix)
        for candidates in [matrixWithoutBars, matrixWithSomeBars] {
            let looks = Pass.firstGroups(for: candidates).contains([.microPDF417])
            #expect(looks == candidates.hasSomeBars)
            #expect(Pass.secondChances(of: sequence, for: candidates).contains { $0.engines.contains(.microPDF417) } == looks)
        }
    }

    /// Bars try our linear reader on the area at twice the size first,
    /// its lines only across the bars measured, then the passes only zbar
    /// runs, before the shared ones, and those without zxing; the other
    /// kinds keep the effort's order, without that look.
    @Test func barsTryOurLinearReaderEnlargedThenZBarsOwnPassesFirst() {
        let frame = Self.blankPage
        let sequence = Pass.sequence(for: .thorough, frame: frame, region: frame, barTilt: 20)
        let bars = Localizer.Candidates(area: nil, barNormal: 20, barShare: 0.9)
        let chances = Pass.secondChances(of: sequence, for: bars)
        #expect(chances.first?.engines == [.linear] && chances.first?.steps == [.upscaled])
        #expect(chances.first?.options.barNormal == 20 && chances.first?.options.onlyAcrossBars == true)
        let zbarChances = chances.dropFirst()
        let own = sequence.dropFirst().filter { $0.engines == [.zbar] }.count
        #expect(own > 0 && zbarChances.prefix(own).allSatisfy { $0.engines == [.zbar] })
        // The first shared pass is the inverted one.
        #expect(zbarChances.dropFirst(own).first?.steps.count == 1)
        #expect(zbarChances.dropFirst(own).first.map { $0.steps.contains { if case .inverted = $0 { true } else { false } } } == true)
        #expect(zbarChances.allSatisfy { $0.engines.contains(.zbar) && !$0.engines.contains(.zxing) })
        let zbarLess = sequence.filter { !$0.engines.contains(.zbar) || $0.steps.contains(where: \.isStretch) }.count
        #expect(zbarChances.count == sequence.count - 1 - zbarLess)
        // Not for large modules: the area at twice the size is the first pass's look.
        let large = Localizer.Candidates(area: nil, barNormal: 20, largeModules: true, barShare: 0.9)
        #expect(!Pass.secondChances(of: sequence, for: large).contains { $0.engines == [.linear] })
        // In the effort's order, shared passes (inverted) come before zbar's own.
        #expect(sequence.dropFirst().firstIndex { $0.engines != [.zbar] }! < sequence.dropFirst().lastIndex { $0.engines == [.zbar] }!)
        for kind in [Localizer.Candidates(area: nil, barNormal: nil, barShare: 0.1, halfScaleBarShare: 0.1),
                     Localizer.Candidates(area: nil, barNormal: nil)] {
            #expect(Pass.secondChances(of: sequence, for: kind, blur: Pass.defocusedBlur).map(\.steps.count)
                == sequence.dropFirst().filter { $0.engines != [.linear] }.compactMap { $0.serving(kind.kind) }.map(\.steps.count))
            #expect(!Pass.secondChances(of: sequence, for: kind).contains { $0.engines == [.linear] })
        }
    }
}
