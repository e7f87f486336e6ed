// From measured run widths to a DataBar character: the nearest integer width
// patterns that the character set accepts, best and second best, so that a
// character lying between two patterns is refused rather than guessed.

struct DataBarCharacterRead: Sendable, Hashable {
    var value: Int
    /// Integer element widths, in reading order.
    var widths: [Int]
    /// Summed distance of the measurement to `widths`, in modules.
    var distance: Float
    /// Second-best valid pattern's distance minus the best's, in modules.
    var margin: Float
}

extension DataBarCharacterSet {
    /// Clear-win rule: the best valid pattern must beat the second by this much (modules, summed).
    static let minimumMargin: Float = 0.4
    /// And lie this close to the measurement, per element on average (modules).
    static let maximumDistancePerElement: Float = 0.42

    /// Reads the character whose `elements` runs start at `start` and go in steps of `step`
    /// (+1 or -1) in reading order. `darkBias` (pixels) is taken off dark runs and added to
    /// light runs (ink spread measured on the finder); `firstIsDark` says the first run's colour.
    func read(_ runs: UnsafeBufferPointer<Float>, from start: Int, step: Int,
              firstIsDark: Bool, darkBias: Float = 0,
              minimumMargin: Float = Self.minimumMargin,
              maximumDistancePerElement: Float = Self.maximumDistancePerElement) -> DataBarCharacterRead? {
        let n = elements
        let last = start + step * (n - 1)
        guard n > 0, n <= 16, step == 1 || step == -1, start >= 0, start < runs.count, last >= 0, last < runs.count,
              darkBias.isFinite else { return nil }
        var x = [Float](repeating: 0, count: n)
        var total: Float = 0
        for i in 0..<n {
            let dark = (i % 2 == 0) == firstIsDark
            let w = runs[start + step * i] + (dark ? -darkBias : darkBias)
            guard w.isFinite, w > 0 else { return nil }
            x[i] = w
            total += w
        }
        guard total.isFinite, total > 0 else { return nil }
        let scale = Float(modules) / total
        var near = [Int](repeating: 1, count: n), other = [Int](repeating: 2, count: n)
        for i in 0..<n {
            x[i] *= scale
            let r = Swift.max(1, Swift.min(9, Int(x[i].rounded())))
            near[i] = r
            other[i] = (x[i] >= Float(r) || r == 1) ? r + 1 : r - 1
        }
        var search = PatternSearch(set: self, x: x, near: near, other: other, limit: maximumDistancePerElement * Float(n))
        search.visit(0, sum: 0, distance: 0)
        guard let best = search.best, let value = search.bestValue else { return nil }
        let margin = search.secondDistance.isFinite ? search.secondDistance - search.bestDistance : Float(modules)
        guard search.bestDistance <= maximumDistancePerElement * Float(n), margin >= minimumMargin else { return nil }
        return DataBarCharacterRead(value: value, widths: best, distance: search.bestDistance, margin: margin)
    }
}

/// Depth-first search over "nearest or next" integer widths per element, pruned by the
/// module total and by the running second-best distance.
private struct PatternSearch {
    let set: DataBarCharacterSet
    let x: [Float]
    let near: [Int]
    let other: [Int]
    /// No pattern farther than this is wanted.
    let limit: Float
    var current: [Int]
    var best: [Int]?
    var bestValue: Int?
    var bestDistance = Float.infinity
    var secondDistance = Float.infinity

    init(set: DataBarCharacterSet, x: [Float], near: [Int], other: [Int], limit: Float) {
        self.set = set; self.x = x; self.near = near; self.other = other; self.limit = limit
        current = near
    }

    mutating func visit(_ i: Int, sum: Int, distance: Float) {
        let n = x.count
        if distance >= secondDistance || distance > limit { return }
        let remaining = n - i
        if sum + remaining > set.modules || sum + 9 * remaining < set.modules { return }
        if i == n {
            guard sum == set.modules, let value = set.value(current) else { return }
            if distance < bestDistance {
                secondDistance = bestDistance
                bestDistance = distance; best = current; bestValue = value
            } else {
                secondDistance = distance
            }
            return
        }
        for option in 0..<2 {
            let w = option == 0 ? near[i] : other[i]
            guard w >= 1, w <= 9 else { continue }
            current[i] = w
            visit(i + 1, sum: sum + w, distance: distance + abs(x[i] - Float(w)))
        }
    }
}
