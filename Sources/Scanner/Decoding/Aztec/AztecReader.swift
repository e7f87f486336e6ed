/// Entry point: every Aztec symbol (compact, full range, runes) in an 8-bit luma image, dark on
/// light and light on dark.
enum AztecReader {
    static func read(
        _ luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, binarization: Binarization? = nil
    ) -> [AztecRead] {
        let reads = readOnce(luma, width: width, height: height, stride: stride, binarization: binarization)
        guard reads.isEmpty, width <= smallSide, height <= smallSide, width > 0, height > 0,
              luma.count >= stride * (height - 1) + width else { return reads }
        // A small image may hold a symbol at about one pixel per module, too fine for the ring
        // scan: read it again enlarged (nearest neighbour keeps the modules square).
        let f = upscale, w = width * f, h = height * f
        var big = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { big[y * w + x] = luma[(y / f) * stride + x / f] } }
        return big.withUnsafeBufferPointer { readOnce($0, width: w, height: h, stride: w) }.map { r in
            var r = r
            r.corners = r.corners.map { MatrixPoint(x: $0.x / Double(f), y: $0.y / Double(f)) }
            return r
        }
    }

    static let smallSide = 128
    static let upscale = 3

    private static func readOnce(
        _ luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, binarization: Binarization? = nil
    ) -> [AztecRead] {
        guard let binarization = binarization ?? Binarization(luma, width: width, height: height, stride: stride) else { return [] }
        var reads: [AztecRead] = []
        let grey = GreyLevels(luma: luma, width: width, height: height, stride: stride)
        for polarity in binarization.polarities {
            for bullseye in AztecBullseyeFinder.find(polarity, grey) {
                guard let r = decode(polarity, bullseye) else { continue }
                // One symbol may be found from both polarities' scans or twice in one.
                let centre = bullseye.centre
                if reads.contains(where: { same($0, r, centre) }) { continue }
                reads.append(r)
            }
        }
        return reads
    }

    private static func same(_ a: AztecRead, _ b: AztecRead, _ centre: MatrixPoint) -> Bool {
        guard a.bytes == b.bytes, a.corners.count == 4 else { return false }
        let cx = a.corners.reduce(0) { $0 + $1.x } / 4, cy = a.corners.reduce(0) { $0 + $1.y } / 4
        let size = AztecBullseyeFinder.dist(a.corners[0], a.corners[2])
        return abs(cx - centre.x) < size / 2 && abs(cy - centre.y) < size / 2
    }

    /// Core first (compact or full, orientation, mode message), then the whole symbol.
    static func decode(_ image: BinaryImage, _ b: AztecBullseye) -> AztecRead? {
        let spread = b.moduleSize / 4
        let seen: (Int, Int) -> Bool = { x, y in image.isDark(at: b.toImage.apply(Double(x), Double(y)), spread: spread) }
        for compact in typeOrder(seen) {
            let r = AztecGrid.modeRingRadius(compact: compact)
            // Read the core once; orientation candidates reuse it.
            var core = [Bool](repeating: false, count: (2 * r + 1) * (2 * r + 1))
            for y in -r...r { for x in -r...r { core[(y + r) * (2 * r + 1) + x + r] = seen(x, y) } }
            let dark: (Int, Int) -> Bool = { x, y in core[(y + r) * (2 * r + 1) + x + r] }
            for o in AztecOrientation.candidates(radius: r, maxMismatches: 3, dark: dark) {
                let canonical: (Int, Int) -> Bool = { u, v in let (x, y) = o.map(u, v); return dark(x, y) }
                guard let mode = AztecModeMessage.decode(compact: compact, allowRune: compact, dark: canonical) else { continue }
                if mode.runeValue != nil {
                    // A rune stands alone: its core is surrounded by light modules, not layers.
                    var light = 0
                    for k in -6...6 { for (x, y) in [(k, -6), (k, 6), (-6, k), (6, k)] where !seen(x, y) { light += 1 } }
                    guard light * 10 >= 52 * 8 else { continue }
                    let t = b.toImage.composed(after: linear(o))
                    return AztecMatrixDecoder.rune(mode, mirrored: o.mirrored, corners: corners(t, size: 11))
                }
                // The fitted homography, then its affine part: the perspective terms of a fit over
                // a few modules are noisy, and far modules amplify them.
                let fit = (compact ? nil : b.toImageFull) ?? b.toImage
                for candidate in [fit, affine(fit)] {
                    let toImage = candidate.composed(after: linear(o))
                    guard let m = AztecGrid.sample(image, toImage: toImage, layers: mode.layers, compact: compact,
                                                   moduleSize: b.moduleSize),
                          var found = AztecMatrixDecoder.decode(m, mode: mode, mirrored: o.mirrored) else { continue }
                    found.corners = corners(toImage, size: m.width)
                    return found
                }
            }
        }
        return nil
    }

    /// Outer corners of a symbol of `size` modules, clockwise from the canonical top-left.
    private static func corners(_ t: PerspectiveTransform, size: Int) -> [MatrixPoint] {
        let n = Double(size) / 2
        return [t.apply(-n, -n), t.apply(n, -n), t.apply(n, n), t.apply(-n, n)]
    }

    /// The affine map agreeing with `t` at the centre and one module along each axis.
    private static func affine(_ t: PerspectiveTransform) -> PerspectiveTransform {
        let o = t.apply(0, 0), x = t.apply(1, 0), y = t.apply(0, 1)
        return PerspectiveTransform(a11: x.x - o.x, a12: y.x - o.x, a13: o.x, a21: x.y - o.y, a22: y.y - o.y, a23: o.y,
                                    a31: 0, a32: 0, a33: 1)
    }

    /// Full range first when the rings at radius 5 (light) and 6 (dark) are there.
    private static func typeOrder(_ seen: (Int, Int) -> Bool) -> [Bool] {
        var agree = 0, total = 0
        for k in -6...6 {
            for (x, y, dark) in [(k, -6, true), (k, 6, true), (-6, k, true), (6, k, true)] {
                total += 1
                if seen(x, y) == dark { agree += 1 }
            }
            if abs(k) <= 5 {
                for (x, y) in [(k, -5), (k, 5), (-5, k), (5, k)] {
                    total += 1
                    if !seen(x, y) { agree += 1 }
                }
            }
        }
        // A full-range core is unmistakable; reading it as compact would only invite false runes.
        return agree * 10 >= total * 8 ? [false] : [true, false]
    }

    /// The orientation's linear map as a homography (canonical offsets → observed offsets).
    private static func linear(_ o: AztecOrientation) -> PerspectiveTransform {
        let ex = o.map(MatrixPoint(x: 1, y: 0)), ey = o.map(MatrixPoint(x: 0, y: 1))
        return PerspectiveTransform(a11: ex.x, a12: ey.x, a13: 0, a21: ex.y, a22: ey.y, a23: 0, a31: 0, a32: 0, a33: 1)
    }
}
