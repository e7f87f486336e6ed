/// Geometry on a region's convex hull: the inscribed quadrilateral of largest area (a symbol's
/// outline: three of its corners are solid corners of the L finder and timing; the fourth, where
/// the two timing edges meet, is cut by about a module) and line sampling helpers.
enum DataMatrixOutline {
    @inline(__always)
    static func cross(_ o: MatrixPoint, _ a: MatrixPoint, _ b: MatrixPoint) -> Double {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }

    /// Signed area (positive for the hull's vertex order).
    static func area(_ p: [MatrixPoint]) -> Double {
        guard p.count >= 3 else { return 0 }
        var s = 0.0
        for i in 0..<p.count {
            let a = p[i], b = p[(i + 1) % p.count]
            s += a.x * b.y - a.y * b.x
        }
        return s / 2
    }

    /// Indices of the four hull vertices (in hull order) spanning the largest quadrilateral. For each first
    /// vertex, the best second and fourth vertices move monotonically as the third advances
    /// (the polygon is convex), so this is O(n²).
    static func largestQuad(_ hull: [MatrixPoint]) -> [Int]? {
        let n = hull.count
        guard n >= 4 else { return nil }
        @inline(__always) func tri(_ a: Int, _ b: Int, _ c: Int) -> Double {
            abs(cross(hull[a % n], hull[b % n], hull[c % n]))
        }
        var best = -1.0
        var bestIdx = (0, 1, 2, 3)
        for i in 0..<n {
            var j = i + 1
            var l = i + 3
            for k in (i + 2)..<(i + n - 1) {
                if j >= k { j = k - 1 }
                while j + 1 < k && tri(i, j + 1, k) >= tri(i, j, k) { j += 1 }
                if l <= k { l = k + 1 }
                while l + 1 < i + n && tri(i, k, l + 1) >= tri(i, k, l) { l += 1 }
                let a = tri(i, j, k) + tri(i, k, l)
                if a > best { best = a; bestIdx = (i, j, k, l) }
            }
        }
        let (i, j, k, l) = bestIdx
        return [i % n, j % n, k % n, l % n]
    }

    /// The direction of the hull's straight run leaving vertex `start` (step +1 or -1 along the
    /// hull): the farthest vertex such that every vertex between lies within `tolerance` of the chord.
    static func straightRun(_ hull: [MatrixPoint], from start: Int, step: Int, tolerance: Double) -> MatrixPoint? {
        let n = hull.count
        guard n >= 3 else { return nil }
        let a = hull[start]
        var best: MatrixPoint?
        var k = 1
        while k < n {
            let v = hull[((start + step * k) % n + n) % n]
            let len = a.distance(to: v)
            guard len > 0 else { k += 1; continue }
            var straight = true
            for m in 1..<k {
                let u = hull[((start + step * m) % n + n) % n]
                if abs(cross(a, v, u)) / len > tolerance { straight = false; break }
            }
            if !straight { break }
            best = v
            k += 1
        }
        return best
    }

    /// Dark samples along a→b, `inset` pixels towards `inner`, over the middle 90% of the
    /// segment: (dark fraction, number of dark runs). Runs shorter than `minRun` samples are
    /// merged into their neighbours (noise), samples are 0.5 px apart.
    static func scan(_ image: BinaryImage, _ a: MatrixPoint, _ b: MatrixPoint, inset: Double,
                     inner: MatrixPoint, minRun: Int = 1, from t0: Double = 0.05, to t1: Double = 0.95)
        -> (fraction: Double, darkRuns: Int) {
        let len = a.distance(to: b)
        guard len >= 2 else { return (0, 0) }
        var nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len
        let mid = MatrixPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        if (inner.x - mid.x) * nx + (inner.y - mid.y) * ny < 0 { nx = -nx; ny = -ny }
        let count = min(8192, max(8, Int(len * (t1 - t0) * 2)))
        var dark = 0
        var runs = 0
        var current = false
        var pending = 0 // samples of the opposite colour seen in a row
        for s in 0..<count {
            let t = t0 + (t1 - t0) * (Double(s) + 0.5) / Double(count)
            let x = a.x + (b.x - a.x) * t + nx * inset, y = a.y + (b.y - a.y) * t + ny * inset
            let d = image.isDark(Int(x.rounded(.down)), Int(y.rounded(.down)))
            if d { dark += 1 }
            if d != current {
                pending += 1
                if pending >= minRun {
                    current = d
                    pending = 0
                    if d { runs += 1 }
                }
            } else {
                pending = 0
            }
        }
        return (Double(dark) / Double(count), runs)
    }
}
