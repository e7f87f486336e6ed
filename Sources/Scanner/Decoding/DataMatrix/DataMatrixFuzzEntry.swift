/// Our Data Matrix reader's fuzzing entry point (Fuzz/DataMatrix),
/// `package` so the harness reaches the module's internals without
/// `@testable`.
///
/// The first byte chooses what the rest is (`MatrixFuzzInput.run`): a
/// module grid through `DataMatrixSymbolDecoder.decode`, the second byte
/// choosing its size among the square, rectangular and DMRE ones (or, past
/// them, any shape up to 144x144); a small frame; or the grid drawn as a
/// frame, both through `DataMatrixEngine().decode`.
package enum DataMatrixFuzzEntry {
    package static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        MatrixFuzzInput.run(bytes, shape: shape, decodeMatrix: { _ = DataMatrixSymbolDecoder.decode($0) }) { frame in
            _ = DataMatrixEngine().decode(frame, symbologies: [.dataMatrix], options: EngineOptions())
        }
    }

    static func shape(_ value: Int) -> (width: Int, height: Int) {
        let sizes = DataMatrixSymbolSize.all
        if value < sizes.count { return (sizes[value].columns, sizes[value].rows) }
        return (8 + value % 137, 8 + (value * 7) % 137)
    }
}
