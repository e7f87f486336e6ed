import ScannerTestSupport
@testable import Scanner

/// A module row seen by a camera, as the DataBar tests image it: quiet zones,
/// `ppm` pixels per module from a random phase, box sampling, Gaussian blur
/// `sigma` (pixels), additive noise; then edges found with hysteresis between
/// alternating extremes and a local mid-level threshold, to sub-pixel.
enum HysteresisScanLine {
    static func runs(_ modules: [Bool], ppm: Float, sigma: Float, noise: Float, rng: inout SplitMix64) -> ScanRuns {
        var row = modules
        if let last = row.lastIndex(of: true) { row = Array(row[...last]) }
        let quiet = 12
        let full = [Bool](repeating: false, count: quiet) + row + [Bool](repeating: false, count: quiet)
        let phase = Float.random(in: 0..<1, using: &rng) * ppm
        let pixels = Int(Float(full.count) * ppm)
        var signal = [Float](repeating: 0, count: pixels)
        let sub = 8
        for j in 0..<pixels {
            var s: Float = 0
            for k in 0..<sub {
                let m = Int(((Float(j) + (Float(k) + 0.5) / Float(sub) - phase) / ppm).rounded(.down))
                s += (m >= 0 && m < full.count && full[m]) ? 0.1 : 0.9
            }
            signal[j] = s / Float(sub)
        }
        signal = GaussianBlur.smoothed(signal, sigma: sigma)
        for j in 0..<pixels { signal[j] += noise * rng.gaussian() }
        return edges(signal)
    }

    /// Runs from a grey signal: alternating extremes (peaks light, valleys dark) found with
    /// hysteresis `delta`; each edge where the signal crosses halfway between two neighbours.
    static func edges(_ signal: [Float], delta: Float = 0.1) -> ScanRuns {
        let n = signal.count
        guard n > 2 else { return ScanRuns(widths: [Float(max(n, 1))]) }
        var extremes: [Int] = [] // alternating: peak, valley, peak, ...
        var lookingForValley = true
        var candidate = 0
        for j in 1..<n {
            if lookingForValley {
                if extremes.isEmpty {
                    if signal[j] > signal[candidate] { candidate = j }
                    if signal[candidate] - signal[j] > delta { extremes.append(candidate); candidate = j }
                } else {
                    if signal[j] < signal[candidate] { candidate = j }
                    if signal[j] - signal[candidate] > delta { extremes.append(candidate); candidate = j; lookingForValley = false }
                }
            } else {
                if signal[j] > signal[candidate] { candidate = j }
                if signal[candidate] - signal[j] > delta { extremes.append(candidate); candidate = j; lookingForValley = true }
            }
        }
        if !lookingForValley { extremes.append(candidate) } // close the last valley with the margin peak
        var crossings: [Float] = []
        for k in 0..<(max(extremes.count, 1) - 1) {
            let i0 = extremes[k], i1 = extremes[k + 1]
            let t = (signal[i0] + signal[i1]) / 2
            var pos = Float(i0)
            for j in i0..<i1 {
                let a = signal[j] - t, b = signal[j + 1] - t
                if (a >= 0) != (b >= 0) { pos = Float(j) + 0.5 + a / (a - b); break }
            }
            crossings.append(pos)
        }
        if crossings.count % 2 == 1 { crossings.removeLast() }
        let edges: [Float] = [0] + crossings + [Float(n)]
        let widths = (0..<(edges.count - 1)).map { edges[$0 + 1] - edges[$0] }
        return ScanRuns(widths: widths, edges: edges)
    }
}
