import Glibc

/// Where in a frame a code could be, from one cheap look at its luma, so
/// that second chances run only there, and not at all on an image without
/// anything code-like (a blank page, a photo of a wall, a page of text).
///
/// The frame is cut into a coarse grid of cells. In each, the gradient's
/// structure tensor gives its energy (how much contrast changes) and its
/// coherence (how much the changes share one direction), and the sharp
/// edges crossed along its rows and columns are counted. A code is many
/// parallel sharp edges (bars) or many edges both ways (a matrix), over a
/// block at least a few cells wide and high. Smooth texture has too few
/// sharp edges; a ruled line or a box crosses a cell once; a line of text
/// is a thin strip of busy cells. The look runs at full and at half scale,
/// so that codes with large modules count their edges too.
struct Localizer {
    /// What the look found.
    struct Candidates: Sendable, Hashable {
        /// The part of the frame that holds every code-like block, with a
        /// quiet zone around them; nil when nothing looks like a code.
        var area: PixelRect?
        /// Each code-like block: `area` is the box around them all.
        var blocks: [CodeLikeBlock] = []
        /// The direction across the bars of the code-like blocks' coherent
        /// cells, in degrees clockwise from the x axis (0: upright bars),
        /// when there are bars; nil otherwise.
        var barNormal: Double?
        /// Whether the blocks were seen only at half scale: their modules
        /// are large, so second chances can look at the area at half size
        /// and need not enlarge it.
        var largeModules = false
        /// Whether the blocks were seen only at a quarter of the size or
        /// coarser, not at half: modules of about ten pixels and more (a
        /// busy cell at half size has an edge every 5 pixels there), which
        /// half the pixels read as well, so that even the first pass looks
        /// at half size.
        var hugeModules = false
        /// The share of busy cells seen at full scale that are bars
        /// (`Block.alignedCells`); nil when too few were seen to tell.
        var barShare: Double?
        /// The same at half scale.
        var halfScaleBarShare: Double?
        /// Whether a code-like block lies so near the frame's edge that a
        /// code there may have part of its quiet zone cut off
        /// (`widestQuietZone`): only there can a white border around the
        /// frame give a reader what it lacks.
        var meetsEdge = true

        /// What kind of code the blocks look like, so that second chances
        /// skip the engines and views made for the other kind.
        var kind: Kind {
            guard let barShare else {
                // Large modules: too few busy cells at full scale, so the
                // coarser look tells alone. Over the corpus it measures
                // Aztec 0.02–0.26, Data Matrix 0.01–0.09, QR 0.01, UPC-A 0.91.
                guard let halfScaleBarShare else { return .either }
                return halfScaleBarShare >= barsShare ? .bars : halfScaleBarShare < matrixShare ? .matrix : .either
            }
            if barShare >= barsShare { return .bars }
            // A matrix only when the coarser look agrees: bars with large
            // modules are busy mostly at half scale, and the busy cells at
            // full scale can be their printed digits (code128-1/5: 0.22 at
            // full scale, 0.77 at half).
            if barShare < matrixShare, (halfScaleBarShare ?? 0) < matrixShare { return .matrix }
            return .either
        }

        /// Whether some busy cells are bars at either scale (`someBarsShare`).
        var hasSomeBars: Bool { max(barShare ?? 0, halfScaleBarShare ?? 0) >= someBarsShare }

        /// Whether the look is evidence enough for the work that only
        /// evidence pays for (second chances, MicroPDF417's probe lines): a
        /// code-like block at full scale, or enough busy cells at a coarser
        /// scale to tell a kind (`minimumKindCells`). A few busy cells seen
        /// only coarser are what shading, texture and large print show: a
        /// 1280x720 photo-like frame without a code spent most of its CPU
        /// in second chances on them. A code with large modules fills many
        /// cells at the scale that sees it.
        var isEvidence: Bool { !largeModules || halfScaleBarShare != nil }
    }

    /// One code-like block, in the frame's pixels: its busy cells, and
    /// the area around them with a quiet zone, where a decoder looks.
    struct CodeLikeBlock: Sendable, Hashable {
        var busy: PixelRect
        var area: PixelRect
        /// Its busy cells, and how many of them are bars (`Block.alignedCells`).
        var cells = 0
        var alignedCells = 0.0

        /// Whether most of its busy cells are parallel bars (`barsShare`),
        /// so that readers of modules laid both ways need not look: a 1D
        /// code, or the other 1D codes, digits and print of a package.
        var isBars: Bool { cells > 0 && alignedCells >= barsShare * Double(cells) }
    }

    /// The kind of code that code-like blocks look like.
    enum Kind: Sendable, Hashable {
        /// Bars: most busy cells have edges one way, the same in all.
        case bars
        /// A matrix: edges both ways in most busy cells.
        case matrix
        /// Can't tell: too few cells at either scale, a share between the
        /// two, or few bars at full scale but bars at half scale.
        case either
    }

    /// Busy cells, at one scale, from which their share of bar cells tells
    /// bars from a matrix.
    static let minimumKindCells = 30
    /// From `barsShare` the blocks are bars, below `matrixShare` a matrix;
    /// between the two, both kinds are tried. Over the whole corpus, at
    /// full scale, EAN, UPC and Code 39/93/128 images measure 0.22–1.0
    /// (0.34–0.38 for three small UPC-E photos), QR 0–0.21 but for one
    /// sheared QR with large modules (0.91), Data Matrix and Aztec 0–0.33,
    /// PDF417 0.05–0.79. What a region taken for the wrong kind loses in
    /// second chances is in `Pass.serving`.
    static let barsShare = 0.5, matrixShare = 0.2
    /// Bars among a matrix's busy cells from which a MicroPDF417 may be
    /// there (`Pass.firstGroups`): the corpus's QR and Data Matrix images
    /// taken for a matrix measure 0.00–0.09 at both scales but for a few,
    /// a MicroPDF417 cropped to its edges (corpus-more's 4x6-thick-1) 0.18.
    static let someBarsShare = 0.1

    /// The share of bar cells in `blocks`, seen at one scale.
    private static func barShare(of blocks: [Block]) -> Double? {
        let cells = blocks.map(\.cells).reduce(0, +)
        guard cells >= minimumKindCells else { return nil }
        return blocks.map(\.alignedCells).reduce(0, +) / Double(cells)
    }

    /// A cell's side in pixels; small frames get smaller cells so that a
    /// short code still fills a block of them.
    static func cellSize(for frame: Frame) -> Int {
        min(frame.width, frame.height) >= 256 ? 16 : 8
    }

    /// What the look counts as an edge, from the frame's contrast, so that
    /// a dim, flat photo of a code is looked at as one in full contrast.
    struct Thresholds: Sendable, Hashable {
        /// A central difference from which a pixel is on a sharp edge: a
        /// fifth of the contrast, between 8 and 24.
        var sharpEdge: Int
        /// The mean squared gradient a cell needs (`LumaContrast.minimumEdgeEnergy`).
        var minimumEnergy: Double

        init(_ contrast: LumaContrast) {
            sharpEdge = min(24, max(8, contrast.levels / 5))
            minimumEnergy = contrast.minimumEdgeEnergy
        }
    }

    /// Sharp edges per 16 pixels along a cell's rows or columns from which
    /// it is busy: a bar code with modules up to about 5 pixels, or a
    /// matrix; a ruled line gives 2.
    static let minimumEdges = 3.0
    /// A code-like block: at least this many busy cells, touching, spanning
    /// at least `minimumSide` cells both ways.
    static let minimumCells = 4
    static let minimumSide = 3
    /// The share of flat pixels (the steps to the next pixel right and down
    /// together under `Thresholds.sharpEdge`) that a cell whose edges run every way
    /// needs: a matrix has them inside its modules (about half at 2 pixels
    /// a module), random noise almost none (2 %).
    static let minimumFlatShare = 0.1
    /// The share of a cell's gradient energy that the half-size look must
    /// keep for edges every way without flat pixels to be structure (a
    /// blurred matrix of 2-pixel modules), not noise, which keeps 0.25.
    static let minimumAveragedEnergy = 0.5
    /// A coarser look's block counts unless this share of the cells under
    /// it were noise at full scale.
    static let maximumNoiseShare = 0.5
    /// Coherence from which a cell counts as bars (1: all one direction).
    static let barCoherence = 0.75
    /// The widest quiet zone a code in a busy cell can need, in pixels at
    /// the cell's scale: 11 modules (EAN-13's left, the widest a standard
    /// asks) of about 5 pixels, the largest module a busy cell counts
    /// enough edges of (`minimumEdges`), with a cell to spare for busy
    /// cells that the noise rule dropped at the code's end.
    static let widestQuietZone = 72

    static func candidates(in frame: Frame) -> Candidates {
        // Too small for a grid: the frame is its own candidate.
        guard min(frame.width, frame.height) >= 3 * cellSize(for: frame) else {
            let whole = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
            return Candidates(area: whole, blocks: [CodeLikeBlock(busy: whole, area: whole)], barNormal: nil)
        }
        let thresholds = Thresholds(LumaContrast(frame))
        let halved = min(frame.width, frame.height) >= 64 ? frame.downscaledByTwo() : nil
        let (full, noise) = Self.blocksAndNoise(in: frame, scale: 1, thresholds: thresholds, halved: halved)
        // A coarser look's block over what the finest saw as noise is noise.
        let coarse = { (frame: Frame, scale: Int) in
            Self.blocks(in: frame, scale: scale, thresholds: thresholds).filter { noise.share(in: $0.rect) < maximumNoiseShare }
        }
        let half = halved.map { coarse($0, 2) } ?? []
        // Only while the looks so far saw too few busy cells to tell a kind:
        // halved again, for modules of 20 pixels and more (a rendered Aztec,
        // Data Matrix or MaxiCode filling the image) or a blur that a smaller
        // size sharpens. Too few, not none: where modules are about a cell
        // wide, the grid can fall on them so that only a corner of the
        // symbol passes as busy, and the next look sees it whole.
        var coarser: [Block] = []
        var cells = (full + half).map(\.cells).reduce(0, +)
        var smaller = halved, scale = 2
        while cells < minimumKindCells, let current = smaller, min(current.width, current.height) >= 64 {
            let next = current.downscaledByTwo()
            scale *= 2
            let look = coarse(next, scale)
            coarser += look
            cells += look.map(\.cells).reduce(0, +)
            smaller = next
        }
        let blocks = full + half + coarser
        guard !blocks.isEmpty else { return Candidates(area: nil, barNormal: nil) }
        // A quiet zone around each block: three cells (the noise rule,
        // `minimumFlatShare`, can drop a code's outer cells), and at least 16
        // pixels at the block's scale, as the busy cells of a code with
        // large modules can be only its middle (an Aztec rune's bullseye).
        let meetsEdge = blocks.contains { block in
            let reach = widestQuietZone * block.scale, rect = block.rect
            return rect.x < reach || rect.y < reach || frame.width - (rect.x + rect.width) < reach || frame.height - (rect.y + rect.height) < reach
        }
        let areas = blocks.map { block in
            let margin = max(3 * cellSize(for: frame), 16 * block.scale)
            let left = max(0, block.rect.x - margin), top = max(0, block.rect.y - margin)
            let right = min(frame.width, block.rect.x + block.rect.width + margin)
            let bottom = min(frame.height, block.rect.y + block.rect.height + margin)
            return CodeLikeBlock(
                busy: block.rect, area: PixelRect(x: left, y: top, width: right - left, height: bottom - top),
                cells: block.cells, alignedCells: block.alignedCells)
        }
        // The bars' direction from the finer look when it saw bars: the
        // coarser one blurs them with the background's edges.
        let bars = full.contains { $0.barCells > 0 } ? full : half.isEmpty ? coarser : half
        let barCos = bars.map(\.barCos).reduce(0, +), barSin = bars.map(\.barSin).reduce(0, +)
        let barCells = bars.map(\.barCells).reduce(0, +)
        let normal = barCells >= 2 ? atan2(barSin, barCos) / 2 * 180 / .pi : nil
        return Candidates(
            area: PixelRect.enclosing(areas.map(\.area)), blocks: areas, barNormal: normal,
            largeModules: full.isEmpty, hugeModules: full.isEmpty && half.isEmpty, barShare: barShare(of: full),
            halfScaleBarShare: barShare(of: half.isEmpty ? coarser : half), meetsEdge: meetsEdge)
    }

    /// One code-like block: where it is in the full frame's pixels, and its
    /// coherent cells' doubled-angle vector, weighted by energy.
    private struct Block {
        var rect: PixelRect
        /// 1 when seen at full scale, 2 at half.
        var scale: Int
        /// Its busy cells, and how many of them are coherent.
        var cells = 0, barCells = 0
        var barCos = 0.0, barSin = 0.0
        /// The sum of the coherent cells' vectors' lengths.
        var barWeight = 0.0

        /// The coherent cells, scaled by how much they agree on one
        /// direction: bars are parallel, while the coherent cells of a
        /// matrix with large modules (one straight edge each) lie both ways
        /// and cancel.
        var alignedCells: Double {
            barWeight > 0 ? Double(barCells) * length(barCos, barSin) / barWeight : 0
        }
    }

    /// The length of a doubled-angle vector: a cell's is its energy times
    /// its coherence, a block's sum is shorter the less its cells agree.
    private static func length(_ cos: Double, _ sin: Double) -> Double {
        (cos * cos + sin * sin).squareRoot()
    }

    /// What one cell's pixels show.
    private struct Cell {
        var busy = false
        /// Busy-looking but noise: edges every way with no flat pixel
        /// between them.
        var noise = false
        var coherent = false
        var barCos = 0.0, barSin = 0.0
    }

    /// The code-like blocks of `frame`, which is the full frame shrunk by
    /// `scale`, in the full frame's pixels.
    private static func blocks(in frame: Frame, scale: Int, thresholds: Thresholds) -> [Block] {
        blocksAndNoise(in: frame, scale: scale, thresholds: thresholds, halved: nil).blocks
    }

    /// The code-like blocks of `frame` (shrunk by `scale`), and where its
    /// cells are noise (told with `halved`, the frame at half size, when given).
    private static func blocksAndNoise(
        in frame: Frame, scale: Int, thresholds: Thresholds, halved: Frame?
    ) -> (blocks: [Block], noise: NoiseMap) {
        // A frame under 128 pixels (a small render or crop) is first looked at
        // in 4-pixel cells: a strip 18 pixels high (DX Film Edge at 3 pixels
        // a module) then spans the blocks' 3 cells whatever the grid's phase.
        let size = scale == 1 && min(frame.width, frame.height) < 128 ? 4 : cellSize(for: frame)
        let columns = frame.width / size, rows = frame.height / size
        guard columns >= minimumSide, rows >= minimumSide else { return ([], NoiseMap(unit: size * scale, columns: 0, flags: [])) }
        let cells = grid(frame, size: size, columns: columns, rows: rows, thresholds: thresholds, halved: halved)
        let noise = NoiseMap(unit: size * scale, columns: columns, flags: cells.map(\.noise))
        // Touching busy cells (8-neighbours), gathered by a flood fill.
        var seen = [Bool](repeating: false, count: cells.count)
        var found: [Block] = []
        for start in cells.indices where cells[start].busy && !seen[start] {
            var stack = [start], members: [Int] = []
            seen[start] = true
            while let index = stack.popLast() {
                members.append(index)
                let (row, column) = index.quotientAndRemainder(dividingBy: columns)
                for dy in -1...1 {
                    for dx in -1...1 {
                        let (y, x) = (row + dy, column + dx)
                        guard y >= 0, y < rows, x >= 0, x < columns else { continue }
                        let next = y * columns + x
                        if cells[next].busy && !seen[next] { seen[next] = true; stack.append(next) }
                    }
                }
            }
            let spots = members.map { $0.quotientAndRemainder(dividingBy: columns) }
            let (top, bottom) = (spots.map(\.quotient).min() ?? 0, spots.map(\.quotient).max() ?? 0)
            let (left, right) = (spots.map(\.remainder).min() ?? 0, spots.map(\.remainder).max() ?? 0)
            guard members.count >= minimumCells, bottom - top + 1 >= minimumSide, right - left + 1 >= minimumSide else { continue }
            let unit = size * scale
            var block = Block(
                rect: PixelRect(x: left * unit, y: top * unit, width: (right - left + 1) * unit, height: (bottom - top + 1) * unit),
                scale: scale, cells: members.count)
            for index in members where cells[index].coherent {
                block.barCos += cells[index].barCos
                block.barSin += cells[index].barSin
                block.barWeight += length(cells[index].barCos, cells[index].barSin)
                block.barCells += 1
            }
            found.append(block)
        }
        return (found, noise)
    }

    /// Whether a cell's contrast is structure: averaging 2x2 pixels keeps a
    /// code's edges, blurred or not (the gradient energy of the half-size
    /// cell, from `x0..<x1`, `y0..<y1` of `halved`, is about the cell's own
    /// or more), while it leaves a quarter of independent noise's.
    private static func survivesAveraging(energy: Double, in halved: Frame, _ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) -> Bool {
        let (left, right) = (max(1, x0), min(halved.width - 1, x1))
        let (top, bottom) = (max(1, y0), min(halved.height - 1, y1))
        guard right > left, bottom > top else { return false }
        var sum = 0
        halved.withUnsafeBytes { bytes in
            let stride = halved.stride
            for y in top..<bottom {
                let line = y * stride
                for x in left..<right {
                    let gx = Int(bytes[line + x + 1]) - Int(bytes[line + x - 1])
                    let gy = Int(bytes[line + stride + x]) - Int(bytes[line - stride + x])
                    sum += gx * gx + gy * gy
                }
            }
        }
        return Double(sum) / Double((right - left) * (bottom - top)) >= minimumAveragedEnergy * energy
    }

    /// Which cells of one look were noise, to judge a coarser look's
    /// blocks: averaging smooths noise into something that looks like a
    /// matrix with small modules, but the finer look saw it for what it is.
    private struct NoiseMap {
        /// A cell's side in the full frame's pixels.
        let unit: Int
        let columns: Int
        let flags: [Bool]

        /// The share of the cells under `rect` that were noise.
        func share(in rect: PixelRect) -> Double {
            guard columns > 0, unit > 0 else { return 0 }
            let rows = flags.count / columns
            var noisy = 0, all = 0
            for row in max(0, rect.y / unit)..<min(rows, (rect.y + rect.height + unit - 1) / unit) {
                for column in max(0, rect.x / unit)..<min(columns, (rect.x + rect.width + unit - 1) / unit) {
                    all += 1
                    if flags[row * columns + column] { noisy += 1 }
                }
            }
            return all == 0 ? 0 : Double(noisy) / Double(all)
        }
    }

    /// Each cell's energy, coherence and sharp edges, row by row. The
    /// energy comes first, from a loop the compiler vectorizes: a cell
    /// without it (most of a frame's) is done. Cells share nothing but
    /// `thresholds`, so skipping the rest of the look there changes no cell.
    private static func grid(_ frame: Frame, size: Int, columns: Int, rows: Int, thresholds: Thresholds, halved: Frame?) -> [Cell] {
        var cells = [Cell](repeating: Cell(), count: columns * rows)
        // The sign of the last sharp edge seen along each column of a cell,
        // one buffer for all cells: the hot loop neither allocates nor
        // checks an array's uniqueness.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: size) { columnSign in
            frame.withUnsafeBytes { raw in
                let pixels = Pixels(bytes: raw.assumingMemoryBound(to: UInt8.self), stride: frame.stride)
                for row in 0..<rows {
                    for column in 0..<columns {
                        let x0 = max(1, column * size), x1 = min(frame.width - 1, (column + 1) * size)
                        let y0 = max(1, row * size), y1 = min(frame.height - 1, (row + 1) * size)
                        guard x1 > x0, y1 > y0 else { continue }
                        let count = Double((x1 - x0) * (y1 - y0))
                        let energy = Double(pixels.gradientEnergy(x0, x1, y0, y1)) / count
                        guard energy >= thresholds.minimumEnergy else { continue }
                        let look = pixels.look(x0, x1, y0, y1, sharpEdge: thresholds.sharpEdge, columnSign: columnSign)
                        // Edges per 16 pixels, along the busier direction.
                        let edges = Double(max(look.rowEdges, look.columnEdges)) / count * 16
                        guard edges >= minimumEdges else { continue }
                        let (dxx, dyy, dxy) = (Double(look.sxx), Double(look.syy), Double(look.sxy))
                        let coherence = ((dxx - dyy) * (dxx - dyy) + 4 * dxy * dxy).squareRoot() / (dxx + dyy)
                        // Noise: edges every way and no flat pixel between
                        // them, where a code's modules are flat inside.
                        guard coherence >= barCoherence || Double(look.flat) >= minimumFlatShare * count
                            || halved.map({ survivesAveraging(energy: energy, in: $0, x0 / 2, x1 / 2, y0 / 2, y1 / 2) }) == true
                        else {
                            cells[row * columns + column].noise = true
                            continue
                        }
                        cells[row * columns + column] = Cell(
                            busy: true, coherent: coherence >= barCoherence,
                            barCos: (dxx - dyy) / count, barSin: 2 * dxy / count)
                    }
                }
            }
        }
        return cells
    }

    /// A frame's luma as the grid reads it, one cell (`x0..<x1`, `y0..<y1`,
    /// at least a pixel inside the frame's border) at a time.
    private struct Pixels {
        let bytes: UnsafeBufferPointer<UInt8>
        let stride: Int

        /// What the structure tensor and the edge counts are made of.
        struct Look {
            var sxx = 0, syy = 0, sxy = 0, rowEdges = 0, columnEdges = 0, flat = 0
        }

        /// The sum of both axes' central differences squared over the cell:
        /// its energy times its pixels. In 32 bits without overflow checks
        /// (a cell of 16x16 pixels sums to at most 2^25), over row pointers,
        /// so that the loop is vectorized.
        @inline(__always)
        func gradientEnergy(_ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) -> Int {
            let base = bytes.baseAddress!, width = x1 - x0
            var sum: Int32 = 0
            for y in y0..<y1 {
                let here = base + (y * stride + x0)
                let (left, right, above, below) = (here - 1, here + 1, here - stride, here + stride)
                for i in 0..<width {
                    let gx = Int32(right[i]) &- Int32(left[i])
                    let gy = Int32(below[i]) &- Int32(above[i])
                    sum &+= gx &* gx &+ gy &* gy
                }
            }
            return Int(sum)
        }

        /// The cell's structure tensor (the sums of its central differences'
        /// products), the sharp edges crossed along its rows and along its
        /// columns, and its flat pixels. Over row pointers, without
        /// overflow checks: the sums stay under 2^25.
        @inline(__always)
        func look(_ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int, sharpEdge: Int, columnSign: UnsafeMutableBufferPointer<Int>) -> Look {
            let base = bytes.baseAddress!, width = x1 - x0
            var look = Look()
            // Signs start from the pixel before the cell, so that an edge
            // across the cell's border counts in one cell only.
            let first = base + (y0 * stride + x0)
            for i in 0..<width {
                columnSign[i] = y0 >= 2 ? sign(Int(first[i]) &- Int((first - 2 * stride)[i]), sharpEdge) : 0
            }
            for y in y0..<y1 {
                let here = base + (y * stride + x0)
                let (left, right, above, below) = (here - 1, here + 1, here - stride, here + stride)
                var rowSign = x0 >= 2 ? sign(Int(here[0]) &- Int(here[-2]), sharpEdge) : 0
                for i in 0..<width {
                    let gx = Int(right[i]) &- Int(left[i])
                    let gy = Int(below[i]) &- Int(above[i])
                    look.sxx &+= gx &* gx
                    look.syy &+= gy &* gy
                    look.sxy &+= gx &* gy
                    // Flat: to the next pixel both ways, so that modules of
                    // 2 pixels have flat pixels too.
                    let pixel = Int(here[i])
                    if abs(Int(right[i]) &- pixel) &+ abs(Int(below[i]) &- pixel) < sharpEdge { look.flat &+= 1 }
                    // An edge counts where it starts: a sharp step after a
                    // flat pixel or a step the other way.
                    let sx = sign(gx, sharpEdge)
                    if sx != 0 && sx != rowSign { look.rowEdges &+= 1 }
                    rowSign = sx
                    let sy = sign(gy, sharpEdge)
                    if sy != 0 && sy != columnSign[i] { look.columnEdges &+= 1 }
                    columnSign[i] = sy
                }
            }
            return look
        }

        /// 1 or -1 for a sharp rise or fall, 0 otherwise.
        @inline(__always)
        private func sign(_ difference: Int, _ sharpEdge: Int) -> Int {
            difference >= sharpEdge ? 1 : difference <= -sharpEdge ? -1 : 0
        }
    }
}
