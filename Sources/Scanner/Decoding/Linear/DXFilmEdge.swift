/// DX Film Edge, the code exposed along the edge of 35 mm film (Kodak, US
/// patent 4,965,628): two parallel tracks of one-module elements, as long as
/// each other.
///
/// - The clock track is a 5-module bar, then alternating one-module spaces
///   and bars, then a 3-module bar: 31 modules with a frame number, 23
///   without. Its edges are the module grid the data track is read on.
/// - The data track, dark = 1, is the start `101010`, DX number part 1 (7
///   bits, 1-127), a 0, part 2 (4 bits), then with a frame number the frame
///   (6 bits), a half-frame flag and a 0, then an even parity bit over the
///   bits between start and stop, and the stop `0101`. Its first five
///   modules lie under the clock's 5-module bar, its last three under the
///   3-module one.
///
/// The text is as zxing-cpp prints it: `part1-part2`, then `/frame` and `A`
/// for the half frame (`36-2/21`, `47-1/22A`, `10-3`).
enum DXFilmEdge {
    /// The two lengths, in modules.
    static let lengths = [23, 31]
    /// An edge may lie this far (in modules) from the clock's module boundary; farther it is
    /// taken as lying between two modules, and the line reads nothing.
    static let edgeTolerance: Float = 0.3
    /// A one-module clock element may differ from 1 module by this much (a 1 against a 2 ties at 0.5).
    static let clockTolerance: Float = 0.4
    /// The closing bars may differ from 5 and 3 modules by this much: no other width is valid
    /// there, and a blurred line at 1.5 pixels per module measures them narrow (the grid is
    /// taken from the one-module elements between them).
    static let closingBarTolerance: Float = 0.75

    /// The module grid one clock track gives, along its scan line.
    struct Clock: Sendable, Hashable {
        /// The clock's edges along the line, ascending, and the module boundary each one is,
        /// counted from the line's left end of the symbol (0...`length`).
        var edges: [Float]
        var marks: [Int]
        var length: Int
        /// The 5-module bar is at the right: the symbol reads right to left along the line.
        var reversed: Bool
        /// Mean module width, in samples.
        var module: Float
        /// How much wider than a space a one-module bar is, halved, in samples: blur and
        /// sampling spread the bars of both tracks alike, so the data track's edges are moved
        /// back by as much.
        var spread: Float

        var start: Float { edges[0] }
        var end: Float { edges[edges.count - 1] }

        /// The module coordinate (0 at the symbol's left end) of a position along the line,
        /// linear between the clock's edges and beyond its ends.
        func modules(at x: Float) -> Float {
            var k = 0
            while k + 2 < edges.count, x > edges[k + 1] { k += 1 }
            let (a, b) = (edges[k], edges[k + 1])
            guard b > a else { return Float(marks[k]) }
            return Float(marks[k]) + (x - a) / (b - a) * Float(marks[k + 1] - marks[k])
        }
    }

    /// The clock tracks on one line's runs (light first, as `ScanRuns` are), in either direction.
    static func clocks(_ runs: ScanRuns) -> [Clock] {
        let widths = RunWidths.sanitized(runs)
        guard widths.count >= 19, runs.edges.count == widths.count + 1 else { return [] }
        return widths.withUnsafeBufferPointer { w in
            var found: [Clock] = []
            var i = 1
            // The shorter clock's 17 runs and the light after them.
            while i + 17 < w.count {
                if let clock = clock(w, runs.edges, at: i) {
                    found.append(clock)
                    i += clock.marks.count  // the next bar after the clock's last
                } else {
                    i += 2
                }
            }
            return found
        }
    }

    /// The clock whose first bar is run `i`: a 3- or 5-module bar, 15 or 23 one-module runs, the
    /// other of 3 and 5, light on both sides.
    private static func clock(_ w: UnsafeBufferPointer<Float>, _ positions: [Float], at i: Int) -> Clock? {
        guard w[i] > 2.2 * w[i + 1] else { return nil }
        // The one-module runs that follow, up to the next that is clearly wider than their mean
        // (the closing bar); which are exactly one module is checked below, with the ink spread
        // taken out, which makes bars and spaces of a blurred line differ by half a module.
        var j = i + 1, sum: Float = 0
        while j < w.count, j - i - 1 < 23 {
            let mean = j == i + 1 ? w[j] : sum / Float(j - i - 1)
            guard w[j] < 1.8 * mean, w[j] > 0.3 * mean else { break }
            sum += w[j]
            j += 1
        }
        // j - i - 1 unit runs; at most 23, so a longer run of them ends this clock at 23 and fails below.
        let units = j - i - 1
        guard units == 15 || units == 23, j % 2 == 1, j + 1 < w.count else { return nil }
        let length = units + 8
        // Ink spread, from the unit bars and spaces, taken out before the widths are counted in modules.
        var bars: Float = 0, spaces: Float = 0
        for k in (i + 1)..<j { if k % 2 == 1 { bars += w[k] } else { spaces += w[k] } }
        let unitBar = bars / Float(units / 2), unitSpace = spaces / Float(units / 2 + 1)
        let module = (unitBar + unitSpace) / 2, spread = (unitBar - unitSpace) / 2
        guard module > 0 else { return nil }
        func count(_ k: Int) -> Float { (w[k] - spread) / module }
        let (first, last) = (count(i), count(j))
        let reversed: Bool
        if abs(first - 5) <= closingBarTolerance, abs(last - 3) <= closingBarTolerance { reversed = false }
        else if abs(first - 3) <= closingBarTolerance, abs(last - 5) <= closingBarTolerance { reversed = true }
        else { return nil }
        for k in (i + 1)..<j {
            let c = k % 2 == 1 ? count(k) : (w[k] + spread) / module
            guard abs(c - 1) <= clockTolerance else { return nil }
        }
        // Light before and after, not the next element of some longer pattern.
        guard (w[i - 1] + spread) / module >= 0.5, (w[j + 1] + spread) / module >= 0.5 else { return nil }
        let head = reversed ? 3 : 5
        let marks = [0] + (0...units).map { head + $0 } + [length]
        return Clock(edges: Array(positions[i...(j + 1)]), marks: marks, length: length, reversed: reversed,
                     module: (positions[j + 1] - positions[i]) / Float(length), spread: spread)
    }

    /// The text of the data track on `runs`, a line beside `clock`'s whose sample `s` lies at
    /// `shift + s` along the clock's line; nil unless every edge of the track falls on the clock's
    /// module grid and the bits are a valid symbol. `margin` is the clearest an edge lies on the grid:
    /// 1 exactly on a boundary, 0 halfway between two.
    static func data(_ runs: ScanRuns, shift: Float, clock: Clock) -> (text: [UInt8], margin: Float)? {
        let n = runs.edges.count
        guard n >= 4 else { return nil }
        let length = Float(clock.length)
        // Edge k in module coordinates; odd edges start a bar, even ones end it.
        func modules(_ k: Int) -> Float {
            clock.modules(at: runs.edges[k] + shift + (k % 2 == 1 ? 0.5 : -0.5) * clock.spread)
        }
        // The edges from the symbol's first bar to its last, in module coordinates.
        var k0 = -1, k1 = -1
        for k in 1..<(n - 1) {
            let m = modules(k)
            guard m.isFinite else { return nil }
            if m < -0.5 { continue }
            if m > length + 0.5 { break }
            if k0 < 0 { k0 = k }
            k1 = k
        }
        // Dark runs are the odd ones: the first edge starts one, the last ends one.
        guard k0 > 0, k0 % 2 == 1, k1 % 2 == 0, k1 - k0 >= 8 else { return nil }
        // A line at a slight angle to the clock's sees the grid shifted; the ends measure by how much.
        let startShift = modules(k0)
        let endShift = modules(k1) - length
        var bits = [UInt8](repeating: 0, count: clock.length)
        var margin: Float = 1
        var previous = 0
        for k in (k0 + 1)...k1 {
            let raw = modules(k)
            let m = raw - startShift - (endShift - startShift) * raw / length
            let boundary = Int(m.rounded())
            let off = abs(m - Float(boundary))
            guard off <= edgeTolerance, boundary > previous, boundary <= clock.length else { return nil }
            margin = min(margin, 1 - 2 * off)
            if (k - 1) % 2 == 1 { for b in previous..<boundary { bits[b] = 1 } }
            previous = boundary
        }
        guard previous == clock.length, let text = text(clock.reversed ? bits.reversed() : bits) else { return nil }
        return (text, margin)
    }

    /// The text of a data track's bits in reading order (dark = 1), or nil when its start, stop,
    /// zeros or parity are wrong.
    static func text(_ bits: [UInt8]) -> [UInt8]? {
        let n = bits.count
        guard lengths.contains(n), bits.prefix(6) == [1, 0, 1, 0, 1, 0], bits.suffix(4) == [0, 1, 0, 1],
              bits[13] == 0, n == 23 || bits[25] == 0,
              bits[6..<(n - 4)].reduce(0, ^) == 0 else { return nil }
        func value(_ range: Range<Int>) -> Int { bits[range].reduce(0) { $0 << 1 | Int($1) } }
        let part1 = value(6..<13), part2 = value(14..<18)
        guard part1 > 0 else { return nil }
        var text = "\(part1)-\(part2)"
        if n == 31 { text += "/\(value(18..<24))" + (bits[24] == 1 ? "A" : "") }
        return Array(text.utf8)
    }
}
