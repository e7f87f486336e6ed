/// Our own reader of the QR family: QR Model 2, Micro QR and rMQR found in
/// the frame's luma (`QRDetector`), each candidate grid decoded with
/// Reed–Solomon (`QRSymbolDecoder`). Every symbol in the frame is returned.
/// An RS-checked symbol needs no second witness: one read is its evidence.
/// Where nothing decodes, the frame is looked at again at half and quarter
/// size: the binarizer's blocks are 8 pixels, and a blurred finder of
/// modules 15 pixels and more breaks up in them (a Micro QR of 28-pixel
/// modules read only at quarter size). Each look costs a quarter of the one
/// before.
struct QREngine: BarcodeEngine {
    let name = EngineName.qr
    let kind = Detection.Engine.native
    let supported: Set<Symbology> = [.qr, .microQR, .rmqr]
    /// The coarser looks stop at this side: a symbol's finder needs some pixels.
    static let smallestCoarseSide = 100

    func decode(_ frame: Frame, symbologies: Set<Symbology>, options: EngineOptions) -> [Detection] {
        guard !symbologies.isDisjoint(with: supported) else { return [] }
        var view = frame, scale = 1.0
        for _ in 0..<3 {
            let found = decodeOnce(view, symbologies: symbologies)
            if !found.isEmpty { return scale == 1 ? found : found.map { $0.mapped { Point(x: $0.x * scale, y: $0.y * scale) } } }
            guard min(view.width, view.height) / 2 >= Self.smallestCoarseSide else { break }
            view = view.downscaledByTwo()
            scale *= 2
        }
        return []
    }

    private func decodeOnce(_ frame: Frame, symbologies: Set<Symbology>) -> [Detection] {
        let candidates = frame.matrixReads(QRDetector.detect)
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
