import Glibc

/// DX Film Edge in one family of scan lines. The tracks are a few modules
/// high, thinner than the family's spacing, so the family's lines only find
/// the clock track, whose pattern nothing else has; each clock found gives
/// the module grid, and short lines beside it, on both sides (film may be
/// seen from either face), are sampled over the clock's extent and read as
/// the data track on that grid.
///
/// The reads are voted as the other symbologies' are, but lines 2 pixels
/// apart already see pixels of their own (`LinearScanPlan.minimumSpacing`;
/// 3 for lines 3 pixels thick), so that a data track a few modules high
/// still gives several independent lines, and a rival payload read beside
/// them is caught.
struct DXFilmEdgeSearch {
    /// Data lines run from half a module to this many modules beside the clock line: the
    /// clock's own track and the data track, each a few modules high.
    static let reach: Float = 5
    private(set) var inputs: [LinearSymbolVoting.Input] = []
    /// The clocks already searched beside: a clock track crossed by several lines is one grid.
    private var searched: [(start: Float, end: Float, offset: Float, module: Float)] = []
    private var profile: [Float] = []
    /// Lines this far apart see pixels of their own: 2, or the thickest line sampled.
    private var separation = LinearScanPlan.minimumSpacing

    /// Looks for clock tracks on `runs`, the line of `family` at `offset`, whose first sample lies
    /// at `start` along the unclipped line, and for data tracks beside them.
    mutating func add(_ runs: ScanRuns, along start: Float, line: Int, offset: Float,
                      family: LinearScanPlan.Family, plan: LinearScanPlan, sampler: LineSampler) {
        for found in DXFilmEdge.clocks(runs) {
            var clock = found
            clock.edges = clock.edges.map { $0 + start }
            let module = clock.module
            guard !searched.contains(where: {
                abs($0.start - clock.start) < module && abs($0.end - clock.end) < module && abs($0.offset - offset) < module
            }) else { continue }
            searched.append((clock.start, clock.end, offset, module))
            // Two modules before and after, the samples in step with the clock line's: a line
            // sampled between its pixels would blur a module of 1.5 pixels further.
            let from = start + (clock.start - 2 * module - start).rounded(.down), to = clock.end + 2 * module
            // The first tilt that reads the data track on some line is taken.
            for tilt in Self.tilts {
                let count = inputs.count
                search(beside: clock, from: from, to: to, tilt: tilt, line: line, offset: offset, family: family, plan: plan, sampler: sampler)
                if inputs.count > count { break }
            }
        }
    }

    /// The localizer's bar direction can be a few degrees off (4° for a strip a few cells high), which
    /// a line along a track 3 modules high survives, but the data lines beside it would cross into
    /// the clock or out of the symbol: they are also tried turned about the clock's middle.
    static let tilts: [Float] = [0, 1.5, -1.5, 3, -3, 4.5, -4.5].map { $0 * .pi / 180 }

    /// Data lines from half a module to `reach` modules on both sides of `clock`, found on the line
    /// at `offset`, turned by `tilt` radians about the clock's middle, sampled from `from` to `to`
    /// along the clock's line.
    private mutating func search(
        beside clock: DXFilmEdge.Clock, from: Float, to: Float, tilt: Float, line: Int, offset: Float,
        family: LinearScanPlan.Family, plan: LinearScanPlan, sampler: LineSampler
    ) {
        let module = clock.module
        let (c, s) = (cos(tilt), sin(tilt))
        let u = (x: family.direction.x * c - family.direction.y * s, y: family.direction.x * s + family.direction.y * c)
        let n = (x: -u.y, y: u.x)
        let middle = (clock.start + clock.end) / 2
        let pivot = plan.point(in: family, along: middle, offset: offset)
        // Parallel lines a pixel apart averaged, against noise, as far as the track is high enough to hold them.
        let thickness = min(3, Int(module / 2) + 1)
        separation = max(separation, Float(thickness))
        var distance = 0.5 * module
        while distance <= Self.reach * module {
            for side: Float in [-1, 1] {
                let d = side * distance
                let (px, py) = (Float(pivot.x) + d * n.x, Float(pivot.y) + d * n.y)
                let (ax, ay) = (px - (middle - from) * u.x, py - (middle - from) * u.y)
                let (bx, by) = (px + (to - middle) * u.x, py + (to - middle) * u.y)
                let sampled = sampler.sample(fromX: ax, y0: ay, toX: bx, y1: by, thickness: thickness, into: &profile)
                guard sampled.count >= 5 else { continue }
                // Where the clipped line's first sample lies along the clock's line.
                let shift = from + (sampled.originX - ax) * u.x + (sampled.originY - ay) * u.y
                let data = profile.withUnsafeBufferPointer {
                    EdgeProfile.runs(UnsafeBufferPointer(rebasing: $0[0..<sampled.count]))
                }
                guard let (text, margin) = DXFilmEdge.data(data, shift: shift, clock: clock) else { continue }
                let read = LinearRead(symbology: .dxFilmEdge, bytes: text, firstRun: 0, endRun: 0, margin: margin)
                inputs.append(LinearSymbolVoting.Input(
                    read: LinearLineRead(read: read, reversed: clock.reversed, start: clock.start, end: clock.end),
                    line: line, offset: offset + d))
            }
            distance += max(1, module / 3)
        }
    }

    /// The symbols the data reads agree on.
    func symbols(maxGap: Float) -> [LinearSymbolVoting.VotedSymbol] {
        LinearSymbolVoting.vote(inputs, minSeparation: separation, maxGap: maxGap)
    }
}
