/// Our own MicroPDF417 reader: rows read whole on scan lines across the bars at any rotation,
/// placed by their Row Address Patterns, voted, corrected with Reed–Solomon over GF(929)
/// (`MicroPDF417Reader`). Every symbol in the frame is returned.
struct MicroPDF417Engine: BarcodeEngine {
    let name = EngineName.microPDF417
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [.microPDF417]

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        guard symbologies.contains(.microPDF417) else { return [] }
        let reads = frame.withUnsafeBytes { raw in
            MicroPDF417Reader.read(raw.assumingMemoryBound(to: UInt8.self), width: frame.width, height: frame.height, stride: frame.stride)
        }
        return reads.map { read in
            var detection = Detection(
                symbology: .microPDF417, bytes: read.bytes, text: read.text, corners: read.corners.map { Point(x: $0.x, y: $0.y) },
                engine: .native)
            detection.matrix = MatrixSymbolInfo(
                version: "\(read.size.rows)x\(read.size.columns)", errorCorrectionLevel: "\(read.size.ecCount)", mask: nil,
                mirrored: false, correctedCodewords: read.correctedCodewords)
            return detection
        }
    }
}
