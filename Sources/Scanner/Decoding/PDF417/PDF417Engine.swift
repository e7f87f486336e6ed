/// Our own PDF417 reader (`PDF417Reader`): every symbol in the frame, at any rotation, either
/// polarity, mirrored, corrected with Reed–Solomon over GF(929).
struct PDF417Engine: BarcodeEngine {
    let name = EngineName.pdf417
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [.pdf417]

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        guard symbologies.contains(.pdf417) else { return [] }
        let reads = frame.withUnsafeBytes { raw in
            PDF417Reader.read(raw.assumingMemoryBound(to: UInt8.self), width: frame.width, height: frame.height, stride: frame.stride)
        }
        return reads.map { read in
            var detection = Detection(
                symbology: .pdf417, bytes: read.message.bytes, text: read.message.text, corners: read.corners.map { Point(x: $0.x, y: $0.y) },
                engine: .native)
            detection.matrix = MatrixSymbolInfo(
                version: "\(read.rows)x\(read.columns)", errorCorrectionLevel: String(read.level), mask: nil, mirrored: read.mirrored,
                correctedCodewords: read.correctedCodewords)
            // A segment count is optional; the last segment says it is the last.
            detection.structuredAppend = read.message.macro.flatMap { macro in
                (macro.segmentCount ?? (macro.isLastSegment ? macro.segmentIndex + 1 : nil)).map {
                    StructuredAppend(count: $0, parity: 0, parts: [StructuredAppend.Part(index: macro.segmentIndex, corners: detection.corners)],
                                     fileID: macro.fileID)
                }
            }
            return detection
        }
    }
}
