extension Frame {
    /// The corners (clockwise from the top-left) of the box around every
    /// pixel darker than the midpoint of the frame's darkest and lightest
    /// levels; nil for a frame without contrast. Where a reader locates a
    /// pure symbol the same way (zxing 1.4's MaxiCode), this is its outline.
    func darkBoundingBox() -> [Point]? {
        withUnsafeBytes { bytes -> [Point]? in
            var (low, high) = (UInt8.max, UInt8.min)
            for y in 0..<height {
                for x in 0..<width {
                    let level = bytes[y * stride + x]
                    low = Swift.min(low, level)
                    high = Swift.max(high, level)
                }
            }
            guard high - low >= 32 else { return nil }
            let threshold = low + (high - low) / 2
            var (minX, minY, maxX, maxY) = (width, height, -1, -1)
            for y in 0..<height {
                for x in 0..<width where bytes[y * stride + x] < threshold {
                    minX = Swift.min(minX, x)
                    maxX = Swift.max(maxX, x)
                    minY = Swift.min(minY, y)
                    maxY = Swift.max(maxY, y)
                }
            }
            guard maxX >= minX else { return nil }
            let (left, top, right, bottom) = (Double(minX), Double(minY), Double(maxX + 1), Double(maxY + 1))
            return [Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom)]
        }
    }
}
