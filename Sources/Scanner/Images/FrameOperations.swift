/// Pixel operations the decoder's second chances need. Each returns a new
/// frame with owned, packed storage; the source is never modified.
extension Frame {
    /// Half the size in each direction, each pixel the mean of a 2×2 block.
    /// Averaging also removes most sensor noise, which is what slows zbar.
    public func downscaledByTwo() -> Frame {
        let w = width / 2, h = height / 2
        guard w > 0, h > 0 else { return self }
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
        return mapped(width: w, height: h) { src, stride, dst in
            for y in 0..<h {
                // Output pixel centres fall at quarter positions between inputs.
                let fy = max(0, Double(y) / 2 - 0.25), y0 = min(Int(fy), height - 1), y1 = min(y0 + 1, height - 1)
                let wy = Int((fy - Double(y0)) * 256)
                let r0 = src + y0 * stride, r1 = src + y1 * stride, out = dst + y * w
                for x in 0..<w {
                    let fx = max(0, Double(x) / 2 - 0.25), x0 = min(Int(fx), width - 1), x1 = min(x0 + 1, width - 1)
                    let wx = Int((fx - Double(x0)) * 256)
                    let top = Int(r0[x0]) * (256 - wx) + Int(r0[x1]) * wx
                    let bottom = Int(r1[x0]) * (256 - wx) + Int(r1[x1]) * wx
                    out[x] = UInt8(truncatingIfNeeded: (top * (256 - wy) + bottom * wy + 32768) >> 16)
                }
            }
        }
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
        var low = 0, high = 255, seen = 0
        for (level, count) in histogram.enumerated() {
            seen += count
            if seen <= total / 100 { low = level }
            if seen < total - total / 100 { high = level + 1 }
        }
        high = min(high, 255)
        guard high > low + 1 else { return self }
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

    /// A new `width`×`height` frame filled by `body(source, sourceStride, destination)`.
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
