/// Connected dark regions of a binary image (8-connected), found over horizontal runs with a
/// union-find, each reduced to its convex hull. A Data Matrix symbol's solid L finder holds most
/// of its dark modules together, so the symbol is one large region whose hull is its outline.
struct DarkComponent: Sendable {
    var pixelCount: Int
    var minX: Int, minY: Int, maxX: Int, maxY: Int
    /// Convex hull of the region's pixel squares (pixel corners, so the hull lies on the region's
    /// outer boundary), counter-clockwise in image coordinates (y down: clockwise on screen).
    var hull: [MatrixPoint]
}

enum DarkComponents {
    /// Regions at least `minSide` pixels across in both directions with at least `minPixels`
    /// pixels; at most `limit` of them, largest first (bounded work on busy images).
    static func find(_ image: BinaryImage, minSide: Int, minPixels: Int, limit: Int) -> [DarkComponent] {
        let w = image.width, h = image.height
        var runY: [Int32] = [], runX0: [Int32] = [], runX1: [Int32] = []
        var parent: [Int32] = []
        image.pixels.withUnsafeBufferPointer { px in
            var prevStart = 0 // index of the first run of the previous row
            for y in 0..<h {
                let rowStart = runY.count
                var k = prevStart // previous-row runs left of k end before every later run
                let row = y * w
                var x = 0
                while x < w {
                    if px[row + x] == 0 { x += 1; continue }
                    let x0 = x
                    while x < w && px[row + x] != 0 { x += 1 }
                    let id = Int32(runY.count)
                    runY.append(Int32(y)); runX0.append(Int32(x0)); runX1.append(Int32(x - 1))
                    parent.append(id)
                    // Join the previous row's runs touching this one (diagonals included).
                    while k < rowStart && Int(runX1[k]) < x0 - 1 { k += 1 }
                    var j = k
                    while j < rowStart && Int(runX0[j]) <= x {
                        union(&parent, Int32(j), id)
                        j += 1
                    }
                }
                prevStart = rowStart
            }
        }
        let n = runY.count
        guard n > 0 else { return [] }
        // Per root: pixel count and bounding box.
        var count = [Int](repeating: 0, count: n)
        var bx0 = [Int32](repeating: Int32.max, count: n), by0 = [Int32](repeating: Int32.max, count: n)
        var bx1 = [Int32](repeating: -1, count: n), by1 = [Int32](repeating: -1, count: n)
        var root = [Int32](repeating: 0, count: n)
        for i in 0..<n {
            let r = Int(find(&parent, Int32(i)))
            root[i] = Int32(r)
            count[r] += Int(runX1[i] - runX0[i]) + 1
            bx0[r] = min(bx0[r], runX0[i]); bx1[r] = max(bx1[r], runX1[i])
            by0[r] = min(by0[r], runY[i]); by1[r] = max(by1[r], runY[i])
        }
        var keep: [Int] = []
        for r in 0..<n where count[r] >= minPixels && Int(bx1[r] - bx0[r]) + 1 >= minSide
            && Int(by1[r] - by0[r]) + 1 >= minSide {
            keep.append(r)
        }
        keep.sort { count[$0] > count[$1] }
        if keep.count > limit { keep.removeLast(keep.count - limit) }
        var slot = [Int](repeating: -1, count: n)
        for (i, r) in keep.enumerated() { slot[r] = i }
        // Row extremes suffice for the hull: per kept region, the first and last run of each row.
        var points = [[MatrixPoint]](repeating: [], count: keep.count)
        var lastRow = [Int32](repeating: -1, count: keep.count)
        var lastEnd = [Int32](repeating: -1, count: keep.count)
        func flush(_ s: Int) {
            guard lastRow[s] >= 0 else { return }
            let y = Double(lastRow[s])
            points[s].append(MatrixPoint(x: Double(lastEnd[s]) + 1, y: y))
            points[s].append(MatrixPoint(x: Double(lastEnd[s]) + 1, y: y + 1))
        }
        for i in 0..<n {
            let s = slot[Int(root[i])]
            guard s >= 0 else { continue }
            if runY[i] != lastRow[s] {
                flush(s)
                let y = Double(runY[i])
                points[s].append(MatrixPoint(x: Double(runX0[i]), y: y))
                points[s].append(MatrixPoint(x: Double(runX0[i]), y: y + 1))
                lastRow[s] = runY[i]
            }
            lastEnd[s] = runX1[i]
        }
        var out: [DarkComponent] = []
        for (s, r) in keep.enumerated() {
            flush(s)
            out.append(DarkComponent(pixelCount: count[r], minX: Int(bx0[r]), minY: Int(by0[r]),
                                     maxX: Int(bx1[r]), maxY: Int(by1[r]), hull: convexHull(points[s])))
        }
        return out
    }

    private static func find(_ p: inout [Int32], _ i: Int32) -> Int32 {
        var r = i
        while p[Int(r)] != r { r = p[Int(r)] }
        var j = i
        while p[Int(j)] != r { let next = p[Int(j)]; p[Int(j)] = r; j = next }
        return r
    }

    private static func union(_ p: inout [Int32], _ a: Int32, _ b: Int32) {
        let ra = find(&p, a), rb = find(&p, b)
        if ra != rb { p[Int(max(ra, rb))] = min(ra, rb) }
    }

    /// Andrew's monotone chain; collinear points dropped.
    static func convexHull(_ pts: [MatrixPoint]) -> [MatrixPoint] {
        let p = pts.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard p.count >= 3 else { return p }
        func cross(_ o: MatrixPoint, _ a: MatrixPoint, _ b: MatrixPoint) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [MatrixPoint] = [], upper: [MatrixPoint] = []
        for q in p {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], q) <= 0 { lower.removeLast() }
            lower.append(q)
        }
        for q in p.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], q) <= 0 { upper.removeLast() }
            upper.append(q)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
