/// Our own MaxiCode reader: symbols found by their bullseye at any rotation, either polarity,
/// mirrored, their hexagonal grid sampled from the bullseye's scale and the lattice's turn, and
/// decoded with Reed–Solomon (`MaxiCodeReader`). Every symbol in the frame is returned.
struct MaxiCodeEngine: BarcodeEngine {
    let name = EngineName.maxiCode
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [.maxicode]

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        guard symbologies.contains(.maxicode) else { return [] }
        let reads = frame.withUnsafeBytes { raw in
            MaxiCodeReader.read(raw.assumingMemoryBound(to: UInt8.self), width: frame.width, height: frame.height, stride: frame.stride)
        }
        return reads.map { read in
            var detection = Detection(
                symbology: .maxicode, bytes: read.bytes, text: read.text, corners: read.corners.map { Point(x: $0.x, y: $0.y) },
                engine: .native)
            detection.matrix = MatrixSymbolInfo(
                version: "mode \(read.mode)", errorCorrectionLevel: nil, mask: nil, mirrored: read.mirrored,
                correctedCodewords: read.correctedCodewords)
            detection.structuredAppend = read.structuredAppend.map {
                StructuredAppend(count: $0.count, parity: 0, parts: [StructuredAppend.Part(index: $0.index, corners: detection.corners)])
            }
            return detection
        }
    }
}
