/// Start and stop patterns crossed by scan lines of a binary image. A scan line crossing the
/// symbol's rows obliquely still shows each guard in its proportions (all widths grow alike).
struct PDF417GuardHit: Sendable {
    let guardPattern: PDF417Guard
    /// The guard's outer edge (the symbol's side) and inner edge (towards the codewords).
    let outer: MatrixPoint
    let inner: MatrixPoint
    /// Pixels a module along the scan line.
    let module: Double
    /// Index into `PDF417GuardFinder.directions`.
    let direction: Int
    /// The scan line's number in its direction.
    let line: Int
}

enum PDF417GuardFinder {
    /// Scan directions: rows, columns and both diagonals, so that some direction crosses a
    /// symbol's rows within 22.5° of square at every rotation (a steeper crossing leaves the
    /// symbol through its top or bottom before the guard ends, when it has few rows).
    static let directions: [(dx: Int, dy: Int)] = [(1, 0), (0, 1), (1, 1), (1, -1)]

    /// Every `step`-th line of each direction is scanned, for the guards of `image` and of its
    /// inverted twin (`BinaryImage.inverted()`), a light-on-dark symbol's: the twin's runs are
    /// the same with light and dark swapped, so each line is followed through the pixels once.
    static func find(_ image: BinaryImage, step: Int) -> (normal: [PDF417GuardHit], inverted: [PDF417GuardHit]) {
        var hits: [PDF417GuardHit] = [], invertedHits: [PDF417GuardHit] = []
        var runs: [Double] = [], starts: [Int] = []
        let w = image.width, h = image.height
        image.pixels.withUnsafeBufferPointer { px in
            for (direction, (dx, dy)) in directions.enumerated() {
                // Lines are numbered by where they start: a row, a column, x − y or x + y.
                let lines: StrideTo<Int> = switch direction {
                case 0: stride(from: step / 2, to: h, by: step)
                case 1: stride(from: step / 2, to: w, by: step)
                case 2: stride(from: -(h - 1), to: w, by: step)
                default: stride(from: 0, to: w + h - 1, by: step)
                }
                let pixelLength = (Double(dx * dx + dy * dy)).squareRoot()
                for line in lines {
                    let (x0, y0): (Int, Int) = switch direction {
                    case 0: (0, line)
                    case 1: (line, 0)
                    case 2: (max(0, line), max(0, -line))
                    default: (line - min(line, h - 1), min(line, h - 1))
                    }
                    let length = switch direction {
                    case 0: w
                    case 1: h
                    case 2: min(w - x0, h - y0)
                    default: min(w - x0, y0 + 1)
                    }
                    guard length > 20 else { continue }
                    runs.removeAll(keepingCapacity: true)
                    starts.removeAll(keepingCapacity: true)
                    // Index 0: the twin's empty first run, for a line that begins light.
                    runs.append(0)
                    starts.append(0)
                    // Runs of alternating colour; the first is light (out of the image is light).
                    var dark = false
                    var runStart = 0
                    starts.append(0)
                    var offset = y0 * w + x0
                    let delta = dy * w + dx
                    for i in 0..<length {
                        let d = px[offset] != 0
                        offset += delta
                        if d != dark {
                            runs.append(Double(i - runStart))
                            runStart = i
                            starts.append(i)
                            dark = d
                        }
                    }
                    runs.append(Double(length - runStart))
                    let origin = MatrixPoint(x: Double(x0) + 0.5, y: Double(y0) + 0.5)
                    runs.withUnsafeBufferPointer { r in
                        starts.withUnsafeBufferPointer { s in
                            /// The guards on this line's runs from index `k`.
                            func scan(from k: Int, into found: inout [PDF417GuardHit]) {
                                Self.scan(UnsafeBufferPointer(rebasing: r[k...]), UnsafeBufferPointer(rebasing: s[k...]), origin: origin,
                                          dx: dx, dy: dy, pixelLength: pixelLength, direction: direction, line: line, into: &found)
                            }
                            scan(from: 1, into: &hits)
                            // The twin's first run is light too: this line's first dark run
                            // where it begins dark (after its empty light run), else the pad.
                            scan(from: r[1] == 0 ? 2 : 0, into: &invertedHits)
                        }
                    }
                }
            }
        }
        return (hits, invertedHits)
    }

    /// Runs alternate light, dark, light, ... from index 0, so odd indices are bars. A guard needs
    /// 1.5 modules of quiet zone outside it, or the image's border.
    private static func scan(_ runs: UnsafeBufferPointer<Double>, _ starts: UnsafeBufferPointer<Int>, origin: MatrixPoint, dx: Int, dy: Int,
                             pixelLength: Double, direction: Int, line: Int, into hits: inout [PDF417GuardHit]) {
        func point(_ along: Int) -> MatrixPoint {
            MatrixPoint(x: origin.x + Double(along * dx) - 0.5 * Double(dx), y: origin.y + Double(along * dy) - 0.5 * Double(dy))
        }
        func end(_ i: Int) -> Int { starts[i] + Int(runs[i]) }
        func add(_ g: PDF417Guard, outer: Int, inner: Int, module: Double) {
            hits.append(PDF417GuardHit(guardPattern: g, outer: point(outer), inner: point(inner), module: module * pixelLength,
                                       direction: direction, line: line))
        }
        let n = runs.count
        var reversedStart: [Double] = [3, 1, 1, 1, 1, 1, 1, 8]
        var reversedStop: [Double] = [1, 2, 1, 1, 1, 3, 1, 1, 7]
        var i = 1
        while i < n {
            // A bar at i: forward start/stop begin here; reversed stop begins here; reversed start ends here.
            let forward = i + 1 < n && couldBegin(runs[i], runs[i + 1])
            if i + 8 <= n, forward, let m = PDF417Guard.start.match(runs[i..<(i + 8)]),
               i == 1 || runs[i - 1] >= 1.5 * m {
                add(.start, outer: starts[i], inner: end(i + 7), module: m)
            }
            if i + 9 <= n, forward, let m = PDF417Guard.stop.match(runs[i..<(i + 9)]),
               i + 9 == n || runs[i + 9] >= 1.5 * m {
                add(.stop, outer: end(i + 8), inner: starts[i], module: m)
            }
            if i + 9 <= n, couldBegin(runs[i + 8], runs[i + 7]) {
                for k in 0..<9 { reversedStop[k] = runs[i + 8 - k] }
                if let m = PDF417Guard.stop.match(reversedStop), (i == 1 || runs[i - 1] >= 1.5 * m) {
                    add(.stop, outer: starts[i], inner: end(i + 8), module: m)
                }
            }
            if i >= 7, couldBegin(runs[i], runs[i - 1]) {
                for k in 0..<8 { reversedStart[k] = runs[i - k] }
                if let m = PDF417Guard.start.match(reversedStart), i + 1 == n || runs[i + 1] >= 1.5 * m {
                    add(.start, outer: end(i), inner: starts[i - 7], module: m)
                }
            }
            i += 2
        }
    }

    /// Whether a guard read from its wide bar (`wide`, 8 or 7 modules) into the one-module space
    /// beside it (`narrow`) could match at all, before its every element is compared: most bars
    /// begin none. Within the match's tolerance (0.6 module and half a pixel each) the space is at
    /// most 1.6 / 6.4 of the bar and a pixel; the bound here is looser, so it refuses only what
    /// the match would.
    @inline(__always)
    private static func couldBegin(_ wide: Double, _ narrow: Double) -> Bool {
        narrow <= 0.3 * wide + 1
    }
}
