/// How far apart a luma plane's dark and light lie, and how noisy it is, so
/// that what counts as an edge scales with them: a dim, flat photo of a code
/// has edges as a code in full contrast does, only weaker, while a dark
/// frame's sensor noise spans all of its little contrast.
struct LumaContrast: Sendable, Hashable {
    /// Light minus dark: the 2nd to the 98th percentile of luma.
    let levels: Int
    /// The sensor noise's standard deviation, in levels: from the median
    /// step between neighbouring pixels, which most pixels (inside a
    /// code's modules as on paper) take on flat ground.
    let noise: Double

    /// The most gradient energy an area needs (`minimumEdgeEnergy`): a
    /// code's edges of 40 levels or more over a few pixels pass it; ±6
    /// levels of sensor noise (about 50) and smooth shading do not.
    static let fullEdgeEnergy = 150.0
    /// The contrast from which an area needs `fullEdgeEnergy`.
    static let fullEdgeLevels = 40
    /// Noise of deviation σ has a gradient energy of 4σ²; an area needs
    /// this many times it.
    static let noiseEnergies = 3.0

    init(levels: Int, noise: Double = 0) {
        self.levels = levels
        self.noise = noise
    }

    /// From every 4th pixel of every 4th row, and its step to the next
    /// pixel along the row.
    init(_ luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) {
        (levels, noise) = withUnsafeTemporaryAllocation(of: Int.self, capacity: 512) { counts in
            counts.initialize(repeating: 0)
            let (greys, steps) = (counts.baseAddress!, counts.baseAddress! + 256)
            var samples = 0
            for y in Swift.stride(from: 0, to: height, by: 4) {
                let line = luma.baseAddress! + y * stride
                for x in Swift.stride(from: 0, to: width - 1, by: 4) {
                    greys[Int(line[x])] &+= 1
                    steps[abs(Int(line[x + 1]) &- Int(line[x]))] &+= 1
                    samples &+= 1
                }
            }
            guard samples > 0 else { return (0, 0) }
            func percentile(_ counts: UnsafeMutablePointer<Int>, _ share: Int) -> Int {
                var seen = 0
                for level in 0..<256 {
                    seen += counts[level]
                    if seen * 100 >= samples * share { return level }
                }
                return 255
            }
            // The step between two pixels of independent noise σ is normal
            // with deviation σ√2, whose median magnitude is 0.954σ.
            return (percentile(greys, 98) - percentile(greys, 2), Double(percentile(steps, 50)) / 0.954)
        }
    }

    init(_ frame: Frame) {
        self = frame.withUnsafeBytes { raw in
            LumaContrast(raw.assumingMemoryBound(to: UInt8.self), width: frame.width, height: frame.height, stride: frame.stride)
        }
    }

    /// The mean squared gradient (per pixel, the sum of both axes' central
    /// differences squared) from which an area of the plane has edges, not
    /// flat paper. Below `fullEdgeLevels` of contrast a code's edges are
    /// that much weaker (their energy goes with the contrast squared), so
    /// the floor falls with them, but not to where the noise alone passes.
    var minimumEdgeEnergy: Double {
        let full = Double(Self.fullEdgeLevels * Self.fullEdgeLevels)
        let faint = Self.fullEdgeEnergy * Double(levels * levels) / full
        return min(Self.fullEdgeEnergy, max(faint, Self.noiseEnergies * 4 * noise * noise))
    }
}
