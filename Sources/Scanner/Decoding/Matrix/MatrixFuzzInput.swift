/// What the matrix decoders' fuzzing entry points (QR, Aztec, Data Matrix)
/// make of their bytes: a module grid of a given shape, a small frame, or a
/// grid drawn as a frame so that a detector meets real finder patterns.
package enum MatrixFuzzInput {
    /// Bounds the work of one input: longer inputs are cut.
    static let maximumBytes = 1 << 16

    /// A `width`×`height` grid whose modules are `bits`, row by row, one bit
    /// each from the high bit down, light once they run out.
    static func matrix(width: Int, height: Int, bits: UnsafeBufferPointer<UInt8>.SubSequence) -> BitMatrix? {
        guard var matrix = BitMatrix(width: width, height: height) else { return nil }
        for i in 0..<min(width * height, bits.count * 8) where bits[bits.startIndex + i / 8] >> (7 - i % 8) & 1 == 1 {
            matrix[i % width, i / width] = true
        }
        return matrix
    }

    /// A frame whose width is the first byte + 1 and whose pixels are the rest.
    static func frame(_ bytes: UnsafeBufferPointer<UInt8>) -> Frame? {
        guard bytes.count >= 2 else { return nil }
        let width = Int(bytes[bytes.startIndex]) + 1
        let height = (bytes.count - 1) / width
        guard height > 0 else { return nil }
        return Frame(width: width, height: height, pixels: Array(bytes[(bytes.startIndex + 1)..<(bytes.startIndex + 1 + width * height)]))
    }

    /// `matrix` drawn `moduleSize` pixels a module with a 4-module quiet
    /// zone, light on dark when `inverted`.
    static func drawn(_ matrix: BitMatrix, moduleSize: Int, inverted: Bool) -> Frame {
        let quiet = 4
        let width = (matrix.width + 2 * quiet) * moduleSize, height = (matrix.height + 2 * quiet) * moduleSize
        let (dark, light): (UInt8, UInt8) = inverted ? (230, 20) : (20, 230)
        var pixels = [UInt8](repeating: light, count: width * height)
        for y in 0..<height {
            for x in 0..<width where matrix[x / moduleSize - quiet, y / moduleSize - quiet] { pixels[y * width + x] = dark }
        }
        return Frame(width: width, height: height, pixels: pixels)
    }

    /// The first byte's choice, as every matrix harness reads it: by its low
    /// two bits, 0 or 3 a grid of the shape the second byte gives through the
    /// symbol decoder, 1 a small frame, 2 the grid drawn (bits 2-3: pixels a
    /// module - 1; bit 4: inverted); both frames go through the engine.
    static func run(
        _ bytes: UnsafeBufferPointer<UInt8>, shape: (Int) -> (width: Int, height: Int),
        decodeMatrix: (BitMatrix) -> Void, decodeFrame: (Frame) -> Void
    ) {
        guard let mode = bytes.first else { return }
        let rest = UnsafeBufferPointer(rebasing: bytes.dropFirst().prefix(maximumBytes))
        func grid() -> BitMatrix? {
            guard let first = rest.first else { return nil }
            let (width, height) = shape(Int(first))
            return matrix(width: width, height: height, bits: rest.dropFirst())
        }
        switch mode & 3 {
        case 1:
            if let frame = frame(rest) { decodeFrame(frame) }
        case 2:
            if let grid = grid() { decodeFrame(drawn(grid, moduleSize: Int(mode >> 2 & 3) + 1, inverted: mode & 0x10 != 0)) }
        default:
            if let grid = grid() { decodeMatrix(grid) }
        }
    }
}
