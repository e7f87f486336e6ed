/// The QR family's fuzzing entry point (Fuzz/QR), `package` so the harness
/// reaches the module's internals without `@testable`.
///
/// The first byte chooses what the rest is, by its low two bits:
/// - 0 or 3: a module grid through `QRSymbolDecoder.decode`. The second byte
///   gives its shape (0-31: an rMQR size, 32-35: Micro QR M1-M4, 36-75: QR
///   versions 1-40, above: any square side 11-177); the rest are its modules,
///   row by row, one bit each from the high bit down, light once they run out.
/// - 1: a small frame, width from the second byte (1-256), pixels from the
///   rest, through `QREngine().decode`.
/// - 2: the grid as above drawn as a frame, (bits 2-3) + 1 pixels a module
///   with a 4-module quiet zone, light on dark when bit 4 is set, through
///   `QREngine().decode`, so the detector meets real finder patterns.
package enum QRFuzzEntry {
    /// Bounds the work of one input: longer inputs are cut.
    static let maximumBytes = 1 << 16

    package static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let mode = bytes.first else { return }
        let rest = UnsafeBufferPointer(rebasing: bytes.dropFirst().prefix(maximumBytes))
        switch mode & 3 {
        case 1:
            frame(rest)
        case 2:
            guard let matrix = matrix(rest) else { return }
            drawn(matrix, moduleSize: Int(mode >> 2 & 3) + 1, inverted: mode & 0x10 != 0)
        default:
            guard let matrix = matrix(rest) else { return }
            _ = QRSymbolDecoder.decode(matrix)
        }
    }

    private static func matrix(_ bytes: UnsafeBufferPointer<UInt8>) -> BitMatrix? {
        guard let shape = bytes.first.map(Int.init) else { return nil }
        let (width, height): (Int, Int)
        switch shape {
        case 0..<32: (height, width) = QRVersion.rmqrSizes[shape]
        case 32..<36: (width, height) = (11 + 2 * (shape - 32), 11 + 2 * (shape - 32))
        case 36..<76: (width, height) = (17 + 4 * (shape - 35), 17 + 4 * (shape - 35))
        default: (width, height) = (11 + (shape - 76) % 167, 11 + (shape - 76) % 167)
        }
        guard var matrix = BitMatrix(width: width, height: height) else { return nil }
        let bits = bytes.dropFirst()
        for i in 0..<min(width * height, bits.count * 8) where bits[bits.startIndex + i / 8] >> (7 - i % 8) & 1 == 1 {
            matrix[i % width, i / width] = true
        }
        return matrix
    }

    private static func frame(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 2 else { return }
        let width = Int(bytes[0]) + 1
        let height = (bytes.count - 1) / width
        guard height > 0 else { return }
        decode(Frame(width: width, height: height, pixels: Array(bytes[1..<(1 + width * height)])))
    }

    private static func drawn(_ matrix: BitMatrix, moduleSize: Int, inverted: Bool) {
        let quiet = 4
        let width = (matrix.width + 2 * quiet) * moduleSize, height = (matrix.height + 2 * quiet) * moduleSize
        let (dark, light): (UInt8, UInt8) = inverted ? (230, 20) : (20, 230)
        var pixels = [UInt8](repeating: light, count: width * height)
        for y in 0..<height {
            for x in 0..<width where matrix[x / moduleSize - quiet, y / moduleSize - quiet] { pixels[y * width + x] = dark }
        }
        decode(Frame(width: width, height: height, pixels: pixels))
    }

    private static func decode(_ frame: Frame) {
        _ = QREngine().decode(frame, symbologies: [.qr, .microQR, .rmqr], options: EngineOptions())
    }
}
