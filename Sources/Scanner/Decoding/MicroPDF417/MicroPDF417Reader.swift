import Glibc

/// Entry point: every MicroPDF417 in an 8-bit luma image, at any rotation. The bars' direction
/// comes from the gradients (`MicroPDF417Orientation`), and the rows' too when the symbol is seen
/// at a slant; scan lines one pixel apart run across the bars along each, and then at small turns, so that some lines stay inside a row
/// from its left RAP to its stop bar (a row is only two modules high). Whole rows read
/// (`MicroPDF417RowScan`) are grouped into symbols by where they lie, and each group is decoded
/// (`MicroPDF417SymbolDecoder`). Work is bounded: a few peaks, a fixed list of turns, and turns
/// beyond the first few only where the first lines saw RAPs.
enum MicroPDF417Reader {
    /// Turns from a peak's angle, in degrees, in the order tried: a 4-column row (99 modules) two
    /// modules high needs a line within ~1° of it, and the gradients' angle can be 4° off (the
    /// rows' edges along the bars, blur at small modules).
    static let turns: [Double] = [0] + (1...10).flatMap { [0.6 * Double($0), -0.6 * Double($0)] }
    /// Turns tried before giving up on a peak where no line saw a side RAP and a codeword.
    static let turnsWithoutEvidence = 3
    /// Samples all scan lines of one frame may take, in multiples of its pixels: bounds the work
    /// on frames full of bar-like texture (each turn of each direction scans a peak's box once).
    static let sampleBudget = 128
    /// Row reads kept per peak: bounds the grouping's pairs.
    static let maximumReads = 3000
    /// Reads that make a symbol worth decoding.
    static let minimumReads = 3

    /// A row read placed in the image: its left RAP's start and its stop bar's end.
    struct PlacedRow: Sendable {
        var read: MicroPDF417RowRead
        var start: MatrixPoint
        var end: MatrixPoint
    }

    static func read(_ luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) -> [MicroPDF417Read] {
        guard let sampler = LineSampler(pixels: luma, width: width, height: height, stride: stride) else { return [] }
        var found: [MicroPDF417Read] = []
        var budget = sampleBudget * width * height
        for peak in MicroPDF417Orientation.peaks(luma, width: width, height: height, stride: stride) {
            var placed: [PlacedRow] = [], fragments = 0
            var decoded: [MicroPDF417Read] = []
            let directions = [peak.degrees] + (peak.rowDegrees.map { [$0] } ?? [])
            for (k, turn) in turns.enumerated() {
                if k >= turnsWithoutEvidence && fragments == 0 { break }
                for direction in directions where budget > 0 {
                    budget -= scan(sampler, peak: peak, degrees: direction + turn, into: &placed, fragments: &fragments)
                }
                let groups = group(placed)
                decoded = groups.compactMap(decode)
                // Done when every group large enough has been decoded.
                if !decoded.isEmpty && decoded.count == groups.count { break }
                if placed.count >= maximumReads { break }
            }
            for read in decoded where !found.contains(where: { same($0, read) }) { found.append(read) }
        }
        return found
    }

    /// Lines at `degrees` one pixel apart across the peak's box (with a margin), both ways; returns
    /// the samples taken.
    private static func scan(_ sampler: LineSampler, peak: MicroPDF417Orientation.Peak, degrees: Double,
                             into placed: inout [PlacedRow], fragments: inout Int) -> Int {
        let margin = 2 * MicroPDF417Orientation.tile
        let x0 = Float(max(0, peak.minX - margin)), x1 = Float(min(sampler.width, peak.maxX + margin))
        let y0 = Float(max(0, peak.minY - margin)), y1 = Float(min(sampler.height, peak.maxY + margin))
        let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
        let reach = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot() / 2
        let radians = Float(degrees * .pi / 180)
        let ux = cos(radians), uy = sin(radians)
        var buffer: [Float] = []
        var samples = 0
        var offset = -reach
        while offset <= reach, placed.count < maximumReads {
            defer { offset += 1 }
            let fx = cx - uy * offset, fy = cy + ux * offset
            // The segment inside the box: a line through the frame would cost more and see other symbols.
            guard let (a, b) = clip(fx, fy, ux, uy, reach: reach, x0, y0, x1, y1) else { continue }
            let line = sampler.sample(fromX: fx + ux * a, y0: fy + uy * a, toX: fx + ux * b, y1: fy + uy * b, into: &buffer)
            samples += line.count
            guard line.count >= 38 else { continue }
            let runs = buffer.withUnsafeBufferPointer { EdgeProfile.runs(UnsafeBufferPointer(rebasing: $0[0..<line.count])) }
            let total = runs.edges.last ?? 0
            func point(_ t: Float) -> MatrixPoint {
                MatrixPoint(x: Double(line.originX + line.stepX * t), y: Double(line.originY + line.stepY * t))
            }
            for read in MicroPDF417RowScan.rows(runs, fragments: &fragments) {
                placed.append(PlacedRow(read: read, start: point(read.start), end: point(read.end)))
            }
            for read in MicroPDF417RowScan.rows(runs.reversed(), fragments: &fragments) {
                placed.append(PlacedRow(read: read, start: point(total - read.start), end: point(total - read.end)))
            }
        }
        return samples
    }

    /// The parameter range of the line through (fx, fy) along (ux, uy) within `reach` that lies in the box.
    private static func clip(_ fx: Float, _ fy: Float, _ ux: Float, _ uy: Float, reach: Float,
                             _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) -> (Float, Float)? {
        var a = -reach, b = reach
        for (p, q) in [(ux, fx - x0), (-ux, x1 - 1 - fx), (uy, fy - y0), (-uy, y1 - 1 - fy)] {
            if abs(p) < 1e-6 {
                if q < 0 { return nil }
            } else if p > 0 {
                a = max(a, -q / p)
            } else {
                b = min(b, -q / p)
            }
        }
        return a + 1 < b ? (a, b) : nil
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
            let module = length / Double(MicroPDF417Size.modulesAcross(columns: a.read.columns))
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
