import Foundation
import ScannerTestSupport
@testable import Scanner

/// How a scan line is imaged: module size, optics, print, noise.
struct Imaging: CustomStringConvertible {
    var pixelsPerModule: Float
    /// Gaussian blur, in modules.
    var sigma: Float = 0
    /// Grey-level noise (signal runs 0.1 dark to 0.9 light).
    var noise: Float = 0
    /// Bars print this many modules wider (spaces narrower).
    var inkSpread: Float = 0
    /// Wide elements of two-width symbologies drawn at this many modules
    /// (zint draws Code 39 at 2); nil leaves them as zint drew them.
    var wideModules: Float? = nil

    var description: String {
        "px/module \(pixelsPerModule) sigma \(sigma) noise \(noise) spread \(inkSpread) wide \(wideModules.map { "\($0)" } ?? "-")"
    }
}

/// Scan lines of zint module rows as runs, for the decoders that read runs
/// (Code 128, 39, 93, Telepen): ideal runs, or a blurred noisy signal through
/// `TestEdgeDetector`.
enum SyntheticLine {
    static let quietModules: Float = 15

    /// Runs in modules, dark first, from zint's modules.
    static func moduleRuns(_ modules: [Bool]) -> [Float] {
        var runs: [Float] = []
        var previous: Bool?
        for m in modules {
            if m == previous { runs[runs.count - 1] += 1 } else { runs.append(1); previous = m }
        }
        return runs
    }

    /// Ideal runs (light quiet zone first and last) at `px` pixels per module.
    static func idealRuns(_ modules: [Bool], px: Float = 1) -> ScanRuns {
        ScanRuns(widths: [quietModules * px] + moduleRuns(modules).map { $0 * px } + [quietModules * px])
    }

    /// The grey signal along the line: area-sampled pixels of the blurred bars.
    static func signal(_ modules: [Bool], _ imaging: Imaging, rng: inout SplitMix64) -> [Float] {
        var runs = moduleRuns(modules)
        if let wide = imaging.wideModules {
            let narrow = runs.min() ?? 1
            runs = runs.map { $0 > narrow ? wide : $0 }
        }
        let p = imaging.pixelsPerModule
        let phase = Float.random(in: 0..<1, using: &rng)
        var bars: [(Float, Float)] = []
        var x = quietModules
        for (i, r) in runs.enumerated() {
            if i % 2 == 0 {
                bars.append(((x - imaging.inkSpread / 2) * p + phase, (x + r + imaging.inkSpread / 2) * p + phase))
            }
            x += r
        }
        let count = Int(((x + quietModules) * p).rounded(.up)) + 2
        var darkness = [Float](repeating: 0, count: count)
        let s = imaging.sigma * p
        let root2s: Float = s * Float(2).squareRoot()
        let sub = 4
        for (a, b) in bars {
            let lo = max(0, Int((a - 4 * s).rounded(.down)) - 1), hi = min(count - 1, Int((b + 4 * s).rounded(.up)) + 1)
            for k in lo...hi {
                var acc: Float = 0
                for j in 0..<sub {
                    let t = Float(k) + (Float(j) + 0.5) / Float(sub)
                    if s > 0.01 {
                        acc += 0.5 * (erf((t - a) / root2s) - erf((t - b) / root2s))
                    } else {
                        acc += t >= a && t < b ? 1 : 0
                    }
                }
                darkness[k] += acc / Float(sub)
            }
        }
        return darkness.map { 0.9 - 0.8 * min($0, 1) + imaging.noise * rng.gaussian() }
    }

    /// Runs found in the synthetic line by `TestEdgeDetector`.
    static func runs(_ modules: [Bool], _ imaging: Imaging, rng: inout SplitMix64) -> ScanRuns {
        TestEdgeDetector.runs(signal(modules, imaging, rng: &rng), smoothing: 0.25 * imaging.pixelsPerModule)
    }
}
