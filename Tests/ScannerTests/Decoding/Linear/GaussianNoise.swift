import Foundation
import ScannerTestSupport

extension SplitMix64 {
    /// A standard normal sample (Box-Muller), for reproducible sensor noise.
    mutating func gaussian() -> Float {
        let u1 = max(Float.random(in: 0..<1, using: &self), 1e-7), u2 = Float.random(in: 0..<1, using: &self)
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}

enum GaussianBlur {
    /// `x` convolved with a Gaussian of `sigma` samples (3 sigma each side,
    /// the ends repeated); unchanged below 0.2 samples.
    static func smoothed(_ x: [Float], sigma: Float) -> [Float] {
        guard sigma > 0.2 else { return x }
        let r = Int((3 * sigma).rounded(.up))
        var kernel = (-r...r).map { exp(-Float($0 * $0) / (2 * sigma * sigma)) }
        let sum = kernel.reduce(0, +)
        kernel = kernel.map { $0 / sum }
        return x.indices.map { i in
            var acc: Float = 0
            for (j, w) in kernel.enumerated() { acc += w * x[min(max(i + j - r, 0), x.count - 1)] }
            return acc
        }
    }
}
