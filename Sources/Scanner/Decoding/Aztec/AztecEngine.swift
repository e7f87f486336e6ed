/// Our own Aztec reader: compact and full-range symbols and runes, found by
/// their bullseye at any rotation, either polarity, mirrored, decoded with
/// Reed–Solomon (`AztecReader`). Every symbol in the frame is returned.
struct AztecEngine: BarcodeEngine {
    let name = EngineName.aztec
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [.aztec]

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        guard symbologies.contains(.aztec) else { return [] }
        let reads = frame.withUnsafeBytes { raw in
            AztecReader.read(raw.assumingMemoryBound(to: UInt8.self), width: frame.width, height: frame.height, stride: frame.stride)
        }
        return reads.map { read in
            var detection = Detection(
                symbology: .aztec, bytes: read.bytes, text: read.text, corners: read.corners.map { Point(x: $0.x, y: $0.y) },
                engine: .native)
            detection.isGS1 = read.isGS1
            detection.matrix = MatrixSymbolInfo(
                version: read.isRune ? "rune" : (read.compact ? "C" : "F") + String(read.layers), errorCorrectionLevel: nil, mask: nil,
                mirrored: read.mirrored, correctedCodewords: read.correctedCodewords)
            return detection
        }
    }
}
