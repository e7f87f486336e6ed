import Glibc

/// Where a MicroPDF417 may be, found cheaply so that the dense scan lines follow the symbols and
/// not the frame: sparse lines across a peak's box (`probeSpacing` apart, along the bars' normal
/// and the rows' direction) look for side RAPs (and for a composite's CC-A, whose 3 columns have
/// no left one, centre RAPs) followed by a codeword, and a sighting counts only
/// when a line within a few rows sees one of the same size at the same place along the rows with
/// the next RAP of the cycle, as a RAP column's neighbouring rows show. Any texture of square
/// modules (a QR code) shows RAP-like runs and, on the next line, the same ones again; the next
/// RAP of 52 rarely. Each such pair gives the box a row from that RAP could cover. A box is
/// read only when one of its pairs also shows the codewords' clusters following the rows: the
/// cluster goes on by one from row to row as the RAPs do, so the codewords beside the two RAPs
/// stand to them alike. Not each to its own RAP: a probe line a degree or two off the rows can
/// leave its row between the RAP and the codeword, and lines at the same angle leave it alike.
enum MicroPDF417Candidates {
    /// Pixels between probe lines: a row is two modules high, 3 pixels at the smallest module
    /// read, so each row of a symbol is crossed by about one line.
    static let probeSpacing: Float = 3
    /// One round of the blur correction on the probe's lines, not three:
    /// the two spared were a third of the probe's CPU, and finding where a
    /// RAP column shows needs less than reading a row. The same reads on the
    /// corpus, corpus-more and 1632 degraded 2D renders; of 1120 composite
    /// renders, whose CC-A search probes so too, one more (two gained, one
    /// lost, at 1.5 px/module and noise σ 55). With none at all a MicroPDF417
    /// at the heaviest blur was lost. The dense lines keep three.
    static let probeBlurRounds = 1
    /// Rows apart (two modules each) that still make a pair, and the pairs tried per sighting.
    static let pairRows: Float = 3
    static let pairsTried = 64
    /// Sightings kept per peak: bounds the pairing's work on bar-like texture.
    static let maximumSightings = 4000
    /// Boxes returned per peak, the best supported first.
    static let maximumRegions = 6
    /// Pairs a box needs: a symbol's RAP column shows one on most probe lines, texture now and then.
    static let minimumSupport = 2
    /// Modules a row reaches from its left RAP (4 columns, centre RAP, stop bar: 99) and beyond
    /// it on every side, for the dense lines' margins and a symbol's rows above and below a pair.
    static let reach: Float = 100, margin: Float = 12
    /// Modules a row may start before its centre RAP (4 columns: left RAP and two codewords).
    static let beforeCentre: Float = 44

    /// A side or centre RAP seen on a probe line, placed in the image.
    private struct Sighting {
        var line: Int
        var reversed: Bool
        var fragment: MicroPDF417RowScan.Fragment
        var x: Float, y: Float
    }

    /// A candidate box, how many paired sightings it holds, whether one pair's codewords
    /// follow its RAPs alike (`clustersAgree`), and the smallest module its RAPs showed, in pixels.
    struct Region: Sendable {
        var box: PixelRect
        var support: Int
        var clustersAgree: Bool
        var module: Float
    }

    /// The candidate boxes within `box` for lines at `directions`, and the samples the probe took.
    /// `ccA`: centre RAP columns count too (CC-A's 3 columns have no left one).
    static func regions(_ sampler: LineSampler, box: PixelRect, directions: [Double], ccA: Bool) -> (regions: [Region], samples: Int) {
        var regions: [Region] = [], samples = 0
        for degrees in directions {
            var sightings: [Sighting] = [], fragments: [MicroPDF417RowScan.Fragment] = []
            let lines = MicroPDF417ScanLines(sampler: sampler, box: box, degrees: degrees, spacing: probeSpacing, blurRounds: probeBlurRounds)
            samples += lines.cast { runs, line, point in
                let total = runs.edges.last ?? 0
                for reversed in [false, true] {
                    fragments.removeAll(keepingCapacity: true)
                    MicroPDF417RowScan.fragments(reversed ? runs.reversed() : runs, ccA: ccA, into: &fragments)
                    for fragment in fragments {
                        let p = point(reversed ? total - fragment.start : fragment.start)
                        sightings.append(Sighting(line: line, reversed: reversed, fragment: fragment, x: p.x, y: p.y))
                    }
                }
                return sightings.count < maximumSightings
            }
            let radians = degrees * .pi / 180
            let (ux, uy) = (Float(cos(radians)), Float(sin(radians)))
            for (i, a) in sightings.enumerated() {
                // Sightings come in line order: look back at the lines a few rows before.
                let lines = Int(pairRows * 2 * a.fragment.module / probeSpacing) + 1
                var j = i - 1
                while j >= 0, j >= i - pairsTried, sightings[j].line >= a.line - lines {
                    defer { j -= 1 }
                    let b = sightings[j]
                    let (dx, dy) = a.reversed ? (-ux, -uy) : (ux, uy)
                    guard b.line < a.line, b.reversed == a.reversed, paired(a, b, dx, dy) else { continue }
                    add(extent(sampler, a, dx, dy), clustersAgree: clustersAgree(a, b), module: min(a.fragment.module, b.fragment.module), to: &regions)
                    break
                }
            }
        }
        let supported = regions.filter { $0.support >= minimumSupport && $0.clustersAgree }.sorted { $0.support > $1.support }
        return (Array(supported.prefix(maximumRegions)), samples)
    }

    /// Two sightings of one RAP column read along (ux, uy): of one kind, modules within a quarter, their
    /// starts within 2 modules along the rows and a few rows apart across them, and neighbouring
    /// RAPs of the 52-pattern cycle.
    private static func paired(_ a: Sighting, _ b: Sighting, _ ux: Float, _ uy: Float) -> Bool {
        let (ma, mb) = (a.fragment.module, b.fragment.module)
        guard a.fragment.kind == b.fragment.kind, ma < 1.33 * mb, mb < 1.33 * ma else { return false }
        let (ex, ey) = (a.x - b.x, a.y - b.y)
        guard abs(ex * ux + ey * uy) <= 2 * ma, abs(-ex * uy + ey * ux) <= pairRows * 2 * ma + probeSpacing else { return false }
        let step = (a.fragment.position - b.fragment.position + 52) % 52
        return step == 1 || step == 51
    }

    /// Whether the codewords after two RAPs of neighbouring rows stand to them alike: (cluster −
    /// position) mod 3 is the same in every row of a symbol, for side and centre RAPs, as the
    /// cycles and the clusters go on by one a row (`MicroPDF417Size.rowAddress`), but where a
    /// cycle of 52 wraps; a line that left its row read the next row's codeword, and a line
    /// beside it at the same angle does the same. Bar-like texture agrees one time in three.
    private static func clustersAgree(_ a: Sighting, _ b: Sighting) -> Bool {
        (a.fragment.cluster - a.fragment.position % 3 + 3) % 3 == (b.fragment.cluster - b.fragment.position % 3 + 3) % 3
    }

    /// The box a symbol whose left (or centre) RAP column holds `a` may cover: from the RAP (or
    /// where its row may start) back a margin and on along its row, widened by the margin across;
    /// clamped to the image.
    private static func extent(_ sampler: LineSampler, _ a: Sighting, _ ux: Float, _ uy: Float) -> PixelRect? {
        let m = a.fragment.module
        let back = a.fragment.kind == .centre ? beforeCentre * m : 0
        let (sx, sy) = (a.x - ux * back, a.y - uy * back)
        let (ex, ey) = (sx + ux * reach * m, sy + uy * reach * m)
        let pad = margin * m
        return MicroPDF417ScanLines.box(
            sampler, x0: Int(min(sx, ex) - pad), y0: Int(min(sy, ey) - pad),
            x1: Int((max(sx, ex) + pad).rounded(.up)), y1: Int((max(sy, ey) + pad).rounded(.up)))
    }

    /// Adds `box` to the region it overlaps (their union, merging on), or as a region of its own.
    private static func add(_ box: PixelRect?, clustersAgree: Bool, module: Float, to regions: inout [Region]) {
        guard var merged = box.map({ Region(box: $0, support: 1, clustersAgree: clustersAgree, module: module) }) else { return }
        while let k = regions.firstIndex(where: { overlap($0.box, merged.box) }) {
            let other = regions.remove(at: k)
            merged = Region(
                box: union(other.box, merged.box), support: other.support + merged.support,
                clustersAgree: other.clustersAgree || merged.clustersAgree, module: min(other.module, merged.module))
        }
        regions.append(merged)
    }

    private static func overlap(_ a: PixelRect, _ b: PixelRect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    private static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return PixelRect(x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x, height: max(a.y + a.height, b.y + b.height) - y)
    }
}
