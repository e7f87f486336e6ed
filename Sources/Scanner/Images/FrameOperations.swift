import Glibc

/// Pixel operations the decoder's second chances need. Each returns a new
/// frame with owned, packed storage; the source is never modified.
extension Frame {
    /// The size `downscaledByTwo()` gives a frame of `width` x `height`, or
    /// nil when it leaves the frame as it is (a side under 2 pixels).
    package static func sizeDownscaledByTwo(width: Int, height: Int) -> (width: Int, height: Int)? {
        let (w, h) = (width / 2, height / 2)
        return w > 0 && h > 0 ? (w, h) : nil
    }

    /// Half the size in each direction, each pixel the mean of a 2×2 block.
    /// Averaging also removes most sensor noise, which is what slows zbar.
    public func downscaledByTwo() -> Frame {
        guard let (w, h) = Self.sizeDownscaledByTwo(width: width, height: height) else { return self }
        return mapped(width: w, height: h) { src, stride, dst in
            for y in 0..<h {
                let top = src + 2 * y * stride, bottom = top + stride, out = dst + y * w
                for x in 0..<w {
                    let sum = Int(top[2 * x]) + Int(top[2 * x + 1]) + Int(bottom[2 * x]) + Int(bottom[2 * x + 1])
                    out[x] = UInt8(truncatingIfNeeded: (sum + 2) >> 2)
                }
            }
        }
    }

    /// Twice the size in each direction, bilinear, for symbols whose modules
    /// are only a pixel or two wide.
    public func upscaledByTwo() -> Frame {
        let w = width * 2, h = height * 2
        // Output pixel centres fall at quarter positions between inputs: an
        // edge pixel is its source's, the others blend two neighbours 3:1
        // and 1:3. Each source row is blended across once, into `above` or
        // `below` (output rows come in pairs between the same two source
        // rows, and the next pair's upper row is this pair's lower one), in
        // 32 bits so that the loops are vectorized.
        let above = UnsafeMutableBufferPointer<Int32>.allocate(capacity: w)
        let below = UnsafeMutableBufferPointer<Int32>.allocate(capacity: w)
        defer { above.deallocate(); below.deallocate() }
        return mapped(width: w, height: h) { src, stride, dst in
            let width = self.width
            func across(_ row: Int, into line: UnsafeMutableBufferPointer<Int32>) {
                let r = src + row * stride
                line[0] = Int32(r[0]) &* 256
                for k in 0..<(width - 1) {
                    let (a, b) = (Int32(r[k]), Int32(r[k + 1]))
                    line[2 * k + 1] = a &* 192 &+ b &* 64
                    line[2 * k + 2] = a &* 64 &+ b &* 192
                }
                line[w - 1] = Int32(r[width - 1]) &* 256
            }
            var (top, bottom) = (above, below)
            var (topRow, bottomRow) = (-1, -1)
            for y in 0..<h {
                let (y0, y1, wy) = Self.upscaleNeighbours(y, height)
                if y0 != topRow {
                    if y0 == bottomRow { swap(&top, &bottom); bottomRow = -1 } else { across(y0, into: top) }
                    topRow = y0
                }
                if y1 != bottomRow { across(y1, into: bottom); bottomRow = y1 }
                let out = dst + y * w, (upper, lower) = (256 &- wy, wy)
                for x in 0..<w {
                    out[x] = UInt8(truncatingIfNeeded: (top[x] &* upper &+ bottom[x] &* lower &+ 32768) >> 16)
                }
            }
        }
    }

    /// The two source rows (or columns) output row `i` of an upscale by two
    /// lies between, and the second's weight out of 256.
    private static func upscaleNeighbours(_ i: Int, _ size: Int) -> (Int, Int, Int32) {
        let f = max(0, Double(i) / 2 - 0.25), i0 = min(Int(f), size - 1)
        return (i0, min(i0 + 1, size - 1), Int32((f - Double(i0)) * 256))
    }

    /// Light and dark swapped, for white-on-black codes.
    public func inverted() -> Frame {
        mapped(width: width, height: height) { src, stride, dst in
            for y in 0..<height {
                let row = src + y * stride, out = dst + y * width
                for x in 0..<width { out[x] = 255 &- row[x] }
            }
        }
    }

    /// Levels stretched so the 1st and 99th percentiles become black and
    /// white, for faded prints and glare.
    public func contrastStretched() -> Frame {
        var histogram = [Int](repeating: 0, count: 256)
        withUnsafeBytes { bytes in
            for y in 0..<height {
                for x in 0..<width { histogram[Int(bytes[y * stride + x])] += 1 }
            }
        }
        let total = width * height
        // The 1st and 99th percentile levels.
        var low: Int?, high = 255, seen = 0
        for (level, count) in histogram.enumerated() {
            seen += count
            if low == nil, seen > total / 100 { low = level }
            if seen >= total - total / 100 {
                high = level
                break
            }
        }
        guard let low, high > low + 1 else { return self }
        var lut = [UInt8](repeating: 0, count: 256)
        for level in 0..<256 {
            lut[level] = UInt8(clamping: (level - low) * 255 / (high - low))
        }
        return mapped(width: width, height: height) { src, stride, dst in
            for y in 0..<height {
                let row = src + y * stride, out = dst + y * width
                for x in 0..<width { out[x] = lut[Int(row[x])] }
            }
        }
    }

    /// Surrounded by `border` white pixels on every side, for symbols printed
    /// or cropped without the quiet zone zxing needs to find them.
    public func withWhiteBorder(_ border: Int) -> Frame {
        let w = width + 2 * border, h = height + 2 * border
        return mapped(width: w, height: h) { src, stride, dst in
            dst.update(repeating: 255, count: w * h)
            for y in 0..<height {
                (dst + (y + border) * w + border).update(from: src + y * stride, count: width)
            }
        }
    }

    /// This frame, in the same place in its image, with the inside of each
    /// outline (corners in the image's pixels, in order round it) painted
    /// white: what readers that come after see once those symbols are read.
    public func whitened(_ outlines: [[Point]]) -> Frame {
        let storage = PixelStorage(count: width * height) { out in
            let dst = out.bindMemory(to: UInt8.self).baseAddress!
            withUnsafeBytes { src in
                let source = src.bindMemory(to: UInt8.self).baseAddress!
                for y in 0..<height { (dst + y * width).update(from: source + y * stride, count: width) }
            }
            var crossings: [Double] = []
            for outline in outlines where outline.count >= 3 {
                let corners = outline.map(framePoint)
                let top = max(0, Int(corners.map(\.y).min()!.rounded(.down)))
                let bottom = min(height - 1, Int(corners.map(\.y).max()!.rounded(.up)))
                guard top <= bottom else { continue }
                for y in top...bottom {
                    // Where the row's centre line crosses the outline's edges.
                    let row = Double(y) + 0.5
                    crossings.removeAll(keepingCapacity: true)
                    for (a, b) in zip(corners, corners.dropFirst() + [corners[0]]) where (a.y <= row) != (b.y <= row) {
                        crossings.append(a.x + (row - a.y) / (b.y - a.y) * (b.x - a.x))
                    }
                    crossings.sort()
                    for pair in Swift.stride(from: 0, to: crossings.count - 1, by: 2) {
                        let left = max(0, Int(crossings[pair].rounded(.down)))
                        let right = min(width - 1, Int(crossings[pair + 1].rounded(.up)))
                        if left <= right { (dst + y * width + left).update(repeating: 255, count: right - left + 1) }
                    }
                }
            }
        }
        return Frame(repainting: self, storage: storage)
    }

    /// Turned by a multiple of 90° clockwise.
    public func rotated(quarterTurns: Int) -> Frame {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else { return self }
        let (w, h) = turns == 2 ? (width, height) : (height, width)
        return mapped(width: w, height: h) { src, stride, dst in
            for y in 0..<h {
                let out = dst + y * w
                for x in 0..<w {
                    let (sx, sy): (Int, Int)
                    switch turns {
                    case 1: (sx, sy) = (y, height - 1 - x)
                    case 2: (sx, sy) = (width - 1 - x, height - 1 - y)
                    default: (sx, sy) = (width - 1 - y, x)
                    }
                    out[x] = src[sy * stride + sx]
                }
            }
        }
    }

    /// Black or white by comparison with the mean of the surrounding
    /// `radius` box less `offset` levels: flattens shadows, glare and
    /// gradients that defeat one global threshold.
    public func locallyThresholded(radius: Int, offset: Int) -> Frame {
        // Summed-area table, one row and column larger, for O(1) box means.
        let w1 = width + 1
        let sums = UnsafeMutableBufferPointer<Int>.allocate(capacity: w1 * (height + 1))
        defer { sums.deallocate() }
        sums.initialize(repeating: 0)
        withUnsafeBytes { bytes in
            for y in 0..<height {
                var row = 0
                for x in 0..<width {
                    row &+= Int(bytes[y * stride + x])
                    sums[(y + 1) * w1 + x + 1] = sums[y * w1 + x + 1] &+ row
                }
            }
        }
        return mapped(width: width, height: height) { src, stride, dst in
            for y in 0..<height {
                let y0 = max(0, y - radius), y1 = min(height, y + radius + 1)
                for x in 0..<width {
                    let x0 = max(0, x - radius), x1 = min(width, x + radius + 1)
                    let sum = sums[y1 * w1 + x1] &- sums[y0 * w1 + x1] &- sums[y1 * w1 + x0] &+ sums[y0 * w1 + x0]
                    // Below the box's mean (rounded down) less `offset`,
                    // without dividing: v < ⌊sum / area⌋ − offset exactly
                    // when (v + offset + 1) · area ≤ sum.
                    let area = (y1 - y0) * (x1 - x0)
                    dst[y * width + x] = (Int(src[y * stride + x]) &+ offset &+ 1) &* area <= sum ? 0 : 255
                }
            }
        }
    }

    /// Edges steepened by an unsharp mask (the pixel minus its 3×3
    /// neighbourhood's mean, added back), for slightly defocused photos.
    public func sharpened() -> Frame {
        mapped(width: width, height: height) { src, stride, dst in
            for y in 0..<height {
                // The rows above and below, the edge rows standing in for
                // those outside; columns likewise, clamped only at the ends.
                let rows = (src + max(y - 1, 0) * stride, src + y * stride, src + min(y + 1, height - 1) * stride)
                @inline(__always) func column(_ x: Int) -> Int {
                    Int(rows.0[x]) &+ Int(rows.1[x]) &+ Int(rows.2[x])
                }
                @inline(__always) func sharpen(_ x: Int, _ sum: Int) {
                    let centre = Int(rows.1[x])
                    dst[y * width + x] = UInt8(clamping: centre + (9 * centre - sum) / 9)
                }
                let last = width - 1
                sharpen(0, column(0) &+ column(0) &+ column(min(1, last)))
                if width > 1 {
                    for x in 1..<last { sharpen(x, column(x - 1) &+ column(x) &+ column(x + 1)) }
                    sharpen(last, column(last - 1) &+ column(last) &+ column(last))
                }
            }
        }
    }

    /// Edges steepened by a wide unsharp mask: the pixel plus `amount` times
    /// its difference from a Gaussian blur of `sigma` pixels. For defocused
    /// symbols whose one-module bars and spaces blur has merged with their
    /// neighbours, which the 3×3 mask of `sharpened()` is too narrow to
    /// bring back.
    public func unsharpMasked(sigma: Double, amount: Double) -> Frame {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        // Integer weights summing to exactly 2^10 (the centre takes the
        // rounding), so that the blur over both directions is the sum
        // shifted by 20, in 32 bits: at most 2^10 · 2^10 · 255.
        let raw = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = raw.reduce(0, +)
        var weights = raw.map { Int32(($0 / total * 1024).rounded()) }
        weights[radius] += 1024 - weights.reduce(0, +)
        let gain = Int32((amount * 256).rounded())
        let (width, height) = (self.width, self.height)
        let across = UnsafeMutableBufferPointer<Int32>.allocate(capacity: width * height)
        let column = UnsafeMutableBufferPointer<Int32>.allocate(capacity: width)
        defer { across.deallocate(); column.deallocate() }
        return weights.withUnsafeBufferPointer { k in
            mapped(width: width, height: height) { src, stride, dst in
                // Along each row, the edge pixels standing in for those outside.
                for y in 0..<height {
                    let row = src + y * stride, out = across.baseAddress! + y * width
                    for x in 0..<width {
                        var sum: Int32 = 0
                        for t in -radius...radius { sum &+= k[t + radius] &* Int32(row[min(max(x + t, 0), width - 1)]) }
                        out[x] = sum
                    }
                }
                for y in 0..<height {
                    for x in 0..<width { column[x] = 0 }
                    for t in -radius...radius {
                        let weight = k[t + radius], line = across.baseAddress! + min(max(y + t, 0), height - 1) * width
                        for x in 0..<width { column[x] &+= weight &* line[x] }
                    }
                    let row = src + y * stride, out = dst + y * width
                    for x in 0..<width {
                        let centre = Int32(row[x]), blurred = (column[x] &+ (1 << 19)) >> 20
                        out[x] = UInt8(clamping: centre &+ (gain &* (centre &- blurred)) >> 8)
                    }
                }
            }
        }
    }

    /// Turned clockwise by `degrees` about its centre, on a canvas grown to
    /// hold all of it, sampled bilinearly; the new area is `fill`. For
    /// symbols tilted between the quarter turns, which some readers' scan
    /// lines or finder searches miss.
    public func rotated(degrees: Double, fill: UInt8 = 255) -> Frame {
        let (w, h) = rotatedSize(degrees: degrees)
        let (cos, sin) = Self.cosSin(degrees)
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)
        let (ox, oy) = (Double(w) / 2, Double(h) / 2)
        // Inverse rotation of each output pixel into the source.
        return resampled(width: w, height: h, fill: fill) { p in
            let dx = p.x - ox, dy = p.y - oy
            return Point(x: cos * dx + sin * dy + cx, y: -sin * dx + cos * dy + cy)
        }
    }

    /// Where `point` of this frame lands in `rotated(degrees:)`'s output.
    public func pointAfterRotation(_ point: Point, degrees: Double) -> Point {
        let (w, h) = rotatedSize(degrees: degrees)
        let (cos, sin) = Self.cosSin(degrees)
        let dx = point.x - Double(width) / 2, dy = point.y - Double(height) / 2
        return Point(x: cos * dx - sin * dy + Double(w) / 2, y: sin * dx + cos * dy + Double(h) / 2)
    }

    /// Where a point of `rotated(degrees:)`'s output was in this frame.
    public func pointBeforeRotation(_ point: Point, degrees: Double) -> Point {
        let (w, h) = rotatedSize(degrees: degrees)
        let (cos, sin) = Self.cosSin(degrees)
        let dx = point.x - Double(w) / 2, dy = point.y - Double(h) / 2
        return Point(x: cos * dx + sin * dy + Double(width) / 2, y: -sin * dx + cos * dy + Double(height) / 2)
    }

    /// Resized by `factor` in each direction, bilinear: up for symbols whose
    /// modules are a pixel or two wide, by other factors than two where the
    /// module grid beats against the pixel grid.
    public func scaled(by factor: Double) -> Frame {
        let w = max(1, Int((Double(width) * factor).rounded()))
        let h = max(1, Int((Double(height) * factor).rounded()))
        let fx = Double(width) / Double(w), fy = Double(height) / Double(h)
        // A source column depends on the output column alone, and a source
        // row on the output row: each is worked out once, not per pixel.
        let columns = (0..<w).map { Bilinear.Neighbours(at: (Double($0) + 0.5) * fx - 0.5, size: width) }
        let rows = (0..<h).map { Bilinear.Neighbours(at: (Double($0) + 0.5) * fy - 0.5, size: height) }
        return mapped(width: w, height: h) { src, stride, dst in
            for y in 0..<h {
                let row = rows[y], out = dst + y * w
                let r0 = src + row.low * stride, r1 = src + row.high * stride
                for x in 0..<w {
                    out[x] = Bilinear.level(Bilinear.blend(r0, r1, columns[x], row))
                }
            }
        }
    }

    /// A `w`×`h` frame whose pixel centred at p takes this frame's luma at
    /// `sourcePoint(p)`, bilinear (both in pixel-centre coordinates). Outside
    /// this frame it is `fill`, or the nearest edge pixel when `fill` is nil.
    @inline(__always)
    func resampled(width w: Int, height h: Int, fill: UInt8?, _ sourcePoint: (Point) -> Point) -> Frame {
        let (sourceWidth, sourceHeight) = (width, height)
        return mapped(width: w, height: h) { src, stride, dst in
            let source = Bilinear(pixels: src, stride: stride, width: sourceWidth, height: sourceHeight)
            for y in 0..<h {
                let out = dst + y * w
                for x in 0..<w {
                    let p = sourcePoint(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    out[x] = source.sample(x: p.x - 0.5, y: p.y - 0.5, fill: fill)
                }
            }
        }
    }

    private func rotatedSize(degrees: Double) -> (Int, Int) {
        let (c, s) = Self.cosSin(degrees)
        let w = Double(width), h = Double(height)
        return (Int((w * abs(c) + h * abs(s)).rounded(.up)), Int((w * abs(s) + h * abs(c)).rounded(.up)))
    }

    private static func cosSin(_ degrees: Double) -> (Double, Double) {
        let radians = degrees * .pi / 180
        return (cos(radians), sin(radians))
    }

    /// A new `width`×`height` frame filled by `body(source, sourceStride, destination)`.
    @inline(__always)
    private func mapped(
        width w: Int, height h: Int,
        _ body: (UnsafePointer<UInt8>, Int, UnsafeMutablePointer<UInt8>) -> Void
    ) -> Frame {
        let storage = PixelStorage(count: w * h) { out in
            withUnsafeBytes { src in
                body(src.bindMemory(to: UInt8.self).baseAddress!, stride, out.bindMemory(to: UInt8.self).baseAddress!)
            }
        }
        return Frame(width: w, height: h, storage: storage, sequence: sequence, captureTime: captureTime)
    }
}

/// Bilinear sampling of a frame's pixels, in pixel-index coordinates, the
/// edge pixels continuing outwards. Plain sizes and a pointer, not the
/// frame: a resampling loop then touches no reference count per pixel.
private struct Bilinear {
    let pixels: UnsafePointer<UInt8>
    let stride: Int, width: Int, height: Int

    /// The source sampled at (`x`, `y`), rounded to a level; outside the
    /// frame, `fill`, or the nearest edge pixel when `fill` is nil.
    @inline(__always)
    func sample(x: Double, y: Double, fill: UInt8?) -> UInt8 {
        if let fill, x < -0.5 || y < -0.5 || x > Double(width) - 0.5 || y > Double(height) - 0.5 { return fill }
        return Self.level(level(x: x, y: y))
    }

    /// A blend of levels rounded to the nearest level, halves up. A blend
    /// is never negative, so adding a half and truncating rounds it without
    /// a call into libm for every pixel.
    @inline(__always)
    static func level(_ blend: Double) -> UInt8 {
        UInt8(clamping: Int(blend + 0.5))
    }

    /// The interpolated level at (`x`, `y`), to a fraction of a level.
    @inline(__always)
    func level(x: Double, y: Double) -> Double {
        let column = Neighbours(at: x, size: width), row = Neighbours(at: y, size: height)
        return Self.blend(pixels + row.low * stride, pixels + row.high * stride, column, row)
    }

    /// The level between rows `r0` and `r1` (the row neighbours' low and
    /// high) at `column`.
    @inline(__always)
    static func blend(_ r0: UnsafePointer<UInt8>, _ r1: UnsafePointer<UInt8>, _ column: Neighbours, _ row: Neighbours) -> Double {
        let top = Double(r0[column.low]) * (1 - column.weight) + Double(r0[column.high]) * column.weight
        let bottom = Double(r1[column.low]) * (1 - column.weight) + Double(r1[column.high]) * column.weight
        return top * (1 - row.weight) + bottom * row.weight
    }

    /// Along one axis: the two pixels either side of a position, the edge
    /// pixels continuing outwards, and the far one's weight.
    struct Neighbours {
        let low: Int, high: Int
        let weight: Double

        @inline(__always)
        init(at position: Double, size: Int) {
            // floor, without a call into libm for every pixel.
            let truncated = Int(position)
            let below = Double(truncated) > position ? truncated - 1 : truncated
            low = min(max(below, 0), size - 1)
            high = min(max(below + 1, 0), size - 1)
            weight = position - Double(below)
        }
    }
}
