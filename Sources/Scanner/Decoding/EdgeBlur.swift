/// How defocused a frame looks: the median blur (`EdgeProfile.blur`, a
/// Gaussian's sigma in pixels) of 16 rows and 16 columns evenly across it.
/// A pass made for defocused symbols (`Pass.Step.unsharpMasked`) runs only
/// where edges are this wide, not on every sharp texture.
enum EdgeBlur {
    /// Rows measured, and as many columns.
    static let lines = 16

    static func sigma(of frame: Frame) -> Float {
        let (width, height) = (Float(frame.width), Float(frame.height))
        guard width >= 5, height >= 5 else { return 0 }
        var sigmas: [Float] = [], profile: [Float] = []
        frame.withUnsafeBytes { raw in
            guard let sampler = LineSampler(pixels: raw.assumingMemoryBound(to: UInt8.self), width: frame.width, height: frame.height,
                                            stride: frame.stride) else { return }
            // Through pixel centres, so that each sample is a pixel's own level.
            func measure(fromX x0: Float, y0: Float, toX x1: Float, y1: Float) {
                let line = sampler.sample(fromX: x0, y0: y0, toX: x1, y1: y1, into: &profile)
                let sigma = profile.withUnsafeBufferPointer { EdgeProfile.blur(UnsafeBufferPointer(rebasing: $0[0..<line.count])) }
                if sigma > 0 { sigmas.append(sigma) }
            }
            for k in 0..<lines {
                let y = Float((2 * k + 1) * frame.height / (2 * lines)), x = Float((2 * k + 1) * frame.width / (2 * lines))
                measure(fromX: 0, y0: y, toX: width - 1, y1: y)
                measure(fromX: x, y0: 0, toX: x, y1: height - 1)
            }
        }
        guard !sigmas.isEmpty else { return 0 }
        sigmas.sort()
        return sigmas[sigmas.count / 2]
    }
}
