import Foundation
import Testing
@testable import Scanner

/// The matrix harnesses' seeds are real symbols: each grid seed decodes and
/// each drawn seed reads through its engine, so fuzzing starts from inputs
/// that reach the decoders' depths.
@Suite struct MatrixFuzzSeedTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func seeds(_ harness: String) throws -> [(String, [UInt8])] {
        let directory = root.appendingPathComponent("Fuzz/\(harness)/seeds")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map {
            ($0, Array(try Data(contentsOf: directory.appendingPathComponent($0))))
        }
    }

    @Test(arguments: ["QR", "Aztec", "DataMatrix", "MaxiCode", "MicroPDF417"])
    func everySeedIsASymbol(_ harness: String) throws {
        let seeds = try Self.seeds(harness)
        #expect(seeds.count >= 4)
        for (name, bytes) in seeds {
            var read = false
            bytes.withUnsafeBufferPointer { input in
                MatrixFuzzInput.run(input, shape: Self.shape(harness), decodeMatrix: { read = Self.decodes($0, harness) }) {
                    read = !Self.engineReads($0, harness).isEmpty
                }
            }
            #expect(read, "\(harness)/\(name)")
        }
    }

    static func shape(_ harness: String) -> (Int) -> (width: Int, height: Int) {
        switch harness {
        case "QR": QRFuzzEntry.shape
        case "Aztec": AztecFuzzEntry.shape
        case "MaxiCode": MaxiCodeFuzzEntry.shape
        case "MicroPDF417": MicroPDF417FuzzEntry.shape
        default: DataMatrixFuzzEntry.shape
        }
    }

    static func decodes(_ matrix: BitMatrix, _ harness: String) -> Bool {
        switch harness {
        case "QR": QRSymbolDecoder.decode(matrix) != nil
        case "Aztec": AztecMatrixDecoder.decode(matrix) != nil
        case "MaxiCode": MaxiCodeMatrixDecoder.decode(matrix) != nil
        case "MicroPDF417": MicroPDF417FuzzEntry.decodeRows(matrix) != nil
        default: DataMatrixSymbolDecoder.decode(matrix) != nil
        }
    }

    static func engineReads(_ frame: Frame, _ harness: String) -> [Detection] {
        switch harness {
        case "QR": QREngine().decode(frame, symbologies: [.qr, .microQR, .rmqr], options: EngineOptions())
        case "Aztec": AztecEngine().decode(frame, symbologies: [.aztec], options: EngineOptions())
        case "MaxiCode": MaxiCodeEngine().decode(frame, symbologies: [.maxicode], options: EngineOptions())
        case "MicroPDF417": MicroPDF417Engine().decode(frame, symbologies: [.microPDF417], options: EngineOptions())
        default: DataMatrixEngine().decode(frame, symbologies: [.dataMatrix], options: EngineOptions())
        }
    }
}
