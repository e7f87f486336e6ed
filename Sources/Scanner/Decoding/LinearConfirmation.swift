import Glibc

/// Evidence against misreads for 1D codes on still images.
///
/// A 1D code carries only a check digit, and zbar misreads blurred photos
/// consistently: on the corpus, five UPC-A and two EAN-13 photos came back
/// wrong from 37 to 44 scan lines at once, so agreeing lines of one scan
/// are not independent evidence. A still image has no next frame, so each
/// 1D read is checked on the area around it, then on slightly different
/// views of the area, until one decides: by our own reader (a decoder
/// independent of zbar, in this process), by a second engine (zxing's 1D
/// readers, in the read helper, as they can abort), then by zbar. A read is
/// reported only when zxing or a zbar view agrees before anything
/// contradicts it; where zxing reads another payload of the same format,
/// zxing's stands (its readers misread no EAN/UPC of the corpus).
struct LinearConfirmation {
    let symbologies: Set<Symbology>
    /// Whether zbar agreeing with itself on a view confirms an EAN/UPC read.
    /// Not for reads from second chances: the image has already defeated
    /// both engines at full strength, and zbar's misreads of such images
    /// come back in its views (upca-4/14, read wrong in the x2 pass and
    /// again on its views), so there only zxing's reading confirms.
    var zbarConfirmsRetail = true

    /// Views of the area for zbar: small turns and other scales give scan
    /// lines new phases across the bars. x3 confirms codes a pixel or two
    /// high (ean8-1/single-line.png), which no turn can.
    static let views: [Pass.Step] = [.rotated(degrees: 3), .rotated(degrees: -3), .upscaled, .sharpened, .scaled(3)]

    /// `found` with each 1D read confirmed, replaced by the second engine's
    /// reading, or dropped; other reads unchanged. Corners are in `frame`'s
    /// own pixels, as the engines return them.
    func confirmed(_ found: [Detection], in frame: Frame, _ meter: inout WorkMeter) -> [Detection] {
        found.compactMap { detection in
            guard detection.symbology.isLinear else { return detection }
            return confirmed(detection, in: frame, &meter)
        }
    }

    private func confirmed(_ read: Detection, in frame: Frame, _ meter: inout WorkMeter) -> Detection? {
        if read.engine == .native { return read.evidence >= 2 ? read : witnessed(read, in: frame, &meter) }
        let family = read.symbology.isEANUPC
            ? Set<Symbology>([.ean8, .ean13, .upca, .upce]).intersection(symbologies).union([read.symbology])
            : [read.symbology]
        let (area, offset) = Self.area(around: read, in: frame)
        // The area itself, then each view of it, until one decides. In each,
        // zxing first: zbar's misreads of blurred photos come back the same
        // in its views (upca-4/1, 4/2 and 4/7), where zxing reads them right.
        for step in [nil] + Self.views.map(Optional.some) {
            let view: Pass.View
            if let step {
                guard let turned = Pass([step], EngineOptions(tryHarder: true), engines: [.zbar]).view(of: area),
                      !meter.isPastDeadline() else { continue }
                view = turned
            } else {
                view = Pass.View(frame: area) { $0 }
            }
            meter.charge(view.frame)
            // Our reader agreeing is a second, independent decoder's
            // evidence, and costs no helper process: on the area alone its
            // lines lie closer together than on the whole frame. Not on the
            // enlarged views, where it cost more than the helper it spared.
            if step?.ownLinesDensity == nil {
                let ours = ourReads(of: read, in: view, family: family, offset: offset)
                if ours.contains(where: { Self.same($0, read) }) { return read.withEvidence(read.evidence + 1) }
                let rivals = ours.filter { Reconciler.overlaps($0, read) }
                if !rivals.isEmpty { return settled(read, against: rivals, in: view, family: family, offset: offset) }
            }
            // zxing's agreeing reading is the second engine's evidence; a
            // rival stands (ean13-1/35 is read both ways).
            if let verdict = Reconciler.verdict(on: read, by: zxingReads(of: read, in: view, family: family, offset: offset)) {
                return verdict.withEvidence(Self.same(verdict, read) ? read.evidence + 1 : 2)
            }
            // zbar on the area is the read being checked.
            guard step != nil else { continue }
            // Payloads only: the view needs none of the geometry's re-scans.
            let reads = ZBarEngine().decode(view.frame, symbologies: family, options: Self.zbarOptions(on: step, lines: Self.lines(across: read)))
                .filter { Reconciler.isWellFormed($0) && family.contains($0.symbology) }
            if reads.contains(where: { !Self.same($0, read) }) { return nil }
            if reads.contains(where: { Self.same($0, read) }), zbarConfirmsRetail || !read.symbology.isEANUPC {
                return read.withEvidence(read.evidence + 1)
            }
        }
        return nil
    }

    /// zbar's `read` where our reader read the symbol otherwise
    /// (`rivals`): disagreement drops both, unless zxing, a third decoder,
    /// reads ours too. zbar's misreads of blurred photos come back the
    /// same in its own views (upca-4/1 decoded by another WebP decoder was
    /// one). Our reading alone does not stand, even on several lines: on
    /// these views of an image that defeated the first pass it misread an
    /// EAN-13 at 1.25 pixels a module that zbar read right.
    private func settled(_ read: Detection, against rivals: [Detection], in view: Pass.View, family: Set<Symbology>, offset: Point) -> Detection? {
        let seconded = zxingReads(of: read, in: view, family: family, offset: offset).first { zxing in rivals.contains { Self.same($0, zxing) } }
        return seconded?.withEvidence(2)
    }

    /// Our reader's read on a single line, checked by zbar, the independent
    /// witness, on the area around it alone: its agreement confirms, and
    /// anything else (nothing, or another payload) drops the read.
    private func witnessed(_ read: Detection, in frame: Frame, _ meter: inout WorkMeter) -> Detection? {
        let (area, _) = Self.area(around: read, in: frame)
        meter.charge(area)
        let family: Set<Symbology> = read.symbology.isEANUPC ? [.ean8, .ean13, .upca, .upce] : [read.symbology]
        let reads = ZBarEngine().decode(area, symbologies: family, options: Self.zbarOptions(on: nil, lines: Self.lines(across: read)))
            .filter { Reconciler.isWellFormed($0) }
        guard !reads.isEmpty, reads.allSatisfy({ Self.same($0, read) }) else { return nil }
        return read.withEvidence(read.evidence + 1)
    }

    /// zbar on a view: every line, but on an enlarged view only every
    /// line of the area's own, as the lines between are interpolated.
    static func zbarOptions(on step: Pass.Step?, lines: EngineOptions.ZBarLines) -> EngineOptions {
        EngineOptions(tryHarder: true, zbarDensity: step?.ownLinesDensity, zbarLines: lines)
    }

    /// The scan lines that cross `read`'s bars, from its outline's top
    /// edge, which runs across them: the views turn it 3° at most.
    static func lines(across read: Detection) -> EngineOptions.ZBarLines {
        normal(of: read).map(EngineOptions.ZBarLines.init(acrossBarsWithNormal:)) ?? .both
    }

    /// The direction across `read`'s bars, in degrees clockwise from the x
    /// axis: its outline's top edge; nil for an outline without one.
    static func normal(of read: Detection) -> Double? {
        guard read.corners.count == 4 else { return nil }
        let (dx, dy) = (read.corners[1].x - read.corners[0].x, read.corners[1].y - read.corners[0].y)
        guard dx != 0 || dy != 0 else { return nil }
        return atan2(dy, dx) * 180 / .pi
    }

    /// Our reader's well-formed EAN/UPC readings of `read`'s format in
    /// `view` (of the area at `offset` in the frame), its lines also across
    /// `read`'s bars, with corners in the frame's pixels. Its agreeing
    /// read may lie anywhere in the area: its lines need not cross zbar's.
    private func ourReads(of read: Detection, in view: Pass.View, family: Set<Symbology>, offset: Point) -> [Detection] {
        guard read.symbology.isEANUPC else { return [] }
        let reads = LinearEngine().decode(view.frame, symbologies: family, options: EngineOptions(barNormal: Self.normal(of: read)))
        return Self.ofFormat(read, reads, in: view, offset: offset)
    }

    /// zxing's well-formed readings of `read`'s symbol in `view` (of the
    /// area at `offset` in the frame), in its place. Only for EAN/UPC:
    /// zxing's text for the other 1D codes is not ours (Code 39 full ASCII
    /// and Code 32 are interpreted in our layer).
    private func zxingReads(of read: Detection, in view: Pass.View, family: Set<Symbology>, offset: Point) -> [Detection] {
        guard read.symbology.isEANUPC else { return [] }
        let reads = ZXingEngine(linearReaders: true).decode(view.frame, symbologies: family, options: EngineOptions(tryHarder: true))
        return Self.ofFormat(read, reads, in: view, offset: offset).filter { Reconciler.overlaps($0, read) }
    }

    /// Of `reads` in `view`, those well formed and of `read`'s format, with
    /// corners in the frame's pixels.
    private static func ofFormat(_ read: Detection, _ reads: [Detection], in view: Pass.View, offset: Point) -> [Detection] {
        reads
            .map { $0.mapped { point in
                let inArea = view.toRegion(point)
                return Point(x: inArea.x + offset.x, y: inArea.y + offset.y)
            } }
            .filter { Reconciler.isWellFormed($0) && format($0) == format(read) }
    }

    /// The symbol's format, with EAN-13 and UPC-A as one: a UPC-A is an
    /// EAN-13 that starts with 0, and zbar's misread of a blurred UPC-A can
    /// start with another digit (upca-4/1: 9074932437075 for 023942431015).
    /// A zxing reading of another format (EAN-8, UPC-E) is not about the
    /// same symbol.
    private static func format(_ detection: Detection) -> Symbology {
        detection.symbology == .upca ? .ean13 : detection.symbology
    }

    /// The same payload, an EAN/UPC by its GTIN (one engine's UPC-A is
    /// another's EAN-13).
    private static func same(_ a: Detection, _ b: Detection) -> Bool {
        if let ga = a.gtin, let gb = b.gtin { return ga == gb }
        return a.symbology == b.symbology && a.bytes == b.bytes
    }

    /// The area the read accounts for (`Detection.accountedBox`: for a 1D
    /// code its box with a quarter of its size around it), cut from
    /// `frame`, and where it starts in `frame`'s pixels.
    private static func area(around read: Detection, in frame: Frame) -> (Frame, Point) {
        let box = read.accountedBox
        let left = max(0, Int(box.minX)), top = max(0, Int(box.minY))
        let right = max(left + 1, Int(box.maxX)), bottom = max(top + 1, Int(box.maxY))
        let area = frame.cropped(to: PixelRect(x: left, y: top, width: right - left, height: bottom - top))
        return (area, Point(x: Double(area.origin.x - frame.origin.x), y: Double(area.origin.y - frame.origin.y)))
    }
}

private extension Detection {
    func withEvidence(_ evidence: Int) -> Detection {
        var copy = self
        copy.evidence = evidence
        return copy
    }
}
