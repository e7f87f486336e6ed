/// Reduces what several engines and passes found to one answer per symbol.
enum Reconciler {
    /// Drops duplicates (same symbology and payload, overlapping) and, where
    /// two readings of one place disagree, keeps the more trustworthy one.
    static func merge(_ detections: [Detection]) -> [Detection] {
        var kept: [Detection] = []
        var contested: [Detection] = []
        // A fixed order, so that the answer never depends on the order an
        // engine happened to list its symbols in.
        let ordered = detections.filter(isWellFormed).sorted { a, b in
            if a.evidence != b.evidence { return a.evidence > b.evidence }
            if a.symbology != b.symbology { return a.symbology < b.symbology }
            if a.bytes != b.bytes { return a.bytes.lexicographicallyPrecedes(b.bytes) }
            let (pa, pb) = (a.corners.first ?? Point(x: 0, y: 0), b.corners.first ?? Point(x: 0, y: 0))
            return (pa.y, pa.x) < (pb.y, pb.x)
        }
        for candidate in ordered {
            guard let index = kept.firstIndex(where: { overlaps($0, candidate) && sameFamily($0, candidate) })
                ?? soleReading(of: candidate, byAnotherEngineIn: kept) else {
                kept.append(candidate)
                continue
            }
            let current = kept[index]
            if current.symbology.isLinear, current.bytes != candidate.bytes, GTIN.normalised(current.text, symbology: current.symbology) != GTIN.normalised(candidate.text, symbology: candidate.symbology) {
                // Two valid but different readings of one linear code: one is
                // a misread.
                if let winner = winner(between: current, and: candidate) {
                    kept[index] = winner
                } else {
                    contested.append(kept.remove(at: index))
                }
                continue
            }
            // The same symbol read again: by another engine, or another
            // read of a pass, which is more evidence for it. What our reader
            // learnt of a matrix symbol (its version, its place in a
            // structured-append message) stays with whichever reading stands.
            if prefers(candidate, over: current) { kept[index] = candidate }
            kept[index].evidence = current.evidence + candidate.evidence
            if current.bytes == candidate.bytes {
                kept[index].matrix = current.matrix ?? candidate.matrix
                kept[index].structuredAppend = current.structuredAppend ?? candidate.structuredAppend
            }
        }
        return kept.filter { detection in !contested.contains { overlaps($0, detection) && sameFamily($0, detection) } }
    }

    /// The one reading in `kept` of `candidate`'s linear payload by another
    /// engine, wherever it lies. A linear read places a symbol only along
    /// its scan lines (zbar puts a DataBar at a single point), so two
    /// engines' lines across the same bars need not overlap; an engine that
    /// saw the payload twice keeps both.
    private static func soleReading(of candidate: Detection, byAnotherEngineIn kept: [Detection]) -> Int? {
        guard candidate.symbology.isLinear else { return nil }
        let same = kept.indices.filter { kept[$0].symbology == candidate.symbology && kept[$0].bytes == candidate.bytes }
        guard same.count == 1, let only = same.first, kept[only].engine != candidate.engine else { return nil }
        return only
    }

    /// Which of two different readings of one linear symbol stands, or nil
    /// for neither. Our reader's evidence counts independent lines, so its
    /// reading on two or more stands against another engine's (zbar misread
    /// corpus photos on 13 to 44 of its lines at once: its lines agree
    /// without being independent), and one on a single line stands against
    /// nothing: disagreement drops both. Between two other engines' readings,
    /// the one read on clearly more lines (twice as many), or neither.
    static func winner(between a: Detection, and b: Detection) -> Detection? {
        if (a.engine == .native) != (b.engine == .native) {
            let ours = a.engine == .native ? a : b
            return ours.evidence >= 2 ? ours : nil
        }
        let stronger = a.evidence >= b.evidence ? a : b
        let weaker = a.evidence >= b.evidence ? b : a
        return stronger.evidence >= 2 * weaker.evidence ? stronger : nil
    }

    /// EAN/UPC and ITF-14 reads with a wrong check digit are misreads by
    /// definition. I2/5 and Codabar carry no check digit: a read on a
    /// single zbar scan line is not trusted, as noise in the quiet zone
    /// reads as an extra leading digit pair (2 of 60 noisy renders). Nor is
    /// a DataBar, whose pairs zbar combined across lines into a wrong GTIN
    /// with a valid check digit (1 of 1000 noisy renders).
    static func isWellFormed(_ detection: Detection) -> Bool {
        if [.itf, .codabar, .databar].contains(detection.symbology), detection.engine == .zbar, detection.evidence < 2 {
            return false
        }
        if detection.symbology == .itf, detection.text.count == 14 { return GTIN.hasValidCheckDigit(detection.text) }
        return !detection.symbology.isEANUPC || GTIN.isValid(detection.text, symbology: detection.symbology)
    }

    /// Whether two readings could be the same physical symbol: the same
    /// symbology, or two members of the EAN/UPC family (one engine's UPC-A is
    /// another's EAN-13).
    private static func sameFamily(_ a: Detection, _ b: Detection) -> Bool {
        a.symbology == b.symbology || (a.symbology.isEANUPC && b.symbology.isEANUPC)
    }

    /// Prefers, in order: the engine that owns the symbology, then the
    /// longer payload (a partial read is a prefix of the whole).
    private static func prefers(_ a: Detection, over b: Detection) -> Bool {
        let ownerA = a.engine == owner(of: a.symbology), ownerB = b.engine == owner(of: b.symbology)
        if ownerA != ownerB { return ownerA }
        return a.bytes.count > b.bytes.count
    }

    /// The engine whose reading of a symbol stands when two engines read
    /// it alike but for details (Code 128's Latin-1, DataBar Expanded's
    /// fields, an add-on, a QR's undeclared character set): our own readers
    /// for every linear code, the QR family, MaxiCode (whose structured
    /// carrier message ours places as zxing-cpp 3 does) and PDF417 (checked
    /// by Reed–Solomon with two check words kept for detection), zxing for
    /// the other matrix codes.
    static func owner(of symbology: Symbology) -> Detection.Engine {
        switch symbology {
        case .aztec, .dataMatrix: .zxing
        default: .native
        }
    }

    /// Whether the boxes around two detections' corners intersect.
    static func overlaps(_ a: Detection, _ b: Detection) -> Bool {
        let (ba, bb) = (a.boundingBox, b.boundingBox)
        // Linear codes' boxes can be a single scan line thin: allow a margin.
        let margin = 4.0
        return ba.minX <= bb.maxX + margin && bb.minX <= ba.maxX + margin
            && ba.minY <= bb.maxY + margin && bb.minY <= ba.maxY + margin
    }

    /// Each EAN/UPC detection in `found` that a well-formed `checks` reading
    /// of the same place contradicts, replaced by that reading (`verdict`).
    static func arbitrate(_ found: [Detection], by checks: [Detection]) -> [Detection] {
        found.map { detection in
            guard detection.symbology.isEANUPC, detection.gtin != nil else { return detection }
            let here = checks.filter { $0.symbology.isEANUPC && isWellFormed($0) && overlaps($0, detection) }
            return verdict(on: detection, by: here) ?? detection
        }
    }

    /// What a second engine's readings `here` of an EAN/UPC detection's
    /// place make of it: the detection when one of them has its GTIN (zxing
    /// can read one symbol two ways on different rows, and the other is the
    /// misread), otherwise the first of them, a rival; nil when there are none.
    static func verdict(on detection: Detection, by here: [Detection]) -> Detection? {
        here.contains { $0.gtin == detection.gtin } ? detection : here.first
    }
}
