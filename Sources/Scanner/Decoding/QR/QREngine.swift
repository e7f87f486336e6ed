/// Our own reader of the QR family: QR Model 2, Micro QR and rMQR found in
/// the frame's luma (`QRDetector`), each candidate grid decoded with
/// Reed–Solomon (`QRSymbolDecoder`). Every symbol in the frame is returned.
/// An RS-checked symbol needs no second witness: one read is its evidence.
struct QREngine: BarcodeEngine {
    let name = EngineName.qr
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [.qr, .microQR, .rmqr]

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        guard !symbologies.isDisjoint(with: supported) else { return [] }
        let candidates = frame.withUnsafeBytes { raw in
            QRDetector.detect(raw.assumingMemoryBound(to: UInt8.self), width: frame.width, height: frame.height, stride: frame.stride)
        }
        var found: [Detection] = []
        var decodedGroups = Set<Int>()
        // Candidates of one group are readings of one symbol, best first.
        for candidate in candidates where !decodedGroups.contains(candidate.group) {
            guard let decoded = QRSymbolDecoder.decode(candidate.matrix) else { continue }
            let symbology = Self.symbology(of: decoded.symbolType)
            guard symbologies.contains(symbology) else { continue }
            decodedGroups.insert(candidate.group)
            // Without an ECI, byte mode's character set is a guess: the one
            // the other engines' payloads get (UTF-8, else Shift-JIS or Big5
            // where that reads as text, else Latin-1).
            let text = decoded.ecis.isEmpty ? TextDecoding.text(for: symbology, bytes: decoded.bytes) : decoded.text
            var detection = Detection(
                symbology: symbology, bytes: decoded.bytes, text: text,
                corners: candidate.corners.map { Point(x: $0.x, y: $0.y) }, engine: .native)
            detection.isGS1 = decoded.isGS1
            detection.matrix = MatrixSymbolInfo(
                version: decoded.versionName, errorCorrectionLevel: decoded.ecLevel?.rawValue, mask: decoded.mask,
                mirrored: decoded.mirrored, correctedCodewords: decoded.correctedCodewords)
            detection.structuredAppend = decoded.structuredAppend.map {
                StructuredAppend(count: $0.count, parity: $0.parity, parts: [StructuredAppend.Part(index: $0.index, corners: detection.corners)])
            }
            found.append(detection)
        }
        return found
    }

    static func symbology(of type: QRSymbolType) -> Symbology {
        switch type {
        case .qr: .qr
        case .microQR: .microQR
        case .rmqr: .rmqr
        }
    }
}
