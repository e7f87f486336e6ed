/// Our Aztec reader's fuzzing entry point (Fuzz/Aztec), `package` so the
/// harness reaches the module's internals without `@testable`.
///
/// The first byte chooses what the rest is (`MatrixFuzzInput.run`): a
/// module grid through `AztecMatrixDecoder.decode`, whose side the second
/// byte gives (0-3: compact with 1-4 layers, 4-35: full range with 1-32
/// layers, above: a rune or any odd side 11-151); a small frame; or the
/// grid drawn as a frame, both through `AztecEngine().decode`.
package enum AztecFuzzEntry {
    package static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        MatrixFuzzInput.run(bytes, shape: shape, decodeMatrix: { _ = AztecMatrixDecoder.decode($0) }) { frame in
            _ = AztecEngine().decode(frame, symbologies: [.aztec], options: EngineOptions())
        }
    }

    static func shape(_ value: Int) -> (width: Int, height: Int) {
        let side = switch value {
        case 0..<4: AztecGrid.size(layers: value + 1, compact: true)
        case 4..<36: AztecGrid.size(layers: value - 3, compact: false)
        default: 11 + 2 * ((value - 36) % 71)
        }
        return (side, side)
    }
}
