// DataBar Omnidirectional and Truncated (ISO/IEC 24724 §5): on a line, each
// half is a finder with an outer character (16 modules) before it and an
// inner character (15 modules) after it, both read from the outside in; the
// right half is the left half mirrored, so it is read on the reversed line.

enum DataBarOmni {
    /// The nine finder patterns, outside-in.
    static let finders = DataBarFinderSet(patterns: [
        [3, 8, 2, 1, 1], [3, 5, 5, 1, 1], [3, 3, 7, 1, 1], [3, 1, 9, 1, 1], [2, 7, 4, 1, 1],
        [2, 5, 6, 1, 1], [2, 3, 8, 1, 1], [1, 5, 7, 1, 1], [1, 3, 9, 1, 1],
    ])

    /// Checksum weights: 3^k mod 79, k counting the elements of the left outer, left inner,
    /// right outer and right inner characters in reading order.
    static let weights: [Int] = {
        var w = [Int](), p = 1
        for _ in 0..<32 { w.append(p); p = p * 3 % 79 }
        return w
    }()

    /// Every half found on the line, `line` being the caller's position of the line.
    static func pairs(on line: DataBarLine, at position: Float) -> [DataBarPairRead] {
        var found: [DataBarPairRead] = []
        for backward in [false, true] {
            let runs = line.runs(backward: backward)
            runs.withUnsafeBufferPointer { r in
                guard r.count >= 22 else { return }
                for f in 9...(r.count - 13) {
                    if let pair = half(r, finderAt: f, line: line, backward: backward, position: position) { found.append(pair) }
                }
            }
        }
        return found
    }

    private static func half(_ r: UnsafeBufferPointer<Float>, finderAt f: Int, line: DataBarLine,
                             backward: Bool, position: Float) -> DataBarPairRead? {
        guard let hit = finders.hit(r, at: f, mirrored: false, backward: backward) else { return nil }
        let m = hit.moduleSize
        guard DataBarFinderSet.plausible(DataBarFinderSet.span(r, f - 8, 8), modules: 16, moduleSize: m),
              DataBarFinderSet.plausible(DataBarFinderSet.span(r, f + 5, 8), modules: 15, moduleSize: m),
              r[f - 9] < 2.5 * m, r[f - 9] > 0.3 * m // the guard bar
        else { return nil }
        guard let outer = DataBarCharacterSet.omniOuter.read(r, from: f - 8, step: 1, firstIsDark: (f - 8) % 2 == 1, darkBias: hit.darkBias),
              let inner = DataBarCharacterSet.omniInner.read(r, from: f + 12, step: -1, firstIsDark: (f + 12) % 2 == 1, darkBias: hit.darkBias)
        else { return nil }
        let side: DataBarPairRead.Side = f % 2 == 0 ? .left : .right
        let base = side == .left ? 0 : 16
        var sum = 0
        for i in 0..<8 { sum += outer.widths[i] * weights[base + i] + inner.widths[i] * weights[base + 8 + i] }
        let first = line.sourceIndex(f - 9, backward: backward), last = line.sourceIndex(f + 12, backward: backward)
        return DataBarPairRead(side: side, finder: hit.pattern, outer: outer.value, inner: inner.value,
                               checksumPart: sum % 79, line: position,
                               outerEdge: line.position(before: f - 8, backward: backward),
                               innerEdge: line.position(before: f + 13, backward: backward),
                               moduleSize: m, firstRun: min(first, last), endRun: max(first, last) + 1,
                               margin: min(outer.margin, inner.margin) / 16)
    }

    static let linkage = 10_000_000_000_000

    /// The symbol two halves make, if the checksum holds: "01" + GTIN-14, and its linkage flag.
    static func payload(left: DataBarPairRead, right: DataBarPairRead) -> (bytes: [UInt8], linked: Bool)? {
        guard left.side == .left, right.side == .right else { return nil }
        var check = (left.checksumPart + right.checksumPart) % 79
        // The finder pairs (0, 8) and (8, 0) are not used: checksums skip them.
        if check >= 8 { check += 1 }
        if check >= 72 { check += 1 }
        guard check == left.finder * 9 + right.finder else { return nil }
        let value = left.value * 4_537_077 + right.value
        // 10^13 and up: the linkage flag, a GS1 Composite's 2D component above (`CompositeSearch`).
        guard value < 2 * linkage else { return nil }
        return (gtinPayload(value % linkage), value >= linkage)
    }

    /// "01" + the 13 digits of `value` + their GTIN check digit.
    static func gtinPayload(_ value: Int) -> [UInt8] {
        var digits = [UInt8](repeating: 0, count: 13)
        var v = value
        for i in stride(from: 12, through: 0, by: -1) { digits[i] = UInt8(v % 10); v /= 10 }
        var sum = 0
        for (i, d) in digits.enumerated() { sum += Int(d) * (i % 2 == 0 ? 3 : 1) }
        let check = UInt8((10 - sum % 10) % 10)
        return Array("01".utf8) + (digits + [check]).map { $0 + 48 }
    }

    /// Halves of one symbol side by side on one line: they meet at the centre.
    static func adjacent(_ left: DataBarPairRead, _ right: DataBarPairRead) -> Bool {
        let module = (left.moduleSize + right.moduleSize) / 2
        let outwardLeft = left.outerEdge - left.innerEdge, outwardRight = right.outerEdge - right.innerEdge
        return abs(left.innerEdge - right.innerEdge) <= 2 * module && outwardLeft * outwardRight < 0
    }

    /// Omni and Truncated symbols read whole on one line.
    static func decode(_ runs: ScanRuns) -> [LinearRead] {
        reads(pairs(on: DataBarLine(runs), at: 0))
    }

    /// The symbols whose two halves one line's `halves` hold.
    static func reads(_ halves: [DataBarPairRead]) -> [LinearRead] {
        var reads: [LinearRead] = []
        for l in halves where l.side == .left {
            for r in halves where r.side == .right && adjacent(l, r) {
                guard let (bytes, linked) = payload(left: l, right: r) else { continue }
                reads.append(LinearRead(symbology: .databar, bytes: bytes, isGS1: true, linked: linked,
                                        firstRun: min(l.firstRun, r.firstRun), endRun: max(l.endRun, r.endRun),
                                        margin: min(l.margin, r.margin)))
            }
        }
        return reads
    }
}
