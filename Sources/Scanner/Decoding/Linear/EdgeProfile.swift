import Glibc  // log, exp

/// Turns a grey profile (one scan line) into light/dark runs without a global
/// threshold: edges are the extrema of the profile's derivative, so uneven
/// light (a slow gradient) moves no edge, and each edge is placed between
/// samples by a parabola through the gradient peak.
///
/// Noise: the floor an edge must clear is estimated from the line itself: the
/// grey range over 4 consecutive samples, taken over the windows that look flat
/// (bars rarely leave 4 samples flat, while quiet zones and wide bars do),
/// measures the noise, and the floor is
/// `noiseFactor` s, which pure sensor noise of that strength almost never reaches. A tenth of the
/// line's strong gradients (95th percentile) also sets a floor, so that on a
/// clipped-white background JPEG ripples on the bars do not count. Edges that
/// survive must alternate in polarity (of two same-polarity neighbours the
/// stronger stays), and a pair of weak opposite edges between two strong ones
/// (a ripple on a bar or space) is dropped.
enum EdgeProfile {
    /// A weak pair is dropped when both edges are below this fraction of both flanking edges.
    /// Blur at 1.5 px/module lowers a 1-module run's edges to ~0.5 of a wide run's; ripples are lower.
    static let weakPairRatio: Float = 0.3
    /// The floor in noise sigmas: a gradient (difference of two noisy samples, sigma 1.4) of 4.5 sigma
    /// is a 1-in-700 event, rare enough to leave most quiet zones whole.
    static let noiseFactor: Float = 4.5

    static func runs(_ profile: [Float]) -> ScanRuns {
        profile.withUnsafeBufferPointer { runs($0) }
    }

    /// Above this blur (sigma, samples) the profile is smoothed by [1 2 1]/4 before edges are taken:
    /// it cuts the gradient's noise 2.8x and, on a profile that blurred, hardly lowers the edges.
    static let smoothingBlur: Float = 0.9

    /// Rounds of `undoBlurShift`: three bring the edges of a line one
    /// reader decodes to where the model puts them; a probe that only looks
    /// for where a symbol may be can take one.
    static let blurRounds = 3

    static func runs(_ p: UnsafeBufferPointer<Float>, blurRounds: Int = blurRounds) -> ScanRuns {
        let n = p.count
        guard n >= 5 else { return ScanRuns(widths: [Float(max(n - 1, 0))]) }
        // Grey values are finite by contract; a NaN or infinity would poison every position after it.
        for i in 0..<n where !p[i].isFinite { return ScanRuns(widths: [Float(n - 1)]) }
        let floor = noiseFloor(p)
        var (pos, strength) = edges(p, floor: floor)
        var sigma = blurSigma(p, pos)
        if sigma >= smoothingBlur {
            var smooth = [Float](repeating: 0, count: n)
            smooth.withUnsafeMutableBufferPointer { s in
                s[0] = p[0]
                s[n - 1] = p[n - 1]
                for i in 1..<(n - 1) { s[i] = 0.25 * (p[i - 1] + 2 * p[i] + p[i + 1]) }
            }
            smooth.withUnsafeBufferPointer { s in
                // Gradient noise of the smoothed profile: 0.5 sigma instead of 1.41 sigma.
                (pos, strength) = edges(s, floor: max(2, floor * 0.354))
                sigma = blurSigma(s, pos)
            }
        }
        undoBlurShift(&pos, strength, sigma: sigma * 1.12, rounds: blurRounds)  // the estimate runs ~10% low (see blurSigma)
        return makeRuns(pos, strength, end: Float(n - 1))
    }

    /// The line's blur (`blurSigma`) at its own edges, before any
    /// smoothing: how many samples a step from light to dark spreads over.
    /// 0 where no edge shows it.
    static func blur(_ p: UnsafeBufferPointer<Float>) -> Float {
        guard p.count >= 5 else { return 0 }
        for i in 0..<p.count where !p[i].isFinite { return 0 }
        return blurSigma(p, edges(p, floor: noiseFloor(p)).pos)
    }

    /// Edges: local extrema of the forward difference g[i] = p[i+1] - p[i] above `floor`, placed by a
    /// parabola through the peak, alternating, ripples dropped. `strength` is signed: < 0 falling
    /// (light to dark).
    private static func edges(_ p: UnsafeBufferPointer<Float>, floor: Float) -> (pos: [Float], strength: [Float]) {
        let n = p.count
        var pos: [Float] = [], strength: [Float] = []
        pos.reserveCapacity(n / 4)
        strength.reserveCapacity(n / 4)
        var gPrev = p[1] - p[0]
        var g = p[2] - p[1]
        var i = 1  // index of g being examined (an edge in the first sample step has no quiet zone anyway)
        while i < n - 1 {
            let gNext: Float = i + 2 < n ? p[i + 2] - p[i + 1] : 0
            if abs(g) > floor {
                let isMax = g > 0 && g > gPrev && g >= gNext
                let isMin = g < 0 && g < gPrev && g <= gNext
                if isMax || isMin {
                    // Parabolic fit through (gPrev, g, gNext): vertex offset in [-0.5, 0.5].
                    let den = gPrev - 2 * g + gNext
                    var d: Float = den != 0 ? 0.5 * (gPrev - gNext) / den : 0
                    d = min(max(d, -0.5), 0.5)
                    appendEdge(&pos, &strength, at: Float(i) + 0.5 + d, value: g)
                }
            }
            gPrev = g
            g = gNext
            i += 1
        }
        dropWeakPairs(&pos, &strength)
        return (pos, strength)
    }

    /// The line's blur (Gaussian sigma, in samples) from the shape of its gradient peaks: for a
    /// Gaussian peak sampled at -1, 0, +1, 1/sigma^2 = 2 ln g0 - ln g-1 - ln g+1, whatever the
    /// sub-sample offset. Close opposite edges narrow a peak (sigma too small), so the upper end
    /// over the edges (90th percentile) is taken, which comes from edges beside wide runs. 0 if no peak is measurable.
    static func blurSigma(_ p: UnsafeBufferPointer<Float>, _ pos: [Float]) -> Float {
        var estimates: [Float] = []
        estimates.reserveCapacity(pos.count)
        for x in pos {
            guard x.isFinite else { continue }
            let i = Int((x - 0.5).rounded())
            guard i >= 1, i + 2 < p.count else { continue }
            let a = p[i] - p[i - 1], b = p[i + 1] - p[i], c = p[i + 2] - p[i + 1]
            let sa = a * b, sc = c * b  // same sign as the peak: both products positive
            guard sa > 0, sc > 0 else { continue }
            let inv = log(b * b / sa) + log(b * b / sc)
            if inv > 0 { estimates.append(1 / inv.squareRoot()) }
        }
        guard !estimates.isEmpty else { return 0 }
        estimates.sort()
        return estimates[(estimates.count * 9) / 10]
    }

    /// Blur pulls the gradient peaks of close edges apart (an opposite neighbour's slope subtracts
    /// on the near side) or together (same polarity), which widens narrow runs and narrows wide
    /// ones. With all edges of one amplitude (a printed symbol) and a Gaussian blur of `sigma`, the
    /// model gradient is sum_k s_k G(x - t_k); we look for true edges t whose model peaks fall on the
    /// observed peaks: t += observed - peak(t), each peak found by Newton steps from t_j, `rounds` times.
    /// Each correction is capped at a third of the gap to the neighbours.
    static func undoBlurShift(_ pos: inout [Float], _ strength: [Float], sigma: Float, rounds: Int = blurRounds) {
        guard sigma > 0.5, pos.count >= 2 else { return }
        // Over buffers: this runs for every line of every reader, nine
        // neighbours, three Newton steps and `rounds` rounds per edge.
        let observed = pos
        var next = observed
        observed.withUnsafeBufferPointer { observed in
            strength.withUnsafeBufferPointer { strength in
                pos.withUnsafeMutableBufferPointer { t in
                    next.withUnsafeMutableBufferPointer { next in
                        for _ in 0..<rounds {
                            blurShiftRound(observed: observed, strength: strength, from: t, into: next, sigma: sigma)
                            for j in 0..<t.count { t[j] = next[j] }
                        }
                    }
                }
            }
        }
    }

    /// One round of `undoBlurShift`: each edge `t[j]` moved so that its model peak falls on
    /// `observed[j]`, the move capped at a third of the gap to its neighbours.
    private static func blurShiftRound(
        observed: UnsafeBufferPointer<Float>, strength: UnsafeBufferPointer<Float>,
        from t: UnsafeMutableBufferPointer<Float>, into next: UnsafeMutableBufferPointer<Float>, sigma: Float
    ) {
        let m = t.count
        let inv2 = 1 / (sigma * sigma), reach = 3.5 * sigma
        for j in 0..<m {
            let lo = max(0, j - 4), hi = min(m - 1, j + 4)
            let rising = strength[j] > 0
            var x = t[j]
            for _ in 0..<3 {
                var d1: Float = 0, d2: Float = 0
                for k in lo...hi {
                    let u = x - t[k]
                    guard abs(u) < reach else { continue }
                    let sign: Float = rising == (strength[k] > 0) ? 1 : -1
                    let g = sign * exp(-0.5 * u * u * inv2)
                    d1 -= u * inv2 * g
                    d2 += (u * u * inv2 - 1) * inv2 * g
                }
                guard d2 < 0 else { break }
                x -= d1 / d2
            }
            let gapLeft = j > 0 ? observed[j] - observed[j - 1] : .infinity
            let gapRight = j + 1 < m ? observed[j + 1] - observed[j] : .infinity
            let cap = min(gapLeft, gapRight) / 3
            let corrected = t[j] + (observed[j] - x)
            next[j] = observed[j] + min(max(corrected - observed[j], -cap), cap)
        }
    }

    /// Appends an edge, keeping polarity alternating: of two same-polarity neighbours, the stronger stays.
    @inline(__always)
    private static func appendEdge(_ pos: inout [Float], _ strength: inout [Float], at x: Float, value: Float) {
        if let last = strength.last, (last > 0) == (value > 0) {
            if abs(value) > abs(last) {
                pos[pos.count - 1] = x
                strength[strength.count - 1] = value
            }
            return
        }
        pos.append(x)
        strength.append(value)
    }

    /// Removes ripples: a pair of adjacent (opposite) edges both weaker than `weakPairRatio` of the
    /// stronger flanking edge. Removing a pair keeps the polarity alternating. One O(n) pass.
    private static func dropWeakPairs(_ pos: inout [Float], _ strength: inout [Float]) {
        let m = strength.count
        guard m >= 3 else { return }
        var outPos: [Float] = [], outStr: [Float] = []
        outPos.reserveCapacity(m)
        outStr.reserveCapacity(m)
        var k = 0
        while k < m {
            if k + 1 < m {
                let left = abs(outStr.last ?? 0), right = k + 2 < m ? abs(strength[k + 2]) : 0
                let flank = max(left, right) * weakPairRatio
                if abs(strength[k]) < flank && abs(strength[k + 1]) < flank {
                    k += 2
                    continue
                }
            }
            outPos.append(pos[k])
            outStr.append(strength[k])
            k += 1
        }
        pos = outPos
        strength = outStr
    }

    /// Runs from alternating edges; the first run is light (empty if the line starts dark).
    private static func makeRuns(_ pos: [Float], _ strength: [Float], end: Float) -> ScanRuns {
        var edges: [Float] = [0]
        edges.reserveCapacity(pos.count + 3)
        if let first = strength.first, first > 0 { edges.append(0) }  // starts dark: empty light run
        for x in pos where x > (edges.last ?? 0) && x < end { edges.append(x) }
        edges.append(end)
        var widths: [Float] = []
        widths.reserveCapacity(edges.count - 1)
        for j in 1..<edges.count { widths.append(edges[j] - edges[j - 1]) }
        return ScanRuns(widths: widths, edges: edges)
    }

    /// The gradient magnitude an edge must exceed (see the type's comment). O(n) via a histogram.
    /// `p` is finite (`runs` checks it).
    private static func noiseFloor(_ p: UnsafeBufferPointer<Float>) -> Float {
        let n = p.count
        guard n >= 4 else { return 2 }
        let bins = 512, binWidth: Float = 0.5
        var ranges = [Int32](repeating: 0, count: bins), steps = [Int32](repeating: 0, count: bins)
        // Clamped before the conversion: a difference of finite values may
        // still be infinite, and would trap in Int(); it falls in the last bin.
        @inline(__always) func bin(_ v: Float) -> Int { Int(min(max(v / binWidth, 0), Float(bins - 1))) }
        ranges.withUnsafeMutableBufferPointer { r in
            steps.withUnsafeMutableBufferPointer { g in
                // A window's extremes are its two pairs' extremes: each pair's
                // are taken once, and serve again as the window two on begins.
                var (high, low) = (max(p[0], p[1]), min(p[0], p[1]))
                var (nextHigh, nextLow) = (max(p[1], p[2]), min(p[1], p[2]))
                for i in 0..<(n - 3) {
                    let c = p[i + 2], d = p[i + 3]
                    let (farHigh, farLow) = (max(c, d), min(c, d))
                    r[bin(max(high, farHigh) - min(low, farLow))] &+= 1
                    g[bin(abs(p[i + 1] - p[i]))] &+= 1
                    (high, low, nextHigh, nextLow) = (nextHigh, nextLow, farHigh, farLow)
                }
            }
        }
        /// The `q` quantile of the histogram's entries below `limit`.
        func quantile(_ h: [Int32], _ q: Double, below limit: Float = .infinity) -> Float {
            let end = limit.isFinite ? min(bins, Int(max(0, min(limit / binWidth, Float(bins)))) + 1) : bins
            // Every window fell in some bin, so over all of them the total is known.
            var total = end == bins ? n - 3 : 0
            if end < bins { for b in 0..<end { total += Int(h[b]) } }
            let target = Int(Double(total) * q)
            var c = 0
            for b in 0..<end {
                c += Int(h[b])
                if c > target { return (Float(b) + 0.5) * binWidth }
            }
            return Float(end) * binWidth
        }
        // First guess: the 3% quantile is 0.63 sigma for Gaussian noise, but overestimates when only a
        // fraction of the line is flat. So refine: the median of the windows that look flat by the
        // current guess (range under 2.5 sigma, median 1.66 sigma for pure noise), which depends little on
        // how much of the line is flat. Five rounds converge.
        var sigma = quantile(ranges, 0.03) / 0.63
        for _ in 0..<5 { sigma = quantile(ranges, 0.5, below: 2.5 * sigma) / 1.66 }
        return max(2, noiseFactor * sigma, quantile(steps, 0.95) / 10)
    }
}
