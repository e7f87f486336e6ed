/// The walk every one-way linear decoder makes along a line's runs: a symbol
/// may start at any bar (odd run index), so each is tried in turn while the
/// smallest symbol still fits; after a read the walk goes on past its end,
/// which finds several symbols on one line (a main symbol and its add-on,
/// labels side by side).
enum SymbolScan {
    /// The reads of `symbol(runs, start)` at every start, from the first
    /// bar, with at least `minimumRuns` runs from there to the line's end.
    static func reads(
        _ widths: [Float], minimumRuns: Int, _ symbol: (UnsafeBufferPointer<Float>, Int) -> LinearRead?
    ) -> [LinearRead] {
        widths.withUnsafeBufferPointer { buffer in
            var reads: [LinearRead] = []
            var start = 1
            while start + minimumRuns <= buffer.count {
                if let read = symbol(buffer, start) {
                    reads.append(read)
                    start = read.endRun + 1
                } else {
                    start += 2
                }
            }
            return reads
        }
    }
}
