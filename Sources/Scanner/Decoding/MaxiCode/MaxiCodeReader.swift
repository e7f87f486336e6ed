/// Entry point: every MaxiCode symbol in an 8-bit luma image, dark on light and light on dark,
/// at any rotation, mirrored or not.
enum MaxiCodeReader {
    /// Orientations tried per bullseye, best agreement first; fewer than this many of the 18
    /// orientation modules right is no orientation.
    static let minimumAgreement = 12
    static let maximumAttempts = 4
    /// The fitted lattice's mean distance from the threshold, as a share of the rings'.
    static let minimumContrast = 0.3

    static func read(
        _ luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, binarization: Binarization? = nil
    ) -> [MaxiCodeRead] {
        guard let binarization = binarization ?? Binarization(luma, width: width, height: height, stride: stride) else { return [] }
        let grey = GreyLevels(luma: luma, width: width, height: height, stride: stride)
        var reads: [MaxiCodeRead] = []
        var centres: [MaxiCodeBullseye] = []
        for polarity in binarization.polarities {
            for bullseye in MaxiCodeBullseyeFinder.find(polarity, grey) {
                // Both polarities' scans can find one symbol.
                if centres.contains(where: { same($0, bullseye) }) { continue }
                guard let r = decode(polarity, grey, bullseye) else { continue }
                centres.append(bullseye)
                reads.append(r)
            }
        }
        return reads
    }

    private static func same(_ a: MaxiCodeBullseye, _ b: MaxiCodeBullseye) -> Bool {
        let dx = a.centre.x - b.centre.x, dy = a.centre.y - b.centre.y
        return dx * dx + dy * dy < a.radius * a.radius
    }

    static func decode(_ image: BinaryImage, _ grey: GreyLevels, _ b: MaxiCodeBullseye) -> MaxiCodeRead? {
        let sampler = MaxiCodeSampler(b, grey: grey)
        let fit = sampler.fitLattice()
        // Module centres barely darker or lighter than midway between the rings' greys: no
        // lattice there (a target, a wheel), and no need to try its turns.
        let perModule = sampler.contrast(fit, MaxiCodeSampler.disc, reach: 0.3) / Double(MaxiCodeSampler.disc.count)
        guard perModule >= minimumContrast * abs(b.lightGrey - b.darkGrey) / 2 else { return nil }
        let spread = b.radius / fit.ringRadius / 5
        for (pose, agreement) in sampler.orientations(fit, image, spread: spread).prefix(maximumAttempts)
        where agreement >= minimumAgreement {
            // Turned, the whole symbol's modules refine the fit; where that grid does not
            // decode, they refine it with a tilt too (a symbol seen at a slant).
            for tilt in [false, true] {
                let refined = sampler.refined(pose, MaxiCodeSampler.allModules, steps: 4, pitch: true, tilt: tilt)
                guard var read = MaxiCodeMatrixDecoder.decode(sampler.sample(refined, image, spread: spread), mirrored: refined.mirrored)
                else { continue }
                read.corners = sampler.corners(refined)
                return read
            }
        }
        return nil
    }
}
