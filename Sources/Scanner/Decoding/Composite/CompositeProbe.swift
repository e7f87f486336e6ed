import Glibc

/// Whether a 2D component may lie in a band beside a linear read whose symbol does not say
/// (EAN/UPC and GS1-128 carry no linkage flag; a DataBar another engine read): sparse lines
/// along the component's rows, which run along the linear symbol's, look for what its rows
/// begin with. CC-A and CC-B show MicroPDF417's RAP columns (`MicroPDF417Candidates`: pairs
/// of neighbouring RAPs of the cycle a few rows apart); CC-C, PDF417's start or stop pattern
/// on several lines. The dense readers run only where this sees something, so a photo of a
/// plain EAN-13 pays for a few hundred lines, not for a search.
enum CompositeProbe {
    /// Lines that must cross a PDF417 guard: a CC-C has 3 rows or more, each 3 modules high.
    static let guardLines = 3
    /// Paired RAP sightings a box needs: a CC-A or CC-B has 3 rows or more and RAP columns on
    /// both sides, while a linear symbol's bars and digits pair now and then.
    static let minimumSupport = 3

    /// `degrees`: the component's rows' direction, from the linear read's outline.
    static func sees(_ frame: Frame, box: PixelRect, degrees: Double, ccC: Bool) -> Bool {
        frame.withUnsafeBytes { raw in
            guard let sampler = LineSampler(pixels: raw.assumingMemoryBound(to: UInt8.self), width: frame.width,
                                            height: frame.height, stride: frame.stride) else { return false }
            let regions = MicroPDF417Candidates.regions(sampler, box: box, directions: [degrees], ccA: true).regions
            if regions.contains(where: { $0.support >= minimumSupport }) { return true }
            return ccC && guards(sampler, box: box, degrees: degrees)
        }
    }

    /// PDF417 guards crossed by at least `guardLines` lines at `degrees`.
    private static func guards(_ sampler: LineSampler, box: PixelRect, degrees: Double) -> Bool {
        var lines = 0, window: [Double] = []
        let scan = MicroPDF417ScanLines(sampler: sampler, box: box, degrees: degrees, spacing: MicroPDF417Candidates.probeSpacing)
        _ = scan.cast { runs, _, _ in
            if [runs, runs.reversed()].contains(where: { hasGuard($0.widths, &window) }) { lines += 1 }
            return lines < guardLines
        }
        return lines >= guardLines
    }

    /// A start or stop pattern read forwards, bars at odd indices (runs start light), with a
    /// light run of 1.5 modules or more before it.
    private static func hasGuard(_ widths: [Float], _ window: inout [Double]) -> Bool {
        for pattern in [PDF417Guard.start, .stop] {
            let n = pattern.widths.count
            var i = 1
            while i + n <= widths.count {
                defer { i += 2 }
                window.removeAll(keepingCapacity: true)
                for k in i..<(i + n) { window.append(Double(widths[k])) }
                if let module = pattern.match(window), Double(widths[i - 1]) >= 1.5 * module { return true }
            }
        }
        return false
    }
}
