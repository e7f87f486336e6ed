/// Our own Data Matrix ECC200 reader: square, rectangular and DMRE symbols
/// found by their L finder and timing edges, decoded with Reed–Solomon
/// (`DataMatrixReader`). Every symbol in the frame is returned.
struct DataMatrixEngine: BarcodeEngine {
    let name = EngineName.dataMatrix
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [.dataMatrix]

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        guard symbologies.contains(.dataMatrix) else { return [] }
        let reads = frame.withUnsafeBytes { raw in
            DataMatrixReader.read(raw.assumingMemoryBound(to: UInt8.self), width: frame.width, height: frame.height, stride: frame.stride)
        }
        return reads.map { read in
            var detection = Detection(
                symbology: .dataMatrix, bytes: read.bytes, text: read.text, corners: read.corners.map { Point(x: $0.x, y: $0.y) },
                engine: .native)
            detection.isGS1 = read.isGS1
            detection.matrix = MatrixSymbolInfo(
                version: "\(read.rows)x\(read.columns)", errorCorrectionLevel: nil, mask: nil, mirrored: read.isMirrored,
                correctedCodewords: read.correctedCodewords)
            return detection
        }
    }
}
