/// Top-level QR-family decoding of a sampled bit matrix (finder pattern at the top left).
/// The symbol type follows from the matrix size; format / version information is read with
/// its BCH code, then the codewords are corrected and the bit stream decoded.
enum QRSymbolDecoder {
    /// Tries the matrix as given, then mirrored (transposed for square symbols; flipped top to
    /// bottom for rMQR, whose mirror image a detector can only present with the finder below).
    static func decode(_ matrix: BitMatrix) -> QRDecoded? {
        if let r = decodeOriented(matrix, mirrored: false) { return r }
        let mirror = matrix.width == matrix.height ? matrix.transposed() : flippedVertically(matrix)
        return decodeOriented(mirror, mirrored: true)
    }

    private static func decodeOriented(_ m: BitMatrix, mirrored: Bool) -> QRDecoded? {
        if m.width == m.height {
            let s = m.width
            if s >= 21 && s <= 177 && (s - 17) % 4 == 0 { return decodeQR(m, mirrored: mirrored) }
            if s >= 11 && s <= 17 && s % 2 == 1 { return decodeMicro(m, mirrored: mirrored) }
            return nil
        }
        return decodeRMQR(m, mirrored: mirrored)
    }

    // MARK: QR Code Model 2

    private static func decodeQR(_ m: BitMatrix, mirrored: Bool) -> QRDecoded? {
        let s = m.width
        let sizeVersion = (s - 17) / 4
        if sizeVersion >= 7 {
            var topRight = 0, bottomLeft = 0
            for k in 0..<18 {
                if m[s - 11 + k % 3, k / 3] { topRight |= 1 << k }
                if m[k / 3, s - 11 + k % 3] { bottomLeft |= 1 << k }
            }
            // An unreadable version field leaves the size as the evidence (RS checks the rest);
            // a readable one that disagrees means the matrix is not this version.
            if let v = BCH.nearest([topRight, bottomLeft], among: BCH.qrVersion, maxDistance: 3), v != sizeVersion {
                return nil
            }
        }
        guard let version = QRVersion.qr(sizeVersion),
              let format = BCH.nearest(readQRFormat(m), among: BCH.qrFormat, maxDistance: 3) else { return nil }
        let level: QRErrorCorrectionLevel = [.M, .L, .H, .Q][format >> 3]
        return finish(m, version: version, level: level, mask: format & 7, mirrored: mirrored)
    }

    /// The two copies of the 15 format bits, MSB first (18004 Figure 25).
    private static func readQRFormat(_ m: BitMatrix) -> [Int] {
        let s = m.width
        var first = 0, second = 0
        let firstPositions = [(0, 8), (1, 8), (2, 8), (3, 8), (4, 8), (5, 8), (7, 8), (8, 8),
                              (8, 7), (8, 5), (8, 4), (8, 3), (8, 2), (8, 1), (8, 0)]
        for (x, y) in firstPositions { first = first << 1 | (m[x, y] ? 1 : 0) }
        for y in stride(from: s - 1, through: s - 7, by: -1) { second = second << 1 | (m[8, y] ? 1 : 0) }
        for x in (s - 8)..<s { second = second << 1 | (m[x, 8] ? 1 : 0) }
        return [first, second]
    }

    // MARK: Micro QR

    private static func decodeMicro(_ m: BitMatrix, mirrored: Bool) -> QRDecoded? {
        var bits = 0
        for x in 1...8 { bits = bits << 1 | (m[x, 8] ? 1 : 0) }
        for y in stride(from: 7, through: 1, by: -1) { bits = bits << 1 | (m[8, y] ? 1 : 0) }
        guard let format = BCH.nearest([bits], among: BCH.microQRFormat, maxDistance: 3),
              let symbol = QRVersion.microSymbol(format >> 2),
              let version = QRVersion.micro(symbol.version), version.width == m.width else { return nil }
        return finish(m, version: version, level: symbol.level, mask: format & 3, mirrored: mirrored)
    }

    // MARK: rMQR

    private static func decodeRMQR(_ m: BitMatrix, mirrored: Bool) -> QRDecoded? {
        guard let sizeVersion = QRVersion.rmqr(width: m.width, height: m.height) else { return nil }
        let w = m.width, h = m.height
        var finderSide = 0, subFinderSide = 0
        for b in 0..<18 {
            let (lx, ly) = b < 15 ? (8 + b / 5, 1 + b % 5) : (11, 1 + b - 15)
            let (rx, ry) = b < 15 ? (w - 8 + b / 5, h - 6 + b % 5) : (w - 5 + b - 15, h - 6)
            if m[lx, ly] { finderSide |= 1 << b }
            if m[rx, ry] { subFinderSide |= 1 << b }
        }
        // Both copies vote; their masks differ, so each is compared with its own table.
        guard let format = BCH.nearest([(finderSide, BCH.rmqrFormatFinderSide),
                                        (subFinderSide, BCH.rmqrFormatSubFinderSide)], maxDistance: 3),
              format & 31 == sizeVersion.number - 1 else { return nil }
        return finish(m, version: sizeVersion, level: format >> 5 == 0 ? .M : .H, mask: 0, mirrored: mirrored)
    }

    // MARK: Shared

    private static func finish(_ m: BitMatrix, version: QRVersion, level: QRErrorCorrectionLevel?,
                               mask: Int, mirrored: Bool) -> QRDecoded? {
        guard let corrected = QRCodewords.correct(m, version: version, level: level, mask: mask),
              let content = QRDataDecoder.decode(corrected.data, bitCount: corrected.bitCount, version: version)
        else { return nil }
        return QRDecoded(bytes: content.bytes, text: content.text, symbolType: version.type,
                         version: version.number, versionName: version.name, ecLevel: level, mask: mask,
                         mirrored: mirrored, correctedCodewords: corrected.corrected, isGS1: content.isGS1,
                         applicationIndicator: content.applicationIndicator,
                         structuredAppend: content.structuredAppend, ecis: content.ecis,
                         byteEncodingGuess: content.byteEncodingGuess)
    }

    private static func flippedVertically(_ m: BitMatrix) -> BitMatrix {
        var out = m
        for y in 0..<m.height { for x in 0..<m.width { out[x, y] = m[x, m.height - 1 - y] } }
        return out
    }
}
