/// Entry point: every PDF417 symbol in an 8-bit luma image, dark on light and light on dark, at
/// any rotation, mirrored or not. Outlines come from the guards (`PDF417Detector`); lines are
/// read across the outline about one a module of its height; the row indicators give the
/// symbol's rows, columns and EC level and the row each line crosses at both ends; each data
/// codeword's cluster (its row mod 3) places it in the nearest row of that cluster. Codewords
/// read on several lines vote; a cell without a clear winner is an erasure for Reed–Solomon.
enum PDF417Reader {
    /// Rows and columns of the binary image scanned for guards.
    static let scanStep = 2
    /// Lines read across an outline: at most this many.
    static let maximumLines = 720

    static func read(
        _ luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, binarization: Binarization? = nil
    ) -> [PDF417Read] {
        guard let binarization = binarization ?? Binarization(luma, width: width, height: height, stride: stride) else { return [] }
        var reads: [PDF417Read] = []
        // The polarities are an image and its inverted twin, whose guards one search finds.
        let image = binarization.polarities[0], hits = PDF417GuardFinder.find(image, step: scanStep)
        for (polarity, hits) in [(image, hits.normal), (binarization.polarities[1], hits.inverted)] {
            for outline in PDF417Detector.outlines(hits, in: polarity, step: scanStep) {
                let centre = outline.centre
                // Found again from the other scan direction or polarity.
                if reads.contains(where: { contains($0.corners, centre) }) { continue }
                if let r = decode(polarity, outline) { reads.append(r) }
            }
        }
        return reads
    }

    static func decode(_ image: BinaryImage, _ outline: PDF417Outline) -> PDF417Read? {
        let start = outline.start, compact = outline.stop == nil
        // A compact symbol's far side: as far as the widest symbol reaches, across the start edge.
        let reach = start.inward * (Double(17 * 32 + 1) * start.module)
        let stop = outline.stop ?? PDF417Edge(guardPattern: .stop, first: start.first + reach, last: start.last + reach,
                                              inward: start.inward * -1, module: start.module, hits: 0)
        let count = min(maximumLines, Int(max(start.length, stop.length) / max(0.5, start.module * 0.75)) + 1)
        var lines: [(t: Double, reader: PDF417RowReader)] = []
        var width = PDF417Votes()
        for i in 0..<count {
            let t = (Double(i) + 0.5) / Double(count)
            let p = start.first + (start.last - start.first) * t, q = stop.first + (stop.last - stop.first) * t
            guard let reader = PDF417RowReader(image, from: p, to: q, module: start.module, compact: compact) else { continue }
            lines.append((t, reader))
            if !reader.isOpen { width.add(reader.estimatedCodewords) }
        }
        // Codewords between the guards: the row indicators and the data columns. A symbol that
        // runs off the image has its width from the left row indicators alone.
        let indicatorCount = compact ? 1 : 2
        let open = width.isEmpty
        guard let estimated = open ? openWidth(lines.map(\.reader)) : width.winner, estimated >= indicatorCount + 1 else { return nil }

        // The symbol's facts from the row indicators.
        var rowsDiv3 = PDF417Votes(), levelRemainder = PDF417Votes(), columnsLess1 = PDF417Votes()
        var indicators: [(t: Double, left: PDF417Codewords.Codeword?, right: PDF417Codewords.Codeword?)] = []
        for (t, reader) in lines {
            let left = reader.codeword(0, of: estimated), right = compact ? nil : reader.codeword(estimated - 1, of: estimated)
            indicators.append((t, left, right))
            for (cw, isLeft) in [(left, true), (right, false)] {
                guard let cw, let r = PDF417RowIndicator(value: cw.value, clusterIndex: cw.clusterIndex, left: isLeft) else { continue }
                switch r.fact {
                case .rowsDividedBy3(let v): rowsDiv3.add(v)
                case .levelAndRowRemainder(let level, let remainder): levelRemainder.add(3 * level + remainder)
                case .columnsLess1(let v): columnsLess1.add(v)
                }
            }
        }
        guard let rd = rowsDiv3.winner, let lr = levelRemainder.winner, let cl = columnsLess1.winner else { return nil }
        let rows = 3 * rd + lr % 3 + 1, columns = cl + 1, level = lr / 3
        guard PDF417SymbolDecoder.isValidSize(rows: rows, columns: columns), // Some compact symbols keep the right row indicator.
              columns + indicatorCount == estimated || (compact && columns + 2 == estimated) else { return nil }

        // Rows at both ends of each line, from the indicators that say exactly what they should.
        var leftRows: [(t: Double, row: Double)] = [], rightRows: [(t: Double, row: Double)] = []
        for (t, left, right) in indicators {
            for (cw, isLeft) in [(left, true), (right, false)] {
                guard let cw else { continue }
                let row = 3 * (cw.value / 30) + cw.clusterIndex
                guard row < rows, cw.value == PDF417RowIndicator.value(row: row, rows: rows, columns: columns, level: level, left: isLeft)
                else { continue }
                if isLeft { leftRows.append((t, Double(row))) } else { rightRows.append((t, Double(row))) }
            }
        }
        guard !leftRows.isEmpty || !rightRows.isEmpty else { return nil }
        // Where each side's rows lie along its edge (a line fit of row on t): the lines are read
        // again from row to same row, whatever part of each edge its guards were found on.
        let leftFit = fit(leftRows), rightFit = fit(rightRows)
        if leftRows.isEmpty { leftRows = rightRows }
        if rightRows.isEmpty { rightRows = leftRows }
        var rowLines: [(left: Double, right: Double, reader: PDF417RowReader)]
        var along: ((Double) -> (MatrixPoint, MatrixPoint))?
        if !compact, let (aL, bL) = leftFit, let (aR, bR) = rightFit {
            let ends = { (row: Double) -> (MatrixPoint, MatrixPoint) in
                let tL = (row - aL) / bL, tR = (row - aR) / bR
                return (start.first + (start.last - start.first) * tL, stop.first + (stop.last - stop.first) * tR)
            }
            along = ends
            let perRow = max(3, Int(start.length / Double(rows) / max(0.5, start.module * 0.75)))
            let count = min(maximumLines, rows * perRow)
            rowLines = []
            for i in 0..<count {
                let row = (Double(i) + 0.5) / Double(count) * Double(rows) - 0.5
                let (p, q) = ends(row)
                guard let reader = PDF417RowReader(image, from: p, to: q, module: start.module, compact: false),
                      !reader.isOpen, reader.estimatedCodewords == estimated else { continue }
                rowLines.append((row, row, reader))
            }
        } else {
            rowLines = lines.map { (interpolate(leftRows, $0.t), interpolate(rightRows, $0.t), $0.reader) }
        }

        var cells = [PDF417Votes](repeating: PDF417Votes(), count: rows * columns)
        for (rowLeft, rowRight, reader) in rowLines {
            for k in 1...columns {
                guard let cw = reader.codeword(k, of: estimated) else { continue }
                let u = Double(k) / Double(estimated - 1)
                let estimate = rowLeft + (rowRight - rowLeft) * u
                // The nearest row of the codeword's cluster.
                let base = Int(estimate.rounded(.down))
                var row = base - ((base - cw.clusterIndex) % 3 + 3) % 3
                if estimate - Double(row) > 1.5 { row += 3 }
                guard row >= 0, row < rows else { continue }
                cells[row * columns + k - 1].add(cw.value)
            }
        }
        guard var read = PDF417SymbolDecoder.decode(cells.map(\.winner), rows: rows, columns: columns, level: level) else { return nil }
        // Row 0 at the start edge's first end, or at its last (turned or mirrored).
        let topFirst = along != nil || interpolate(leftRows, 0) <= interpolate(leftRows, 1)
        // A compact symbol's far side where its lines found the stop bar.
        let far = compact ? lines.map { $0.reader.codewordsEnd }.sorted()[lines.count / 2] + start.module : start.first.distance(to: stop.first)
        var corners = compact ? [start.first, start.first + start.inward * far, start.last + start.inward * far, start.last]
            : [start.first, stop.first, stop.last, start.last]
        if let along {
            let (top, bottom) = (along(-0.5), along(Double(rows) - 0.5))
            corners = [top.0, top.1, bottom.1, bottom.0]
        }
        read.corners = topFirst ? corners : [corners[3], corners[2], corners[1], corners[0]]
        let (a, b, c) = (read.corners[0], read.corners[1], read.corners[2])
        // Top-left, top-right, bottom-right turn clockwise on the image (y down) unless mirrored.
        read.mirrored = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) < 0
        return read
    }

    /// Columns + 1 from the left row indicators of lines without a stop (their positions do not
    /// depend on the width).
    static func openWidth(_ readers: [PDF417RowReader]) -> Int? {
        var columnsLess1 = PDF417Votes()
        for reader in readers {
            guard let cw = reader.codeword(0, of: 2), let r = PDF417RowIndicator(value: cw.value, clusterIndex: cw.clusterIndex, left: true),
                  case .columnsLess1(let v) = r.fact else { continue }
            columnsLess1.add(v)
        }
        return columnsLess1.winner.map { $0 + 2 }
    }

    /// Row = a + b·t by least squares; nil without two distinct rows.
    static func fit(_ obs: [(t: Double, row: Double)]) -> (a: Double, b: Double)? {
        let n = Double(obs.count)
        guard obs.count >= 2 else { return nil }
        let mt = obs.reduce(0) { $0 + $1.t } / n, mr = obs.reduce(0) { $0 + $1.row } / n
        var stt = 0.0, str = 0.0
        for o in obs { stt += (o.t - mt) * (o.t - mt); str += (o.t - mt) * (o.row - mr) }
        guard stt > 0, abs(str) > 1e-9 else { return nil }
        let b = str / stt
        return (mr - b * mt, b)
    }

    /// The row at `t`, piecewise linear between the observations (sorted by t), constant beyond.
    static func interpolate(_ obs: [(t: Double, row: Double)], _ t: Double) -> Double {
        guard let first = obs.first, let last = obs.last else { return 0 }
        if t <= first.t { return first.row }
        if t >= last.t { return last.row }
        var i = 1
        while obs[i].t < t { i += 1 }
        let a = obs[i - 1], b = obs[i]
        return b.t > a.t ? a.row + (b.row - a.row) * (t - a.t) / (b.t - a.t) : b.row
    }

    /// Whether `p` lies inside the convex quadrilateral `q`.
    static func contains(_ q: [MatrixPoint], _ p: MatrixPoint) -> Bool {
        guard q.count == 4 else { return false }
        var sign = 0.0
        for i in 0..<4 {
            let a = q[i], b = q[(i + 1) % 4]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross * sign < 0 { return false }
            if cross != 0 { sign = cross }
        }
        return true
    }
}
