extension Frame {
    /// The corners (clockwise from the top-left) of the box around every
    /// pixel that stands out from the background, the median level of the
    /// frame's border, by more than half the frame's contrast; nil for a
    /// frame without contrast. Where a reader locates a pure symbol this way
    /// (zxing 1.4's MaxiCode), this is its outline, dark on light or light
    /// on dark.
    func symbolBoundingBox() -> [Point]? {
        withUnsafeBytes { bytes -> [Point]? in
            var (low, high) = (UInt8.max, UInt8.min)
            var border: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    let level = bytes[y * stride + x]
                    low = Swift.min(low, level)
                    high = Swift.max(high, level)
                    if y == 0 || y == height - 1 || x == 0 || x == width - 1 { border.append(level) }
                }
            }
            guard high - low >= 32 else { return nil }
            let background = Int(border.sorted()[border.count / 2]), margin = Int(high - low) / 2
            var (minX, minY, maxX, maxY) = (width, height, -1, -1)
            for y in 0..<height {
                for x in 0..<width where abs(Int(bytes[y * stride + x]) - background) > margin {
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
