import Glibc

/// Entry point: every MicroPDF417 in an 8-bit luma image, at any rotation. The bars' direction
/// comes from the gradients (`MicroPDF417Orientation`), and the rows' too when the symbol is seen
/// at a slant. Sparse probe lines find the boxes where a RAP column shows
/// (`MicroPDF417Candidates`); only there do scan lines one pixel apart run across the bars along
/// each direction, and then at small turns, so that some lines stay inside a row from its left
/// RAP to its stop bar (a row is only two modules high). Whole rows read (`MicroPDF417RowScan`)
/// are grouped into symbols by where they lie, and each group is decoded
/// (`MicroPDF417SymbolDecoder`). Work is bounded: a few peaks, a few boxes each, a fixed list of
/// turns, turns beyond the first few only where the first lines saw RAPs, and a sample budget
/// in proportion to the box.
enum MicroPDF417Reader {
    /// Turns from a peak's angle, in degrees, in the order tried: a 4-column row (99 modules) two
    /// modules high needs a line within ~1° of it, and the gradients' angle can be 4° off (the
    /// rows' edges along the bars, blur at small modules).
    static let turns: [Double] = [0] + (1...10).flatMap { [0.6 * Double($0), -0.6 * Double($0)] }
    /// Turns tried before giving up on a box where no line saw a side RAP and a codeword.
    static let turnsWithoutEvidence = 3
    /// Samples the dense lines of one candidate box may take, in multiples of its pixels: bounds
    /// the work on bar-like texture that passed the probe (each turn of each direction scans the
    /// box once).
    static let sampleBudget = 64
    /// Row reads kept per peak: bounds the grouping's pairs.
    static let maximumReads = 3000
    /// Reads that make a symbol worth decoding.
    static let minimumReads = 3
    /// Dense lines crossing each row (two modules high) at least: one pixel apart at the
    /// smallest modules, further apart at larger ones, where a box's lines one pixel apart cost
    /// as much as the rest of a corpus (a symbol at 8 px a module, 6 million samples).
    static let linesPerRow: Float = 4

    /// Pixels between dense lines in a box whose RAPs showed modules of `module` pixels.
    static func denseSpacing(module: Float) -> Float {
        max(1, (2 * module / linesPerRow).rounded(.down))
    }

    /// A row read placed in the image: its start (left RAP, or CC-A's first codeword) and its stop bar's end.
    struct PlacedRow: Sendable {
        var read: MicroPDF417RowRead
        var start: MatrixPoint
        var end: MatrixPoint
    }

    /// `ccA`: GS1 Composite CC-A's sizes too, whose 3 columns' rows have no left RAP (a composite
    /// search; a MicroPDF417 alone pays nothing for them).
    static func read(_ luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, ccA: Bool = false) -> [MicroPDF417Read] {
        guard let sampler = LineSampler(pixels: luma, width: width, height: height, stride: stride) else { return [] }
        var found: [MicroPDF417Read] = []
        for peak in MicroPDF417Orientation.peaks(luma, width: width, height: height, stride: stride) {
            let (core, margin) = (peak.core, MicroPDF417Orientation.tile)
            guard let box = MicroPDF417ScanLines.box(
                sampler, x0: core.x - margin, y0: core.y - margin, x1: core.x + core.width + margin,
                y1: core.y + core.height + margin) else { continue }
            let directions = [peak.degrees] + (peak.rowDegrees.map { [$0] } ?? [])
            for region in MicroPDF417Candidates.regions(sampler, box: box, directions: directions, ccA: ccA).regions {
                let spacing = denseSpacing(module: region.module)
                for read in read(sampler, box: region.box, directions: directions, spacing: spacing, ccA: ccA)
                where !found.contains(where: { same($0, read) }) {
                    found.append(read)
                }
            }
        }
        return found
    }

    /// The symbols in one candidate box: dense lines (`spacing` pixels apart) at each turn of
    /// each direction until every group of rows large enough decodes.
    private static func read(_ sampler: LineSampler, box: PixelRect, directions: [Double], spacing: Float, ccA: Bool) -> [MicroPDF417Read] {
        var placed: [PlacedRow] = [], fragments = 0
        var decoded: [MicroPDF417Read] = []
        var budget = sampleBudget * box.width * box.height
        for (k, turn) in turns.enumerated() {
            if k >= turnsWithoutEvidence && fragments == 0 { break }
            for direction in directions where budget > 0 {
                budget -= scan(MicroPDF417ScanLines(sampler: sampler, box: box, degrees: direction + turn, spacing: spacing),
                               ccA: ccA, into: &placed, fragments: &fragments)
            }
            let groups = group(placed)
            decoded = groups.compactMap(decode)
            // Done when every group large enough has been decoded.
            if !decoded.isEmpty && decoded.count == groups.count { break }
            if placed.count >= maximumReads { break }
        }
        return decoded
    }

    /// Rows read on `lines`, both ways; returns the samples taken.
    private static func scan(_ lines: MicroPDF417ScanLines, ccA: Bool, into placed: inout [PlacedRow], fragments: inout Int) -> Int {
        lines.cast { runs, _, point in
            let total = runs.edges.last ?? 0
            func at(_ t: Float) -> MatrixPoint {
                let p = point(t)
                return MatrixPoint(x: Double(p.x), y: Double(p.y))
            }
            for read in MicroPDF417RowScan.rows(runs, ccA: ccA, fragments: &fragments) {
                placed.append(PlacedRow(read: read, start: at(read.start), end: at(read.end)))
            }
            for read in MicroPDF417RowScan.rows(runs.reversed(), ccA: ccA, fragments: &fragments) {
                placed.append(PlacedRow(read: read, start: at(total - read.start), end: at(total - read.end)))
            }
            return placed.count < maximumReads
        }
    }

    /// Reads of one symbol: same columns, overlapping along the rows, and a chain of reads each
    /// within 8 modules of the next across them.
    static func group(_ placed: [PlacedRow]) -> [[PlacedRow]] {
        var parent = Array(placed.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for i in placed.indices {
            let a = placed[i]
            let dx = a.end.x - a.start.x, dy = a.end.y - a.start.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let (ux, uy) = (dx / length, dy / length)
            let module = length / Double(MicroPDF417Size.modulesAcross(columns: a.read.columns, leftRAP: a.read.left != nil))
            let mx = (a.start.x + a.end.x) / 2, my = (a.start.y + a.end.y) / 2
            for j in (i + 1)..<placed.count where placed[j].read.columns == a.read.columns {
                let b = placed[j]
                let ex = (b.start.x + b.end.x) / 2 - mx, ey = (b.start.y + b.end.y) / 2 - my
                let along = ex * ux + ey * uy, across = -ex * uy + ey * ux
                // Same direction (a symbol and its turned twin are not one), near along and across.
                let bx = b.end.x - b.start.x, by = b.end.y - b.start.y
                guard bx * ux + by * uy > 0.8 * length, abs(along) < 0.25 * length, abs(across) < 8 * module else { continue }
                let (ri, rj) = (root(i), root(j))
                if ri != rj { parent[rj] = ri }
            }
        }
        var groups: [Int: [PlacedRow]] = [:]
        for i in placed.indices { groups[root(i), default: []].append(placed[i]) }
        return groups.values.filter { $0.count >= minimumReads }.sorted { $0.count > $1.count }
    }

    private static func decode(_ rows: [PlacedRow]) -> MicroPDF417Read? {
        guard var read = MicroPDF417SymbolDecoder.decode(rows.map(\.read)) else { return nil }
        read.corners = corners(rows)
        return read
    }

    /// The outermost reads across the rows: their ends, clockwise from the first row's start.
    private static func corners(_ rows: [PlacedRow]) -> [MatrixPoint] {
        let first = rows[0]
        let dx = first.end.x - first.start.x, dy = first.end.y - first.start.y
        func across(_ p: MatrixPoint) -> Double { -(p.x - first.start.x) * dy + (p.y - first.start.y) * dx }
        guard let top = rows.min(by: { across($0.start) < across($1.start) }),
              let bottom = rows.max(by: { across($0.start) < across($1.start) }) else { return [] }
        return [top.start, top.end, bottom.end, bottom.start]
    }

    /// One symbol read from two peaks: the same message, its centre inside the other's reach.
    private static func same(_ a: MicroPDF417Read, _ b: MicroPDF417Read) -> Bool {
        guard a.bytes == b.bytes, let corner = a.corners.first else { return false }
        let (ca, cb) = (centre(a.corners), centre(b.corners))
        return hypot(ca.x - cb.x, ca.y - cb.y) < hypot(corner.x - ca.x, corner.y - ca.y)
    }

    private static func centre(_ corners: [MatrixPoint]) -> MatrixPoint {
        let n = Double(max(corners.count, 1))
        return MatrixPoint(x: corners.reduce(0) { $0 + $1.x } / n, y: corners.reduce(0) { $0 + $1.y } / n)
    }
}
