/// The QR family's fuzzing entry point (Fuzz/QR), `package` so the harness
/// reaches the module's internals without `@testable`.
///
/// The first byte chooses what the rest is (`MatrixFuzzInput.run`): a
/// module grid through `QRSymbolDecoder.decode`, whose shape the second
/// byte gives (0-31: an rMQR size, 32-35: Micro QR M1-M4, 36-75: QR
/// versions 1-40, above: any square side 11-177); a small frame; or the
/// grid drawn as a frame, both through `QREngine().decode`.
package enum QRFuzzEntry {
    package static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        MatrixFuzzInput.run(bytes, shape: shape, decodeMatrix: { _ = QRSymbolDecoder.decode($0) }) { frame in
            _ = QREngine().decode(frame, symbologies: [.qr, .microQR, .rmqr], options: EngineOptions())
        }
    }

    static func shape(_ value: Int) -> (width: Int, height: Int) {
        switch value {
        case 0..<32: let (height, width) = QRVersion.rmqrSizes[value]; return (width, height)
        case 32..<36: return (11 + 2 * (value - 32), 11 + 2 * (value - 32))
        case 36..<76: return (17 + 4 * (value - 35), 17 + 4 * (value - 35))
        default: return (11 + (value - 76) % 167, 11 + (value - 76) % 167)
        }
    }
}
