/// Our MaxiCode reader's fuzzing entry point (Fuzz/MaxiCode), `package` so the harness reaches
/// the module's internals without `@testable`.
///
/// The first byte chooses what the rest is (`MatrixFuzzInput.run`): the 30×33 module grid through
/// `MaxiCodeMatrixDecoder.decode` (the second byte is ignored: there is one size), a small
/// frame, or the grid drawn as a frame (square modules), both through `MaxiCodeEngine().decode`.
package enum MaxiCodeFuzzEntry {
    package static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        MatrixFuzzInput.run(bytes, shape: shape, decodeMatrix: { _ = MaxiCodeMatrixDecoder.decode($0) }) { frame in
            _ = MaxiCodeEngine().decode(frame, symbologies: [.maxicode], options: EngineOptions())
        }
    }

    static func shape(_ value: Int) -> (width: Int, height: Int) { (MaxiCodeGrid.columns, MaxiCodeGrid.rows) }
}
