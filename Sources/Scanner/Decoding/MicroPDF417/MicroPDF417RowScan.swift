/// One row of a MicroPDF417 read whole on one scan line: left RAP (none in CC-A's 3 columns),
/// codewords (with the centre RAP among them in 3 and 4 columns), right RAP and stop bar.
struct MicroPDF417RowRead: Sendable, Hashable {
    var columns: Int
    var left: Int?
    var centre: Int?
    var right: Int
    /// 0, 1 or 2 (clusters 0, 3, 6).
    var cluster: Int
    var codewords: [Int]
    /// Along the line, in samples: where the row starts (left RAP, or CC-A's first codeword) and
    /// the stop bar ends.
    var start: Float
    var end: Float

    var address: MicroPDF417Size.RowAddress { MicroPDF417Size.RowAddress(left: left, centre: centre, right: right, cluster: cluster) }
}

/// Finds whole rows on a scan line. Each part is classified against its own width (so the module
/// may change along the line, as in perspective) and must agree with its neighbour's module within
/// a quarter; a row's codewords must all be of one cluster, as a line that drifts into the next
/// row reads another cluster there; and its RAPs and cluster must be a row of some size.
enum MicroPDF417RowScan {
    /// Rows read on `runs` (light first, as `EdgeProfile` gives them), in the line's direction.
    /// `fragments` counts side RAPs followed by a codeword, whole rows or not: the evidence that
    /// the line crosses a MicroPDF417 at all. `ccA`: CC-A's rows too (only a composite search
    /// looks for them: the 3 columns' rows cost a RAP lookup at every other bar).
    static func rows(_ runs: ScanRuns, ccA: Bool, fragments: inout Int) -> [MicroPDF417RowRead] {
        let widths = RunWidths.sanitized(runs)
        var found: [MicroPDF417RowRead] = []
        var i = 1
        while i + 6 < widths.count {
            if let (row, next) = row(widths, at: i, edges: runs.edges, ccA: ccA, fragments: &fragments) {
                found.append(row)
                i = next
            } else {
                i += 2
            }
        }
        return found
    }

    /// A side RAP after light, or a centre RAP, followed by a codeword, seen on a line: where a
    /// row may start, or (CC-A's 3 columns have no left RAP) where it has its centre column.
    struct Fragment: Sendable, Hashable {
        var kind: MicroPDF417RAP.Kind
        /// The RAP's position in its cycle.
        var position: Int
        /// Along the line, in samples: where the RAP starts.
        var start: Float
        /// The RAP's module, in samples.
        var module: Float
        /// The cluster index (0, 1, 2) of the codeword after the RAP.
        var cluster: Int
    }

    /// Every fragment on `runs` (light first), in the line's direction: the cheap evidence that
    /// looks for symbols before whole rows are read. Centre RAPs only with `ccA`.
    static func fragments(_ runs: ScanRuns, ccA: Bool, into found: inout [Fragment]) {
        let widths = RunWidths.sanitized(runs)
        var i = 1
        while i + 6 < widths.count {
            if let (rap, module, cluster) = fragment(widths, at: i) ?? (ccA ? centre(widths, at: i) : nil) {
                found.append(Fragment(kind: rap.kind, position: rap.position, start: runs.edges[i], module: module, cluster: cluster))
                i += 14
            } else {
                i += 2
            }
        }
    }

    /// The side RAP from the dark run `i`, its module and the cluster index of the codeword after
    /// it, when light comes before it; nil otherwise.
    private static func fragment(_ w: [Float], at i: Int) -> (rap: MicroPDF417RAP.Match, module: Float, cluster: Int)? {
        guard let left = MicroPDF417EdgeDistances.rap(w, at: i), left.kind == .side else { return nil }
        let module = sum(w, i, 6) / Float(MicroPDF417RAP.modules)
        // The margin before it: at least most of a module's light.
        guard w[i - 1] > 0.6 * module, i + 14 <= w.count, let first = MicroPDF417EdgeDistances.codeword(w, at: i + 6) else { return nil }
        return (left, module, first.clusterIndex)
    }

    /// The centre RAP from the dark run `i` and its module, when a codeword follows; nil otherwise.
    private static func centre(_ w: [Float], at i: Int) -> (rap: MicroPDF417RAP.Match, module: Float, cluster: Int)? {
        guard let rap = MicroPDF417EdgeDistances.rap(w, at: i), rap.kind == .centre, i + 14 <= w.count,
              let codeword = MicroPDF417EdgeDistances.codeword(w, at: i + 6) else { return nil }
        return (rap, sum(w, i, 6) / Float(MicroPDF417RAP.modules), codeword.clusterIndex)
    }

    /// The row whose left RAP, or (CC-A's 3 columns) first codeword, is the dark run `i` onwards,
    /// and the dark run after it; nil when none.
    private static func row(_ w: [Float], at i: Int, edges: [Float], ccA: Bool, fragments: inout Int) -> (MicroPDF417RowRead, Int)? {
        let sizes = ccA ? MicroPDF417Size.withCCA : MicroPDF417Size.all
        if let (left, module, first) = fragment(w, at: i) {
            fragments += 1
            // In every size, CC-A's too, a row's cluster is its left RAP's position mod 3
            // (MicroPDF417TableTests): a codeword of another cluster is another row's, where the
            // line left the row.
            guard first == left.position % 3 else { return nil }
            // Most columns first: a shorter parse can end inside the row, at a codeword and a space
            // that look like a right RAP and a stop bar.
            for columns in stride(from: 4, through: 1, by: -1) {
                if let found = row(w, from: i + 6, left: left.position, columns: columns, module: module, sizes: sizes, edges: edges, start: i) {
                    return found
                }
            }
            return nil
        }
        // A codeword after light, then a centre RAP.
        guard ccA, i + 14 <= w.count, let rap = MicroPDF417EdgeDistances.rap(w, at: i + 8), rap.kind == .centre else { return nil }
        let module = sum(w, i, 8) / Float(PDF417Codewords.modules)
        guard w[i - 1] > 0.6 * module else { return nil }
        return row(w, from: i, left: nil, columns: 3, module: module, sizes: sizes, edges: edges, start: i)
    }

    /// The row of `columns` whose first codeword is the dark run `k`, after its left RAP at
    /// position `left` (nil: none), which starts at the dark run `start`; `module` is the module so
    /// far; `sizes` those the row may belong to.
    private static func row(_ w: [Float], from k: Int, left: Int?, columns: Int, module: Float, sizes: [MicroPDF417Size],
                            edges: [Float], start: Int) -> (MicroPDF417RowRead, Int)? {
        var k = k, cluster: Int? = nil, codewords: [Int] = [], centre: Int? = nil
        var unit = module
        for column in 0..<columns {
            if column == MicroPDF417Size.beforeCentre(columns: columns) {
                guard k + 6 <= w.count, let rap = MicroPDF417EdgeDistances.rap(w, at: k), rap.kind == .centre,
                      similar(sum(w, k, 6) / 10, unit) else { return nil }
                centre = rap.position
                unit = sum(w, k, 6) / 10
                k += 6
            }
            guard k + 8 <= w.count, let codeword = MicroPDF417EdgeDistances.codeword(w, at: k), similar(sum(w, k, 8) / 17, unit),
                  cluster == nil || cluster == codeword.clusterIndex else { return nil }
            cluster = codeword.clusterIndex
            codewords.append(codeword.value)
            unit = sum(w, k, 8) / 17
            k += 8
        }
        // Right RAP, then a one-module stop bar and light after it.
        guard k + 8 <= w.count, let right = MicroPDF417EdgeDistances.rap(w, at: k), right.kind == .side,
              similar(sum(w, k, 6) / 10, unit), let cluster else { return nil }
        unit = sum(w, k, 6) / 10
        let stop = w[k + 6] / unit
        let address = MicroPDF417Size.RowAddress(left: left, centre: centre, right: right.position, cluster: cluster)
        guard stop > 0.5, stop < 1.7, w[k + 7] > 0.6 * unit,
              sizes.contains(where: { $0.columns == columns && $0.row(address) != nil }) else { return nil }
        let read = MicroPDF417RowRead(
            columns: columns, left: left, centre: centre, right: right.position, cluster: cluster,
            codewords: codewords, start: edges[start], end: edges[k + 7])
        // Past its runs (RAPs, codewords, stop bar) to the next dark run.
        return (read, k + 8)
    }

    @inline(__always)
    private static func sum(_ w: [Float], _ k: Int, _ n: Int) -> Float {
        var s: Float = 0
        for j in k..<(k + n) { s += w[j] }
        return s
    }

    /// Neighbouring parts' modules agree within a quarter.
    @inline(__always)
    private static func similar(_ a: Float, _ b: Float) -> Bool { a > 0.75 * b && a < 1.33 * b }
}
