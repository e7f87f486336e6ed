/// Geometry of an Aztec symbol (ISO/IEC 24778): sizes per layer count, the reference grid of
/// full-range symbols, and sampling the whole symbol from an image.
/// Module offsets are taken from the symbol's centre module; the symbol has `size` modules a side
/// and its centre module is (size / 2, size / 2).
enum AztecGrid {
    static let compactLayers = 1...4
    static let fullLayers = 1...32

    /// Radius of the mode-message ring: the core is (2r+1) modules a side (11 compact, 15 full).
    static func modeRingRadius(compact: Bool) -> Int { compact ? 5 : 7 }

    /// Side of the symbol without its reference grid lines.
    static func baseSize(layers: Int, compact: Bool) -> Int { (compact ? 11 : 14) + 4 * layers }

    /// Side of the symbol in modules. Full-range symbols get a reference grid line every 16
    /// modules from the centre (the centre lines included), which the base side does not count.
    static func size(layers: Int, compact: Bool) -> Int {
        let base = baseSize(layers: layers, compact: compact)
        return compact ? base : base + 1 + 2 * ((base / 2 - 1) / 15)
    }

    /// Matrix coordinate of each base coordinate (data layers skip the reference grid lines).
    static func coordinateMap(layers: Int, compact: Bool) -> [Int] {
        let base = baseSize(layers: layers, compact: compact)
        if compact { return Array(0..<base) }
        let half = base / 2, centre = size(layers: layers, compact: false) / 2
        var map = [Int](repeating: 0, count: base)
        for i in 0..<half {
            let offset = i + i / 15 + 1
            map[half - i - 1] = centre - offset
            map[half + i] = centre + offset
        }
        return map
    }

    /// True when a module offset from the centre lies on a full-range reference grid line.
    @inline(__always)
    static func isReferenceLine(_ offset: Int) -> Bool { offset % 16 == 0 }

    /// Samples the whole symbol. `toImage` maps centred module coordinates (the centre module's
    /// centre at (0, 0), one unit per module, canonical orientation) to image pixels.
    static func sample(_ image: BinaryImage, toImage: PerspectiveTransform, layers: Int, compact: Bool,
                       moduleSize: Double) -> BitMatrix? {
        let n = size(layers: layers, compact: compact)
        let c = Double(n / 2)
        // Matrix coordinates put the centre module's centre at c + 0.5.
        let r = Double(n) / 2 - 0.5
        let modules = [MatrixPoint(x: c + 0.5 - r, y: c + 0.5 - r), MatrixPoint(x: c + 0.5 + r, y: c + 0.5 - r),
                       MatrixPoint(x: c + 0.5 + r, y: c + 0.5 + r), MatrixPoint(x: c + 0.5 - r, y: c + 0.5 + r)]
        let pixels = [toImage.apply(-r, -r), toImage.apply(r, -r), toImage.apply(r, r), toImage.apply(-r, r)]
        guard let grid = SamplingGrid(corners: modules, image: pixels) else { return nil }
        return GridSampler.sample(image, grid: grid, width: n, height: n, moduleSize: moduleSize)
    }
}
