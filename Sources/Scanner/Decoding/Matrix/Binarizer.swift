/// A binarized image: one byte per pixel, 1 = dark. Row-major, no padding. It keeps the grey
/// levels and the local thresholds too, so module centres can be read at sub-pixel positions
/// (interpolated grey against the local threshold), which matters below 2 pixels per module.
struct BinaryImage: Sendable {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]
    private let luma: [UInt8]
    /// Threshold per block of `blockSize` pixels, `blocksPerRow` blocks a row.
    private let thresholds: [UInt8]
    private let blockSize: Int
    private let blocksPerRow: Int
    /// Dark and light swapped (light-on-dark symbols).
    let isInverted: Bool

    init(width: Int, height: Int, pixels: [UInt8], luma: [UInt8], thresholds: [UInt8], blockSize: Int,
         blocksPerRow: Int, isInverted: Bool = false) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.luma = luma
        self.thresholds = thresholds
        self.blockSize = blockSize
        self.blocksPerRow = blocksPerRow
        self.isInverted = isInverted
    }

    /// Out-of-range reads are light (the image's surroundings act as quiet zone).
    @inline(__always)
    func isDark(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && pixels[y * width + x] != 0
    }

    /// Dark at a sub-pixel point (pixel i covers [i, i+1)): the mean grey of a 3x3 cluster of
    /// bilinear samples `spread` pixels apart (a quarter module smooths noise without reaching the
    /// neighbours) against the threshold of the block holding the point. Outside: light.
    func isDark(at p: MatrixPoint, spread: Double = 0) -> Bool {
        guard p.x >= 0, p.y >= 0, p.x < Double(width), p.y < Double(height) else { return false }
        let t = Double(thresholds[(Int(p.y) / blockSize) * blocksPerRow + Int(p.x) / blockSize])
        guard spread > 0 else { return (grey(p.x, p.y) < t) != isInverted }
        // Grid sampling calls this for every module of every candidate: the cluster's three
        // columns and three rows are clamped once each, and the plane read over its buffer.
        let xs = (GreyLevels.Tap(p.x - spread, size: width), GreyLevels.Tap(p.x, size: width), GreyLevels.Tap(p.x + spread, size: width))
        let ys = (GreyLevels.Tap(p.y - spread, size: height), GreyLevels.Tap(p.y, size: height), GreyLevels.Tap(p.y + spread, size: height))
        let sum = luma.withUnsafeBufferPointer { luma in
            var sum = 0.0
            @inline(__always) func addRow(_ y: GreyLevels.Tap) {
                sum += GreyLevels.bilinear(luma, stride: width, xs.0, y)
                sum += GreyLevels.bilinear(luma, stride: width, xs.1, y)
                sum += GreyLevels.bilinear(luma, stride: width, xs.2, y)
            }
            addRow(ys.0)
            addRow(ys.1)
            addRow(ys.2)
            return sum
        }
        return (sum / 9 < t) != isInverted
    }

    /// How much darker than its block's threshold the bilinear grey at a sub-pixel point is
    /// (negative: lighter; light and dark swapped in an inverted image). Outside: light.
    func darkness(at p: MatrixPoint) -> Double {
        guard p.x >= 0, p.y >= 0, p.x < Double(width), p.y < Double(height) else { return -1 }
        let d = Double(thresholds[(Int(p.y) / blockSize) * blocksPerRow + Int(p.x) / blockSize]) - grey(p.x, p.y)
        return isInverted ? -d : d
    }

    @inline(__always)
    private func grey(_ x: Double, _ y: Double) -> Double {
        luma.withUnsafeBufferPointer { GreyLevels.bilinear($0, width: width, height: height, stride: width, x, y) }
    }

    /// The same image with dark and light swapped, to find light-on-dark symbols.
    func inverted() -> BinaryImage {
        // Over buffers, so that the loop is vectorized: every pass over a view inverts it once.
        let flipped = [UInt8](unsafeUninitializedCapacity: pixels.count) { out, count in
            pixels.withUnsafeBufferPointer { source in
                for i in 0..<source.count { out[i] = source[i] ^ 1 }
            }
            count = pixels.count
        }
        return BinaryImage(width: width, height: height, pixels: flipped, luma: luma, thresholds: thresholds,
                           blockSize: blockSize, blocksPerRow: blocksPerRow, isInverted: !isInverted)
    }
}

/// A view binarized in both polarities, dark on light first: every matrix reader searches
/// both (light-on-dark symbols in the inverted one), so a pass makes them once for all
/// (`Frame.binarization`).
struct Binarization: Sendable {
    let polarities: [BinaryImage]

    init?(_ luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) {
        guard let image = Binarizer.binarize(luma, width: width, height: height, stride: stride) else { return nil }
        polarities = [image, image.inverted()]
    }
}

/// Local-threshold binarizer for uneven light. The image is cut into square blocks; a block with
/// enough contrast gets the threshold (min+max)/2, a flat block borrows the threshold of the
/// nearest block that has contrast (so a flat light margin stays light and a flat dark margin stays
/// dark, which keeps quiet zones right for normal and inverted symbols). The per-pixel threshold is
/// the mean over the 3x3 neighbouring blocks. Cost: a few passes over the pixels.
enum Binarizer {
    static let blockSize = 8
    /// Below this luma spread a block is considered flat (no edge to threshold on), in a plane
    /// of full contrast (`LumaContrast.fullEdgeLevels` or more). In a dimmer one, the same share
    /// of its contrast, so that a symbol printed faint is not all flat, but no less than six
    /// times its noise (a block's 64 pixels of noise span about 5σ), so that flat paper stays flat.
    static let contrastFloor = 24

    static func flatSpread(for contrast: LumaContrast) -> Int {
        let faint = contrastFloor * min(contrast.levels, LumaContrast.fullEdgeLevels) / LumaContrast.fullEdgeLevels
        return min(contrastFloor, max(2, faint, Int((6 * contrast.noise).rounded(.up))))
    }

    static func binarize(_ luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) -> BinaryImage? {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15, stride >= width,
              luma.count >= stride * (height - 1) + width else { return nil }
        let bs = blockSize
        let bw = (width + bs - 1) / bs
        let bh = (height + bs - 1) / bs
        // Per-block threshold, or -1 when flat.
        var thresholds = [Int](repeating: -1, count: bw * bh)
        var globalSum = 0
        let floor = flatSpread(for: LumaContrast(luma, width: width, height: height, stride: stride))
        for by in 0..<bh {
            let y0 = by * bs, y1 = min(y0 + bs, height)
            for bx in 0..<bw {
                let x0 = bx * bs, x1 = min(x0 + bs, width)
                // In bytes and without overflow checks (a block's sum stays under
                // 2^14), so that each row of the block is vectorized.
                var lo: UInt8 = 255, hi: UInt8 = 0, sum = 0
                for y in y0..<y1 {
                    let row = y * stride
                    var rowSum: UInt32 = 0
                    for x in x0..<x1 {
                        let v = luma[row + x]
                        rowSum &+= UInt32(v)
                        lo = min(lo, v)
                        hi = max(hi, v)
                    }
                    sum &+= Int(rowSum)
                }
                globalSum += sum
                if Int(hi) - Int(lo) >= floor { thresholds[by * bw + bx] = (Int(lo) + Int(hi) + 1) / 2 }
            }
        }
        fillFlatBlocks(&thresholds, bw: bw, bh: bh, fallback: globalSum / (width * height) )

        // Smooth: each block's final threshold is the mean of its 3x3 neighbourhood.
        var smooth = [UInt8](repeating: 0, count: bw * bh)
        for by in 0..<bh {
            for bx in 0..<bw {
                var s = 0, n = 0
                for dy in -1...1 {
                    let y = by + dy
                    guard y >= 0, y < bh else { continue }
                    for dx in -1...1 {
                        let x = bx + dx
                        guard x >= 0, x < bw else { continue }
                        s += thresholds[y * bw + x]
                        n += 1
                    }
                }
                smooth[by * bw + bx] = UInt8(clamping: s / n)
            }
        }

        var out = [UInt8](repeating: 0, count: width * height)
        var grey = [UInt8](repeating: 0, count: width * height)
        out.withUnsafeMutableBufferPointer { dst in
            grey.withUnsafeMutableBufferPointer { g in
                // A block's stretch of a row against its one threshold: a loop
                // the compiler vectorizes.
                for y in 0..<height {
                    let row = y * stride, orow = y * width, brow = (y / bs) * bw
                    for bx in 0..<bw {
                        let threshold = smooth[brow + bx], x0 = bx * bs, x1 = min(x0 + bs, width)
                        for x in x0..<x1 {
                            let v = luma[row + x]
                            g[orow + x] = v
                            dst[orow + x] = v < threshold ? 1 : 0
                        }
                    }
                }
            }
        }
        return BinaryImage(width: width, height: height, pixels: out, luma: grey, thresholds: smooth,
                           blockSize: bs, blocksPerRow: bw)
    }

    /// Flat blocks (-1) take the threshold of a near block with contrast: two sweeps of a
    /// city-block distance transform carrying the source threshold along.
    private static func fillFlatBlocks(_ t: inout [Int], bw: Int, bh: Int, fallback: Int) {
        let far = Int.max / 2
        var dist = t.map { $0 >= 0 ? 0 : far }
        for y in 0..<bh {
            for x in 0..<bw {
                let i = y * bw + x
                if x > 0, dist[i - 1] + 1 < dist[i] { dist[i] = dist[i - 1] + 1; t[i] = t[i - 1] }
                if y > 0, dist[i - bw] + 1 < dist[i] { dist[i] = dist[i - bw] + 1; t[i] = t[i - bw] }
            }
        }
        for y in stride(from: bh - 1, through: 0, by: -1) {
            for x in stride(from: bw - 1, through: 0, by: -1) {
                let i = y * bw + x
                if x < bw - 1, dist[i + 1] + 1 < dist[i] { dist[i] = dist[i + 1] + 1; t[i] = t[i + 1] }
                if y < bh - 1, dist[i + bw] + 1 < dist[i] { dist[i] = dist[i + bw] + 1; t[i] = t[i + bw] }
            }
        }
        for i in t.indices where t[i] < 0 { t[i] = fallback }
    }
}
