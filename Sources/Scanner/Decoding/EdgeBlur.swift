/// How defocused a frame looks: the median blur (`EdgeProfile.blur`, a
/// Gaussian's sigma in pixels) of 16 rows and 16 columns evenly across it.
/// A pass made for defocused symbols (`Pass.Step.unsharpMasked`) runs only
/// where edges are this wide, not on every sharp texture.
enum EdgeBlur {
    /// Rows measured, and as many columns.
    static let lines = 16

    static func sigma(of frame: Frame) -> Float {
        let (width, height) = (frame.width, frame.height)
        guard width >= 5, height >= 5 else { return 0 }
        var sigmas: [Float] = [], profile: [Float] = []
        frame.withUnsafeBytes { raw in
            let pixels = raw.assumingMemoryBound(to: UInt8.self), stride = frame.stride
            func measure() {
                let sigma = profile.withUnsafeBufferPointer(EdgeProfile.blur)
                if sigma > 0 { sigmas.append(sigma) }
            }
            for k in 0..<lines {
                let y = (2 * k + 1) * height / (2 * lines), x = (2 * k + 1) * width / (2 * lines)
                profile.removeAll(keepingCapacity: true)
                for i in 0..<width { profile.append(Float(pixels[y * stride + i])) }
                measure()
                profile.removeAll(keepingCapacity: true)
                for i in 0..<height { profile.append(Float(pixels[i * stride + x])) }
                measure()
            }
        }
        guard !sigmas.isEmpty else { return 0 }
        sigmas.sort()
        return sigmas[sigmas.count / 2]
    }
}
