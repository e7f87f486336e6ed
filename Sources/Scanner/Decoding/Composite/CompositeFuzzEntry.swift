/// Our GS1 Composite reading's fuzzing entry point (Fuzz/Composite), `package` so the harness
/// reaches the module's internals without `@testable`.
///
/// An even first byte makes the rest a 2D component's bit stream (`CompositeData`), or, when
/// its second bit is set, CC-A's data codewords (two bytes each, `CCACompaction`); an odd one
/// a small frame (its width from the second byte, a linear read's box from the next four, then
/// the pixels) searched above that read (`CompositeSearch`): probed first, or, when the first
/// byte's second bit is set, searched at once as a DataBar's set linkage flag has it.
package enum CompositeFuzzEntry {
    package static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.first else { return }
        let rest = Array(bytes.dropFirst())
        guard first & 1 == 1 else {
            if first & 2 == 2 {
                let codewords = stride(from: 0, to: rest.count - 1, by: 2).map { Int(rest[$0]) << 8 | Int(rest[$0 + 1]) }
                _ = CCACompaction.bits(codewords).map(CompositeData.decode)
            } else {
                _ = CompositeData.decode(CompositeData.bits(bytes: rest))
            }
            return
        }
        guard rest.count > 5 else { return }
        let width = 16 + Int(rest[0]) % 113
        let pixels = Array(rest.dropFirst(5))
        let height = pixels.count / width
        guard height >= 1 else { return }
        let frame = Frame(width: width, height: height, pixels: Array(pixels.prefix(width * height)))
        let (x0, y0) = (Double(rest[1]) / 2, Double(rest[2]) / 2)
        let (x1, y1) = (x0 + Double(rest[3]) / 2, y0 + Double(rest[4]) / 2)
        let text = "3312345678903"
        var linear = Detection(symbology: .ean13, bytes: Array(text.utf8), text: text,
                               corners: [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)], engine: .native)
        if first & 2 == 2 { linear.linkageFlag = true }
        _ = CompositeSearch.attached([linear], in: frame)
    }
}
