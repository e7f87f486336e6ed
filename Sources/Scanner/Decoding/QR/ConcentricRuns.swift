/// Run-length checks for square concentric patterns seen through their centre: dark, light,
/// dark-centre, light, dark, in module ratio 1:1:c:1:1 (c = 3 for a finder, 1 for an alignment
/// pattern or the rMQR sub-finder).
enum ConcentricRuns {
    /// Each run within `variance` module sizes of its ideal length (at least 0.75 px of slack,
    /// for symbols of 1.5 px per module), or else each pair of neighbouring runs (at least 1 px
    /// of slack): at two pixels a module and half a pixel off the grid, our reader with the runs
    /// alone missed 6 of 12 QR, 2 of 12 Micro QR and 4 of 12 rMQR degradation renders, with the
    /// pairs none (no-code images: 0.5 % more CPU). With `outerCap` the dark ring may run on into
    /// neighbouring dark modules (an alignment pattern amid data), so its walk stops after
    /// `outerCap` steps: the module size then comes from the inner three runs and the outer ones
    /// need only reach half a module or the cap.
    @inline(__always)
    static func matches(_ r0: Int, _ r1: Int, _ r2: Int, _ r3: Int, _ r4: Int, centre: Int, variance: Double,
                        outerCap: Int? = nil) -> Bool {
        guard r0 > 0, r1 > 0, r2 > 0, r3 > 0, r4 > 0 else { return false }
        let c = Double(centre)
        let m = outerCap != nil ? Double(r1 + r2 + r3) / (2 + c) : Double(r0 + r1 + r2 + r3 + r4) / (4 + c)
        let tol = max(m * variance, 0.75)
        let inner = abs(Double(r1) - m) < tol && abs(Double(r3) - m) < tol && abs(Double(r2) - c * m) < c * tol
        if let cap = outerCap {
            let enough = min(Double(cap), 0.5 * m)
            return inner && Double(r0) >= enough && Double(r4) >= enough
        }
        if inner && abs(Double(r0) - m) < tol && abs(Double(r4) - m) < tol { return true }
        // A threshold off the middle grows every light run and shrinks every dark one alike (a
        // pixel half covered goes one way); each dark run and the light one beside it, summed,
        // do not move.
        let pairTol = max(m * variance, 1.0)
        return abs(Double(r0 + r1) - 2 * m) < pairTol && abs(Double(r1 + r2) - (1 + c) * m) < pairTol
            && abs(Double(r2 + r3) - (1 + c) * m) < pairTol && abs(Double(r3 + r4) - 2 * m) < pairTol
    }

    /// Walks from a dark pixel both ways along (dx, dy) through the centre run, the light ring and
    /// the dark ring, and checks the ratio. Returns the centre's coordinate along the walk (x for a
    /// horizontal walk, y otherwise) and the pattern length in steps. No run may exceed `maxRun`,
    /// which bounds the work.
    static func crossCheck(_ image: BinaryImage, _ px: UnsafeBufferPointer<UInt8>, x fromX: Int, y fromY: Int,
                           dx: Int, dy: Int, centre: Int, maxRun: Int, variance: Double,
                           outerCap: Int? = nil) -> (centre: Double, total: Int)? {
        let w = image.width, h = image.height
        guard fromX >= 0, fromY >= 0, fromX < w, fromY < h, px[fromY * w + fromX] == 1 else { return nil }
        func walk(_ sx: Int, _ sy: Int) -> (Int, Int, Int)? {
            var x = fromX, y = fromY, state = 0
            var out = (0, 0, 0)
            while x >= 0, y >= 0, x < w, y < h {
                let dark = px[y * w + x] == 1
                if dark != (state != 1) {
                    state += 1
                    if state == 3 { return out }
                    continue
                }
                let n: Int
                switch state {
                case 0: out.0 += 1; n = out.0
                case 1: out.1 += 1; n = out.1
                default: out.2 += 1; n = out.2
                }
                if n > maxRun { return nil }
                if state == 2, let cap = outerCap, n >= cap { return out }
                x += sx; y += sy
            }
            // The outer ring may touch the image border.
            return state == 2 ? out : nil
        }
        // Each walk: (centre part, light ring, dark ring).
        guard let back = walk(-dx, -dy), let fwd = walk(dx, dy) else { return nil }
        let mid = back.0 + fwd.0 - 1
        guard matches(back.2, back.1, mid, fwd.1, fwd.2, centre: centre, variance: variance,
                      outerCap: outerCap) else { return nil }
        let total = back.2 + back.1 + mid + fwd.1 + fwd.2
        let base = dx != 0 && dy == 0 ? Double(fromX) : Double(fromY)
        // The centre run covers pixels from-(back.0-1) ... from+(fwd.0-1).
        return (base + Double(fwd.0 - back.0 + 1) / 2, total)
    }
}
