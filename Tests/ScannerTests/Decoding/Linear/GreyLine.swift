import Foundation
import ScannerTestSupport
@testable import Scanner

/// How a grey scan line of a module row is imaged.
struct GreyLineOptions {
    var pxPerModule: Float = 2
    /// Gaussian blur, in modules.
    var sigma: Float = 0
    /// Additive Gaussian noise, grey levels (sigma).
    var noise: Float = 0
    var light: Float = 220
    var dark: Float = 30
    /// Sub-pixel shift, in pixels.
    var phase: Float = 0
    /// Light modules each side.
    var quiet: Int = 12
    var seed: UInt64 = 1
}

/// Grey scan lines (0-255 samples, as a camera gives them) of module rows,
/// read through the production edge finder (`EdgeProfile`) and line decoder.
enum GreyLine {
    /// Dark intervals [a, b) in modules, with `quiet` light modules before the first module.
    static func darkIntervals(_ modules: [Bool], quiet: Int) -> [(Float, Float)] {
        var out: [(Float, Float)] = []
        var i = 0
        while i < modules.count {
            if modules[i] {
                var j = i
                while j < modules.count && modules[j] { j += 1 }
                out.append((Float(i + quiet), Float(j + quiet)))
                i = j
            } else { i += 1 }
        }
        return out
    }

    /// Darkness (0...1) at x modules: the bars blurred by a Gaussian of `sigma` modules.
    static func darkness(_ bars: [(Float, Float)], at x: Float, sigma: Float) -> Float {
        if sigma < 1e-4 { return bars.contains { x >= $0.0 && x < $0.1 } ? 1 : 0 }
        let k = 1 / (sigma * Float(2).squareRoot())
        var d: Float = 0
        for (a, b) in bars where x > a - 6 * sigma && x < b + 6 * sigma {
            d += 0.5 * (erf((b - x) * k) - erf((a - x) * k))
        }
        return min(max(d, 0), 1)
    }

    /// Each sample integrates its pixel (8 sub-samples) of `bars` (in modules, from 0), then noise
    /// and 8-bit rounding.
    static func render(_ bars: [(Float, Float)], samples n: Int, _ o: GreyLineOptions) -> [Float] {
        var rng = SplitMix64(seed: o.seed)
        return (0..<n).map { i in
            var d: Float = 0
            for s in 0..<8 {
                d += darkness(bars, at: (Float(i) + (Float(s) + 0.5) / 8 - o.phase) / o.pxPerModule, sigma: o.sigma)
            }
            let v = o.light - (o.light - o.dark) * d / 8 + o.noise * rng.gaussian()
            return min(max(v.rounded(), 0), 255)
        }
    }

    static func signal(_ modules: [Bool], _ o: GreyLineOptions) -> [Float] {
        let total = Float(modules.count + 2 * o.quiet)
        return render(darkIntervals(modules, quiet: o.quiet), samples: Int(total * o.pxPerModule), o)
    }

    /// Every symbol the retail and two-of-five decoders read on a grey line, as (symbology, payload text).
    static func read(_ signal: [Float]) -> [(Symbology, String)] {
        signal.withUnsafeBufferPointer { p in
            LinearLineDecoder.decode(profile: p).map { ($0.read.symbology, String(decoding: $0.read.bytes, as: UTF8.self)) }
        }
    }
}
