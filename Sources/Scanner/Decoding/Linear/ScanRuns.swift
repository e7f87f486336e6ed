/// The runs one scan line crosses, in order along the line: alternating light
/// and dark, with sub-pixel widths. `widths[0]` is light (the margin before
/// the first bar), so even indices are light runs and odd indices dark runs.
/// `edges[i]` is where run `i` starts, in pixels along the line;
/// `edges.count == widths.count + 1` (the last entry is where the last run ends).
struct ScanRuns: Sendable, Hashable {
    var widths: [Float]
    var edges: [Float]

    init(widths: [Float], edges: [Float]) {
        self.widths = widths
        self.edges = edges
    }

    /// Runs from widths alone, the first edge at 0.
    init(widths: [Float]) {
        var edges: [Float] = [0]
        edges.reserveCapacity(widths.count + 1)
        for w in widths { edges.append(edges[edges.count - 1] + w) }
        self.init(widths: widths, edges: edges)
    }

    /// The same line read the other way. A trailing dark run is padded with
    /// an empty light run so that index 0 stays light.
    func reversed() -> ScanRuns {
        var w = Array(widths.reversed())
        let total = edges.last ?? 0
        var e = edges.reversed().map { total - $0 }
        if w.count % 2 == 0 { // ended on a dark run: after reversal it would start dark
            w.insert(0, at: 0)
            e.insert(0, at: 0)
        }
        return ScanRuns(widths: w, edges: e)
    }
}

extension ScanRuns {
    /// The same edges with light and dark swapped, as the line's negative
    /// shows them: a light-on-dark symbol's runs as if printed dark on
    /// light. Index 0 stays light: a line that starts with an empty light
    /// run loses it, any other gains one.
    func inverted() -> ScanRuns {
        guard widths.count > 1 || widths.first != 0 else { return self }
        if widths.first == 0 { return ScanRuns(widths: Array(widths.dropFirst()), edges: Array(edges.dropFirst())) }
        return ScanRuns(widths: [0] + widths, edges: [edges[0]] + edges)
    }

    /// The same runs with the frame's border taken as a quiet zone: a line
    /// the image's edge cuts off (a symbol rendered without margins, a photo
    /// cropped close) ends in light of `quietZone` pixels each way. Edges
    /// stay where they were, so reads are placed as before.
    func openedAtEnds(quietZone: Float = 10_000) -> ScanRuns {
        guard !widths.isEmpty, let last = edges.last else { return self }
        var opened = self
        opened.widths[0] += quietZone
        if widths.count % 2 == 0 {
            // Ends on a dark run: the light beyond it is the border.
            opened.widths.append(quietZone)
            opened.edges.append(last)
        } else {
            opened.widths[widths.count - 1] += quietZone
        }
        return opened
    }
}
