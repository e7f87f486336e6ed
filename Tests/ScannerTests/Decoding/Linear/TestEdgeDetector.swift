@testable import Scanner

/// A simple edge detector, independent of the production one (`EdgeProfile`),
/// so that the decoders are tested on edges found another way: edges at the
/// extrema of the first difference of the signal, refined to sub-pixel by a
/// parabola, alternating falling (light to dark) and rising; pairs of weak
/// edges (noise in a quiet zone) are dropped.
enum TestEdgeDetector {
    /// `smoothing`: Gaussian sigma in pixels applied first (a quarter module suits).
    static func runs(_ raw: [Float], smoothing: Float = 0) -> ScanRuns {
        guard raw.count > 4 else { return ScanRuns(widths: [Float(raw.count)]) }
        let signal = GaussianBlur.smoothed(raw, sigma: smoothing)
        let d = (0..<(signal.count - 1)).map { signal[$0 + 1] - signal[$0] }
        let threshold = 0.05 * (d.map { abs($0) }.max() ?? 0)
        var edges: [(position: Float, strength: Float)] = []
        for k in 1..<(d.count - 1) {
            let v = d[k]
            // A local extremum of the difference, strong enough to be an edge.
            guard abs(v) > threshold,
                  v < 0 ? (v <= d[k - 1] && v < d[k + 1]) : (v >= d[k - 1] && v > d[k + 1]) else { continue }
            let denominator = d[k - 1] - 2 * v + d[k + 1]
            let offset = denominator == 0 ? 0 : 0.5 * (d[k - 1] - d[k + 1]) / denominator
            let edge = (position: Float(k + 1) + max(-0.5, min(0.5, offset)), strength: v)
            if let last = edges.last, (last.strength < 0) == (v < 0) {
                if abs(v) > abs(last.strength) { edges[edges.count - 1] = edge }
            } else {
                edges.append(edge)
            }
        }
        // Weak neighbours go in pairs, so that the edges keep alternating.
        let strengths = edges.map { abs($0.strength) }.sorted()
        let weak = 0.3 * (strengths.isEmpty ? 0 : strengths[strengths.count / 2])
        while edges.count >= 2 {
            var worst = -1
            var worstStrength = weak
            for k in 0..<(edges.count - 1) {
                let s = max(abs(edges[k].strength), abs(edges[k + 1].strength))
                if s < worstStrength { worstStrength = s; worst = k }
            }
            guard worst >= 0 else { break }
            edges.removeSubrange(worst...(worst + 1))
        }
        while let last = edges.last, abs(last.strength) < weak { edges.removeLast() }
        while let first = edges.first, abs(first.strength) < weak || first.strength > 0 { edges.removeFirst() }
        var positions: [Float] = [0] + edges.map(\.position)
        positions.append(Float(signal.count))
        if positions.count % 2 == 1 { positions.removeLast() } // ended on a falling edge: drop the dark tail
        let widths = (0..<(positions.count - 1)).map { positions[$0 + 1] - positions[$0] }
        return ScanRuns(widths: widths, edges: positions)
    }
}
