/// Which modules of a symbol are function modules (finders, separators, timing, alignment,
/// format / version information), so data placement skips them. Row-major, true = function.
enum QRFunctionPatterns {
    static func map(for version: QRVersion) -> [Bool] {
        var map = Marker(width: version.width, height: version.height)
        switch version.type {
        case .qr: markQR(&map, version)
        case .microQR: markMicro(&map, version)
        case .rmqr: markRMQR(&map, version)
        }
        return map.bits
    }

    private struct Marker {
        let width: Int
        let height: Int
        var bits: [Bool]
        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            bits = Array(repeating: false, count: width * height)
        }
        /// Marks the rectangle [x0, x1] × [y0, y1], clipped to the symbol.
        mutating func mark(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
            let xs = max(0, x0), xe = min(width - 1, x1), ys = max(0, y0), ye = min(height - 1, y1)
            guard xs <= xe, ys <= ye else { return }
            for y in ys...ye {
                for x in xs...xe { bits[y * width + x] = true }
            }
        }
    }

    private static func markQR(_ m: inout Marker, _ v: QRVersion) {
        let s = v.width
        // Finder patterns with separators, and the format information beside them
        // (row 8 / column 8, including the dark module at (8, s-8)).
        m.mark(0, 0, 8, 8)
        m.mark(s - 8, 0, s - 1, 8)
        m.mark(0, s - 8, 8, s - 1)
        // Timing patterns.
        m.mark(6, 0, 6, s - 1)
        m.mark(0, 6, s - 1, 6)
        let c = v.alignmentCentres
        for (i, cy) in c.enumerated() {
            for (j, cx) in c.enumerated() {
                let nearFinder = (i == 0 && j == 0) || (i == 0 && j == c.count - 1) || (i == c.count - 1 && j == 0)
                if !nearFinder { m.mark(cx - 2, cy - 2, cx + 2, cy + 2) }
            }
        }
        if v.number >= 7 {
            m.mark(s - 11, 0, s - 9, 5)
            m.mark(0, s - 11, 5, s - 9)
        }
    }

    private static func markMicro(_ m: inout Marker, _ v: QRVersion) {
        // Finder, separator and format information fill the 9×9 corner; timing runs along
        // row 0 and column 0.
        m.mark(0, 0, 8, 8)
        m.mark(0, 0, v.width - 1, 0)
        m.mark(0, 0, 0, v.height - 1)
    }

    private static func markRMQR(_ m: inout Marker, _ v: QRVersion) {
        let w = v.width, h = v.height
        // Finder with separator, and the finder-side format information (3×5 + 3).
        m.mark(0, 0, 7, min(7, h - 1))
        m.mark(8, 1, 10, 5)
        m.mark(11, 1, 11, 3)
        // Timing along the top and bottom edges and the left and right edges.
        m.mark(0, 0, w - 1, 0)
        m.mark(0, h - 1, w - 1, h - 1)
        m.mark(0, 0, 0, h - 1)
        m.mark(w - 1, 0, w - 1, h - 1)
        // Corner finder patterns (top right, bottom left).
        m.mark(w - 2, 0, w - 1, 1)
        m.mark(0, h - 2, 1, h - 1)
        // Sub-finder (5×5) and the sub-finder-side format information (3×5 + 3).
        m.mark(w - 5, h - 5, w - 1, h - 1)
        m.mark(w - 8, h - 6, w - 6, h - 2)
        m.mark(w - 5, h - 6, w - 3, h - 6)
        // Vertical timing columns with 3×3 alignment patterns at both ends.
        for x in v.alignmentCentres {
            m.mark(x, 0, x, h - 1)
            m.mark(x - 1, 0, x + 1, 2)
            m.mark(x - 1, h - 3, x + 1, h - 1)
        }
    }
}
