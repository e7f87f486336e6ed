import Scanner

/// Frames laid out on one white frame, row by row, `columns` to a row,
/// each in a cell as large as the largest: several symbols in one image.
public enum FrameMosaic {
    public static func grid(_ frames: [Frame], columns: Int) -> Frame {
        let columns = max(1, min(columns, frames.count))
        let rows = (frames.count + columns - 1) / columns
        let cellWidth = frames.map(\.width).max() ?? 0, cellHeight = frames.map(\.height).max() ?? 0
        let width = cellWidth * columns, height = cellHeight * rows
        var pixels = [UInt8](repeating: 255, count: width * height)
        for (index, frame) in frames.enumerated() {
            let (left, top) = (index % columns * cellWidth, index / columns * cellHeight)
            let source = frame.packedPixels
            for y in 0..<frame.height {
                for x in 0..<frame.width { pixels[(top + y) * width + left + x] = source[y * frame.width + x] }
            }
        }
        return Frame(width: width, height: height, pixels: pixels)
    }
}
